import Testing

@testable import TimelineCore

/// The escaper skips plain bytes a word at a time; every byte it must escape is found at
/// every offset against those words, and written as the table below says.
@Suite struct JSONEscapeTests {
  /// Each byte of interest with how it is written, plain and inside Pango markup, and
  /// neighbours that share a lead byte and are copied as they are.
  static let cases: [(Unicode.Scalar, String, String)] = [
    ("\"", #"\""#, #"\""#), ("\\", #"\\"#, #"\\"#), ("\n", #"\n"#, #"\n"#), ("\r", #"\r"#, #"\r"#),
    ("\t", #"\t"#, #"\t"#), ("\u{0}", #"\u0000"#, #"\u0000"#), ("\u{1F}", #"\u001f"#, #"\u001f"#),
    ("\u{7F}", #"\u007f"#, #"\u007f"#), ("&", "&", "&amp;"), ("<", "<", "&lt;"), (">", ">", "&gt;"),
    ("\u{2028}", #"\u2028"#, #"\u2028"#), ("\u{2029}", #"\u2029"#, #"\u2029"#), ("\u{2022}", "\u{2022}", "\u{2022}"),
    ("\u{2027}", "\u{2027}", "\u{2027}"), ("·", "·", "·"), ("]", "]", "]"), ("^", "^", "^"),
  ]

  @Test func escapesEverySpecialAtEveryOffset() {
    for pango in [false, true] {
      for padding in ["a", "ਸ"] {
        for offset in 0..<18 {
          let before = String(repeating: padding, count: offset)
          let tail = "tail and more text"
          for (scalar, plain, inPango) in Self.cases {
            var out: [UInt8] = []
            JSONEscape.append(before + String(scalar) + tail, pango: pango, to: &out)
            #expect(
              String(decoding: out, as: UTF8.self) == before + (pango ? inPango : plain) + tail,
              "U+\(String(scalar.value, radix: 16)) after \(offset), pango \(pango)")
          }
        }
      }
    }
  }
}
