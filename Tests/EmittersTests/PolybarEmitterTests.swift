import EmitTestSupport
import Testing

@testable import Emitters
@testable import TimelineCore

@Suite struct PolybarEmitterTests {
  /// Replaces the tags the emitter itself writes with NUL (so two pieces of content are
  /// never joined by the check itself); whatever is left is content.
  static func stripOwnTags(_ line: String, widget: String) -> String {
    var text = line
    if text.hasPrefix("%{A1:timeline open \(widget):}") && text.hasSuffix("%{A}") {
      text = String(text.dropFirst("%{A1:timeline open \(widget):}".count).dropLast(4))
    }
    var out = ""
    var rest = Substring(text)
    while !rest.isEmpty {
      if rest.hasPrefix("%{F-}") || rest.hasPrefix("%{B-}") || rest.hasPrefix("%{T-}") {
        out.append("\u{0}")
        rest = rest.dropFirst(5)
      } else if rest.hasPrefix("%{T"), let close = rest.firstIndex(of: "}"),
        let index = Int(rest[rest.index(rest.startIndex, offsetBy: 3)..<close]), (1...99).contains(index)
      {
        out.append("\u{0}")
        rest = rest[rest.index(after: close)...]
      } else if rest.hasPrefix("%{F#") || rest.hasPrefix("%{B#"), rest.count >= 12, rest.dropFirst(10).first == "}",
        TextRun.validColor(String(rest.dropFirst(3).prefix(7))) != nil
      {
        out.append("\u{0}")
        rest = rest.dropFirst(11)
      } else {
        out.append(rest.removeFirst())
      }
    }
    return out
  }

  @Test(arguments: GoldenCase.shown)
  func goldenCaseSyntax(_ golden: GoldenCase) {
    let line = PolybarEmitter.render(golden.input, options: golden.options)
    let content = Self.stripOwnTags(line, widget: golden.input.widget?.text ?? "")
    #expect(!content.contains("%{"), "a tag survived in content: \(content)")
    #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    #expect(
      content.replacing("\u{200B}", with: "").replacing("\u{0}", with: "")
        == expectedText(golden, order: .visual, polybar: true))
  }

  @Test func neutralisesTagsAndKeepsLonePercent() {
    let input = RenderInput(widget: "w", entry: Caches.entry("%{A1:touch /tmp/x:}x%{A} 5% {"))
    #expect(
      PolybarEmitter.render(input, options: RenderOptions())
        == "%\u{200B}{A1:touch /tmp/x:}x%\u{200B}{A} 5% {")
  }

  @Test func clickEscapesAndOnlyForValidNames() {
    var input = RenderInput(widget: "my-widget", entry: Caches.entry("x"))
    #expect(PolybarEmitter.render(input, options: RenderOptions(click: true)) == "%{A1:timeline open my-widget:}x%{A}")
    // A hostile name from argv never becomes a WidgetName: the emitter gets none, so no click.
    let hostile = "a:}%{A1:rm -rf ~:}"
    input.widget = WidgetName(hostile)
    #expect(input.widget == nil)
    #expect(PolybarEmitter.render(input, options: RenderOptions(click: true)) == "x")
  }

  @Test func staleIsGrey() {
    let input = RenderInput(
      widget: "w", entry: Entry(date: 0, runs: [TextRun("a", color: "#ff0000"), TextRun("b")], alt: "x"), isStale: true)
    #expect(PolybarEmitter.render(input, options: RenderOptions()) == "%{F#9aa5b1}a%{F-}%{F#9aa5b1}b%{F-}")
  }

  /// Level 5's black would vanish on a dark bar: it is a badge, white on black.
  @Test func levelFiveIsABadge() {
    let input = RenderInput(
      widget: "w",
      entry: Entry(date: 0, runs: [TextRun("Lyngen 5", color: "#000000", bold: true)], alt: "level-5", level: 5))
    #expect(PolybarEmitter.render(input, options: RenderOptions()) == "%{B#000000}%{F#ffffff}Lyngen 5%{F-}%{B-}")
    let eaws = RenderInput(
      widget: "w", entry: Entry(date: 0, runs: [TextRun("5", color: "#800000")], alt: "level-5", level: 5))
    #expect(PolybarEmitter.render(eaws, options: RenderOptions()) == "%{B#800000}%{F#ffffff}5%{F-}%{B-}")
  }

  /// A placeholder keeps no provider colour: one grey for every placeholder.
  @Test func placeholderIsGrey() {
    let input = RenderInput(
      widget: "w", entry: Entry(date: 0, runs: [TextRun("Hukamnama…", color: "#e5c07b")], alt: "placeholder"),
      isPlaceholder: true)
    #expect(PolybarEmitter.render(input, options: RenderOptions()) == "%{F#9aa5b1}Hukamnama…%{F-}")
  }
}
