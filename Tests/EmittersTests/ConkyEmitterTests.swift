import EmitTestSupport
import Testing
import TimelineCore

@testable import Emitters

@Suite struct ConkyEmitterTests {
  static func expected(_ golden: GoldenCase) -> String {
    var state = golden.input
    state.polybarFont = nil
    var options = golden.options
    options.gurmukhiFont = 1
    let text = PreparedText(state, options: options, format: .conky)
    return (text.prefix ?? "") + text.runs.plainText
  }

  @Test(arguments: GoldenCase.shown)
  func golden(_ golden: GoldenCase) throws {
    let line = ConkyEmitter.render(golden.input, options: golden.options)
    Golden.check(line, bar: "conky", name: golden.name)
    #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    #expect(ConkyText.decode(line) == Self.expected(golden), "\(line)")
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
