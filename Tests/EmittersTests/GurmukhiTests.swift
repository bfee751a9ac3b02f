import EmitTestSupport
import Testing

@testable import Emitters

@Suite struct GurmukhiTests {
  @Test(arguments: [
    ("ਸਤਿ", "ਸ\u{0A3F}ਤ"),
    ("ਵਾਹਿਗੁਰੂ", "ਵਾ\u{0A3F}ਹਗੁਰੂ"),
    ("ਪ੍ਰਿਅ", "\u{0A3F}ਪ੍ਰਅ"),
    ("ਕ੍ਰਿਪਾ", "\u{0A3F}ਕ੍ਰਪਾ"),
    ("ਅੰਮ੍ਰਿਤ", "ਅੰ\u{0A3F}ਮ੍ਰਤ"),
    ("ਮੰਨਿਐ", "ਮੰ\u{0A3F}ਨਐ"),
    ("ਖ਼ਿਆਲ", "\u{0A3F}ਖ਼ਆਲ"),  // nukta stays with its consonant
    ("ਤੁੰ", "ਤੁੰ"),
    ("\u{0A3F}x", "\u{0A3F}x"),  // a stray sihari stays
    ("plain", "plain"),
  ])
  func visualOrder(_ input: String, _ expected: String) {
    #expect(Gurmukhi.visualOrder(input) == expected)
  }

  @Test func logicalIsTheDefaultOutsidePolybar() {
    let input = RenderInput(widget: "w", entry: Caches.entry("ਸਤਿ"))
    #expect(TmuxEmitter.render(input, options: RenderOptions()) == "ਸਤਿ")
    #expect(TmuxEmitter.render(input, options: RenderOptions(gurmukhi: .visual)) == "ਸ\u{0A3F}ਤ")
    // polybar transliterates Gurmukhi by default (`UnshapedText`); an explicit order keeps it.
    #expect(PolybarEmitter.render(input, options: RenderOptions()) == "sat")
    #expect(PolybarEmitter.render(input, options: RenderOptions(gurmukhi: .visual)) == "ਸ\u{0A3F}ਤ")
    #expect(PolybarEmitter.render(input, options: RenderOptions(gurmukhi: .logical)) == "ਸਤਿ")
  }
}
