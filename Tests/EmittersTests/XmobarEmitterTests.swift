import EmitTestSupport
import Testing
import TimelineCore

@testable import Emitters

@Suite struct XmobarEmitterTests {
  /// Reads the line as xmobar does: the emitter's own tags, `<raw=N:…/>` taken as exactly N
  /// characters; returns the text and the actions, or nil at any other markup.
  static func decode(_ line: String) -> (text: String, actions: [String])? {
    var out = ""
    var actions: [String] = []
    var rest = Substring(line)
    while !rest.isEmpty {
      if let match = rest.prefixMatch(of: /<raw=(\d+):/) {
        guard let count = Int(match.output.1) else { return nil }
        rest = rest[match.range.upperBound...]
        let scalars = rest.unicodeScalars
        guard scalars.count >= count + 2 else { return nil }
        let end = scalars.index(scalars.startIndex, offsetBy: count)
        out += String(scalars[..<end])
        rest = Substring(scalars[end...])
        guard rest.hasPrefix("/>") else { return nil }
        rest = rest.dropFirst(2)
      } else if let match = rest.prefixMatch(of: /<action=`([^`]*)` button=(\d)>/) {
        actions.append(String(match.output.1) + " @" + match.output.2)
        rest = rest[match.range.upperBound...]
      } else if let match = rest.prefixMatch(
        of: /<fc=#[0-9a-f]{6}(,#[0-9a-f]{6})?>|<\/fc>|<fn=\d+>|<\/fn>|<\/action>/)
      {
        rest = rest[match.range.upperBound...]
      } else {
        return nil
      }
    }
    return (out, actions)
  }

  static func expected(_ golden: GoldenCase) -> String {
    var state = golden.input
    state.polybarFont = nil
    let text = PreparedText(state, options: golden.options, format: .xmobar)
    return (text.prefix ?? "") + text.runs.plainText
  }

  @Test(arguments: GoldenCase.shown)
  func golden(_ golden: GoldenCase) throws {
    let line = XmobarEmitter.render(golden.input, options: golden.options)
    Golden.check(line, bar: "xmobar", name: golden.name)
    #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    let decoded = try #require(Self.decode(line), "\(line)")
    #expect(decoded.text == Self.expected(golden))
    let widget = golden.input.widget?.text ?? ""
    #expect(
      decoded.actions
        == (golden.options.click
          ? [
            "timeline open \(widget) @1", "timeline browse \(widget) prev --quiet @4",
            "timeline browse \(widget) next --quiet @5",
          ] : []))
  }

  @Test func asciiFormOnlyWithAFontIndexAndNeverPolybars() {
    let input = LineForms.input(font: 3)
    #expect(!XmobarEmitter.render(input, options: RenderOptions()).contains("<fn="))
    let line = XmobarEmitter.render(input, options: RenderOptions(gurmukhiFont: 1))
    #expect(line.hasPrefix("<fn=1><raw=") && line.hasSuffix("/></fn>"), "\(line)")
  }

  @Test func clickNeedsAValidWidgetName() {
    let hostile = "a` b`>"
    let input = RenderInput(widget: WidgetName(hostile), entry: Caches.entry("x"))
    #expect(input.widget == nil)
    #expect(XmobarEmitter.render(input, options: RenderOptions(click: true)) == "<raw=1:x/>")
  }
}
