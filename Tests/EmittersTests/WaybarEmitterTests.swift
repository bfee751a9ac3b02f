import EmitTestSupport
import Foundation
import Testing
import TimelineCore
import TimelineTestSupport

@testable import Emitters

@Suite struct WaybarEmitterTests {
  @Test(arguments: GoldenCase.shown)
  func goldenCaseSyntax(_ golden: GoldenCase) throws {
    let line = WaybarEmitter.render(golden.input, options: golden.options)
    #expect(!line.contains("\n"))
    let object = try #require(jsonObject(line), "not JSON: \(line)")
    #expect(Set(object.keys) == ["text", "alt", "tooltip", "class", "percentage"])
    let markup = try #require(object["text"] as? String)
    // Waybar marks a browsed entry with a class and a tooltip line, not in the text.
    var unmarked = golden
    unmarked.input.browsing = nil
    #expect(BarMarkup.pangoText(markup) == expectedText(unmarked, order: .logical), "markup: \(markup)")
    #expect((object["class"] as? [String])?.contains("browsing") == (golden.input.browsing != nil))
    let tooltip = try #require(object["tooltip"] as? String)
    if let browsing = golden.input.browsing {
      #expect(tooltip.hasPrefix("▸ ") && BarMarkup.pangoText(String(tooltip.prefix { $0 != "\n" })) != nil)
      #expect(!browsing.isEmpty)
    }
    for line in tooltip.split(separator: "\n", omittingEmptySubsequences: false) {
      #expect(BarMarkup.pangoText(String(line)) != nil, "tooltip line: \(line)")
    }
    #expect(BarMarkup.pangoText(try #require(object["alt"] as? String)) != nil)
    let classes = try #require(object["class"] as? [String])
    for name in classes {
      #expect(!name.isEmpty && name.utf8.allSatisfy { (97...122).contains($0) || (48...57).contains($0) || $0 == 45 })
    }
    #expect(object["percentage"] is Int)
  }

  /// Level 5's black is a badge (white on black), any other colour a plain foreground; a
  /// placeholder has no colour, so the CSS `placeholder` rule is its look.
  @Test func badgeAndUncolouredPlaceholder() throws {
    let five = RenderInput(
      widget: "w",
      entry: Entry(date: 0, runs: [TextRun("Lyngen 5", color: "#000000", bold: true)], alt: "level-5", level: 5))
    let object = try #require(jsonObject(WaybarEmitter.render(five, options: RenderOptions())))
    #expect(object["text"] as? String == ##"<span foreground="#ffffff" background="#000000"><b>Lyngen 5</b></span>"##)
    let placeholder = RenderInput(
      widget: "w", entry: Entry(date: 0, runs: [TextRun("Hukamnama…", color: "#e5c07b")], alt: "placeholder"),
      isPlaceholder: true)
    #expect(
      try #require(jsonObject(WaybarEmitter.render(placeholder, options: RenderOptions())))["text"] as? String
        == "Hukamnama…")
  }

  @Test func hostileTextIsShownLiterally() throws {
    let input = RenderInput(widget: "w", entry: Caches.entry("a & b <b>x</b> </span>"))
    let object = try #require(jsonObject(WaybarEmitter.render(input, options: RenderOptions())))
    #expect(object["text"] as? String == "a &amp; b &lt;b&gt;x&lt;/b&gt; &lt;/span&gt;")
  }

  @Test func jsonEscapesLineSeparatorsAndControls() {
    var out: [UInt8] = []
    JSONEscape.append("\u{2028}\u{2029}\u{7F}\u{1}\"\\\n<&>", to: &out)
    #expect(String(decoding: out, as: UTF8.self) == #"\u2028\u2029\u007f\u0001\"\\\n<&>"#)
    out = []
    JSONEscape.append("a<b>&c \u{2028}", pango: true, to: &out)
    #expect(String(decoding: out, as: UTF8.self) == #"a&lt;b&gt;&amp;c \u2028"#)
  }

  @Test func classesAndPercentage() throws {
    let entry = Entry(
      date: 0, relevance: Relevance(90), runs: [TextRun("x")], alt: "level-3", classes: ["North_Side", "?"], level: 3)
    let input = RenderInput(widget: "w", kind: "avalanche", entry: entry, isStale: true)
    let object = try #require(jsonObject(WaybarEmitter.render(input, options: RenderOptions())))
    #expect(object["class"] as? [String] == ["avalanche", "north-side", "level-3", "stale"])
    #expect(object["percentage"] as? Int == 60)
    #expect(object["alt"] as? String == "level-3")
  }

  /// A stale entry's score counts half, so a high score alone no longer marks it urgent;
  /// level 4 or more still does, and a fresh entry with the same score is urgent.
  @Test func staleEntriesAreUrgentOnlyByLevel() throws {
    func classes(level: Int, stale: Bool) throws -> [String] {
      let entry = Entry(date: 0, relevance: Relevance(95), runs: [TextRun("x")], alt: "", level: level)
      let input = RenderInput(widget: "w", kind: "avalanche", entry: entry, isStale: stale)
      let object = try #require(jsonObject(WaybarEmitter.render(input, options: RenderOptions())))
      return try #require(object["class"] as? [String])
    }
    #expect(!(try classes(level: 2, stale: true)).contains("urgent"))
    #expect(try classes(level: 2, stale: false).contains("urgent"))
    #expect(try classes(level: 4, stale: true).contains("urgent"))
  }

  /// A megabyte of text is cut to the text cap (docs/emitters.md, "Caps") at a scalar,
  /// and the line stays valid JSON with valid Pango.
  @Test func oneMegabyteLineIsCappedAndStaysValid() throws {
    let chunk = "<b>&amp; %{A1:x:} #[fg=red] \"\\ ਸਤਿ 👨‍👩‍👧 "
    let text = String(repeating: chunk, count: 1_000_000 / chunk.utf8.count + 1)
    let input = RenderInput(widget: "w", entry: Caches.entry(text))
    let line = WaybarEmitter.render(input, options: RenderOptions())
    let object = try #require(jsonObject(line))
    let markup = try #require(object["text"] as? String)
    let visible = try #require(BarMarkup.pangoText(markup))
    #expect(visible.utf8.count <= Caps.textBytes && visible.utf8.count > Caps.textBytes - 4)
    #expect(text.utf8.starts(with: visible.utf8))
    let short = WaybarEmitter.render(input, options: RenderOptions(maxWidth: 40))
    let shortText = try #require(jsonObject(short)?["text"] as? String)
    #expect(Truncation.displayWidth(try #require(BarMarkup.pangoText(shortText))) <= 40)
  }
}
