import Testing
import TimelineCore

/// `CleanText` skips clean text eight bytes at a time; a character it must act on is found
/// wherever it sits against those words: at every offset, after ASCII and after Gurmukhi
/// (three-byte characters shift the word boundaries), and becomes what the rule says.
@Suite struct CleanTextTests {
  /// Each character the clean-up acts on, with what it becomes (line breaks and tabs a
  /// space, the rest nothing), and neighbours that share a lead byte and must stay.
  static let cases: [(Unicode.Scalar, String)] = [
    ("\u{0}", ""), ("\u{9}", " "), ("\u{A}", " "), ("\u{D}", " "), ("\u{1F}", ""), ("\u{7F}", ""), ("\u{80}", ""),
    ("\u{85}", ""), ("\u{9F}", ""), ("\u{2028}", " "), ("\u{2029}", " "), ("\u{202A}", ""), ("\u{202E}", ""),
    ("\u{2066}", ""), ("\u{2069}", ""),
    ("\u{A0}", "\u{A0}"), ("·", "·"), ("\u{2022}", "\u{2022}"), ("\u{2027}", "\u{2027}"), ("\u{202F}", "\u{202F}"),
    ("\u{2065}", "\u{2065}"), ("\u{206A}", "\u{206A}"), ("~", "~"),
  ]

  @Test func findsEveryControlAtEveryOffset() {
    for padding in ["a", "ਸ"] {
      for offset in 0..<18 {
        let before = String(repeating: padding, count: offset)
        for (scalar, becomes) in Self.cases {
          let tail = "tail ਗੁਰ text"
          #expect(
            CleanText.barLine(before + String(scalar) + tail) == before + becomes + tail,
            "U+\(String(scalar.value, radix: 16)) after \(offset)")
        }
      }
    }
  }

  @Test func cleanTextIsReturnedAsItIs() {
    for text in ["", "short", "ਐਸੀ ਮਤਿ ਦੀਜੈ ਮੇਰੇ ਠਾਕੁਰ", "Trollheimen 2 · Salten 3", "• Wind drifted snow, E SE S"] {
      #expect(CleanText.barLine(text) == text)
    }
  }
}
