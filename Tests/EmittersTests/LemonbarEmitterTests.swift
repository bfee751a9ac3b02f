import EmitTestSupport
import Testing
import TimelineCore

@testable import Emitters

@Suite struct LemonbarEmitterTests {
  /// Reads the line as lemonbar does: `%%` is `%`, a `%{…}` block must be one of the
  /// emitter's own; returns the text and the actions, or nil at anything else.
  static func decode(_ line: String) -> (text: String, actions: [String])? {
    var out = ""
    var actions: [String] = []
    var rest = Substring(line)
    while let first = rest.first {
      if rest.hasPrefix("%%") {
        out += "%"
        rest = rest.dropFirst(2)
      } else if first == "%" {
        guard rest.hasPrefix("%{"), let close = rest.firstIndex(of: "}") else { return nil }
        let block = rest[rest.index(rest.startIndex, offsetBy: 2)..<close]
        if let action = block.wholeMatch(of: /A(\d?):([^:]*):/) {
          actions.append(action.output.2 + " @" + (action.output.1.isEmpty ? "1" : action.output.1))
        } else if block.wholeMatch(of: /[FB](#[0-9a-f]{6}|-)|A/) == nil {
          return nil
        }
        rest = rest[rest.index(after: close)...]
      } else {
        out.append(first)
        rest = rest.dropFirst()
      }
    }
    return (out, actions)
  }

  static func expected(_ golden: GoldenCase) -> String {
    PreparedText(golden.input, options: golden.options, format: .lemonbar).runs.plainText
  }

  @Test(arguments: GoldenCase.shown)
  func golden(_ golden: GoldenCase) throws {
    let line = LemonbarEmitter.render(golden.input, options: golden.options)
    Golden.check(line, bar: "lemonbar", name: golden.name)
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

  @Test func gurmukhiIsTheTransliterationWhateverTheFontSetting() {
    let line = LemonbarEmitter.render(LineForms.input(font: 2), options: RenderOptions(gurmukhiFont: 2))
    #expect(line.hasPrefix("srī gurū"), "\(line)")
    #expect(!line.contains("%{T"))
  }
}
