import Testing
import TimelineCore

@testable import Emitters

@Suite struct ConkyEmitterTests {
  /// Reads the line as conky does: `$$` is `$`, `\#` is `#`, a `${…}` must be one of the
  /// emitter's own objects; returns the text, or nil at any other object or a comment.
  static func decode(_ line: String) -> String? {
    var out = ""
    var rest = Substring(line)
    while let first = rest.first {
      if rest.hasPrefix("$$") {
        out += "$"
        rest = rest.dropFirst(2)
      } else if rest.hasPrefix("\\#") {
        out += "#"
        rest = rest.dropFirst(2)
      } else if first == "$" {
        guard let match = rest.prefixMatch(of: /\$\{(color #[0-9a-f]{6}|color|font OpenGurbaniAkhar|font)\}/) else {
          return nil
        }
        rest = rest[match.range.upperBound...]
      } else if first == "#" {
        return nil
      } else {
        out.append(first)
        rest = rest.dropFirst()
      }
    }
    return out
  }

  static func expected(_ golden: GoldenCase) -> String {
    var state = golden.input
    state.polybarFont = nil
    var options = golden.options
    options.gurmukhiFont = 1
    let text = PreparedText(state, options: options, format: .conky)
    return (text.prefix ?? "") + text.plain
  }

  @Test(arguments: GoldenCase.all)
  func golden(_ golden: GoldenCase) throws {
    let line = ConkyEmitter.render(golden.input, options: golden.options)
    Golden.check(line, bar: "conky", name: golden.name)
    #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    #expect(Self.decode(line) == Self.expected(golden), "\(line)")
  }

  @Test func gurbaniLinesAreTheASCIIFormInTheShippedFont() {
    let line = ConkyEmitter.render(LineForms.input(), options: RenderOptions())
    #expect(line.hasPrefix("${font OpenGurbaniAkhar}sRI gurU ") && line.hasSuffix("${font}"), "\(line)")
    #expect(ConkyEmitter.render(LineForms.input(), options: RenderOptions(line: .transliteration)).hasPrefix("srī"))
  }

  @Test func aColourTooDarkForTextIsDrawnReadable() {
    let entry = Entry(date: 0, runs: [TextRun("Tromsø "), TextRun("5", color: "#000000")], alt: "level-5", level: 5)
    #expect(
      ConkyEmitter.render(RenderInput(widget: "w", entry: entry), options: RenderOptions())
        == "Tromsø ${color #ffffff}5${color}")
  }
}
