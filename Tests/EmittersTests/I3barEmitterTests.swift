import EmitTestSupport
import Foundation
import Testing
import TimelineTestSupport

@testable import Emitters
@testable import TimelineCore

@Suite struct I3barEmitterTests {
  @Test(arguments: GoldenCase.shown)
  func goldenCaseSyntax(_ golden: GoldenCase) throws {
    let line = I3barEmitter.render(golden.input, options: golden.options)
    #expect(!line.contains("\n"))
    let object = try #require(jsonObject(line), "not JSON: \(line)")
    // Pango markup, as in waybar: only our own tags, content escaped.
    let markup = try #require(object["full_text"] as? String)
    #expect(BarMarkup.pangoText(markup) == expectedText(golden, order: .logical), "markup: \(markup)")
    #expect(BarMarkup.pangoText(try #require(object["short_text"] as? String)) != nil)
    #expect(object["markup"] as? String == "pango")
    #expect(object["name"] as? String == "timeline")
    #expect(object["instance"] as? String == golden.input.widget?.text ?? "")
    #expect(object["urgent"] as? Bool == golden.input.isUrgent)
    if let color = object["color"] as? String { #expect(TextRun.validColor(color) == color) }
  }

  @Test func colourPrecedence() {
    let level = RenderInput(widget: "w", entry: Entry(date: 0, runs: [TextRun("x")], alt: "a", level: 4))
    #expect(I3barEmitter.render(level, options: RenderOptions()).contains(##""color":"#ff0000""##))
    var stale = level
    stale.isStale = true
    #expect(I3barEmitter.render(stale, options: RenderOptions()).contains(##""color":"#9aa5b1""##))
    let none = RenderInput(widget: "w", entry: Caches.entry("x"))
    #expect(!I3barEmitter.render(none, options: RenderOptions()).contains("color"))
  }

  /// Every level's block reads on i3bar's and swaybar's default black bar: its text colour
  /// against its own ground, else black, is at least 3:1 (WCAG's figure for large text and
  /// UI parts). EAWS level 5 (#800000, 1.9:1 on black) is a badge: white on #800000.
  @Test func everyLevelReadsOnTheDefaultBlackBar() throws {
    for level in 0...5 {
      let input = RenderInput(widget: "w", entry: Entry(date: 0, runs: [TextRun("x")], alt: "a", level: level))
      let line = I3barEmitter.render(input, options: RenderOptions())
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let color = try #require(object["color"] as? String)
      let ground = object["background"] as? String ?? "#000000"
      let ratio = try #require(Contrast.ratio(color, ground))
      #expect(ratio >= 3, "level \(level): \(color) on \(ground) is \(ratio):1")
      #expect(object["background"] == nil || level == 5, "only level 5 needs a ground: \(line)")
    }
    let five = RenderInput(widget: "w", entry: Entry(date: 0, runs: [TextRun("x")], alt: "a", level: 5))
    #expect(
      I3barEmitter.render(five, options: RenderOptions()).contains(##""color":"#ffffff","background":"#800000""##))
  }

  /// The visraam word alone is coloured (a span), not the whole verse (the block colour).
  @Test func visraamWordAloneIsColoured() throws {
    let input = RenderInput(
      widget: "w",
      entry: Entry(
        date: 0, runs: [TextRun("ਸੋ ਦਰੁ "), TextRun("ਕੇਹਾ", color: "#ff6f4d"), TextRun(" a<b & c")], alt: "a"))
    let object = try #require(jsonObject(I3barEmitter.render(input, options: RenderOptions())))
    #expect(object["full_text"] as? String == ##"ਸੋ ਦਰੁ <span foreground="#ff6f4d">ਕੇਹਾ</span> a&lt;b &amp; c"##)
    #expect(object["color"] == nil)
    #expect(object["short_text"] as? String == "ਸੋ ਦਰੁ ਕੇਹਾ a&lt;b &amp; c")
    // Stale: the whole block grey, no run colours left to fight it.
    var stale = input
    stale.isStale = true
    let grey = try #require(jsonObject(I3barEmitter.render(stale, options: RenderOptions())))
    #expect(grey["full_text"] as? String == "ਸੋ ਦਰੁ ਕੇਹਾ a&lt;b &amp; c")
    #expect(grey["color"] as? String == "#9aa5b1")
  }

  @Test func statusLineIsAnArrayOfBlocks() throws {
    let states = [
      RenderInput(widget: "a", entry: Caches.entry("1")), RenderInput(widget: "b", entry: Caches.entry("2\"")),
    ]
    let line = I3barEmitter.renderLine(states, options: RenderOptions())
    let array = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [[String: Any]])
    #expect(array.map { $0["instance"] as? String } == ["a", "b"])
    #expect(I3barEmitter.header == "{\"version\":1,\"stop_signal\":0,\"click_events\":true}\n[\n")
  }

  /// A widget hidden by `hide_when_empty` has no block in the status line; with every one
  /// hidden the line is an empty array, which i3bar and swaybar draw as nothing.
  @Test func aHiddenWidgetHasNoBlockInTheStatusLine() throws {
    var hidden = RenderInput(widget: "b", entry: Caches.entry("nobody due"))
    hidden.isHidden = true
    let states = [
      RenderInput(widget: "a", entry: Caches.entry("1")), hidden, RenderInput(widget: "c", entry: Caches.entry("3")),
    ]
    let line = I3barEmitter.renderLine(states, options: RenderOptions())
    let array = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [[String: Any]])
    #expect(array.map { $0["instance"] as? String } == ["a", "c"])
    #expect(I3barEmitter.renderLine([hidden], options: RenderOptions()) == "[]")
  }
}
