import Testing
import TimelineCore

@testable import Emitters

/// `Sanitise` skips clean text eight bytes at a time; a character it must act on is found
/// wherever it sits against those words: at every offset, after ASCII and after Gurmukhi
/// (three-byte characters shift the word boundaries), compared with a scalar-by-scalar rule.
@Suite struct SanitiseTests {
  /// The rule the emitters document, one scalar at a time.
  static func reference(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x09, 0x0A, 0x0D, 0x2028, 0x2029: out.append(" ")
      case 0..<0x20, 0x7F, 0x80..<0xA0, 0x202A...0x202E, 0x2066...0x2069: continue
      default: out.append(scalar)
      }
    }
    return String(out)
  }

  static let acted: [Unicode.Scalar] = [
    "\u{0}", "\u{9}", "\u{A}", "\u{D}", "\u{1F}", "\u{7F}", "\u{80}", "\u{85}", "\u{9F}", "\u{2028}", "\u{2029}",
    "\u{202A}", "\u{202E}", "\u{2066}", "\u{2069}",
  ]
  /// Neighbours that share a lead byte with an acted-on character and must stay.
  static let kept: [Unicode.Scalar] = ["\u{A0}", "·", "\u{2022}", "\u{2027}", "\u{202F}", "\u{2065}", "\u{206A}", "~"]

  @Test func findsEveryControlAtEveryOffset() {
    for padding in ["a", "ਸ"] {
      for offset in 0..<18 {
        let before = String(repeating: padding, count: offset)
        for scalar in Self.acted + Self.kept {
          let text = before + String(scalar) + "tail ਗੁਰ text"
          #expect(
            Sanitise.text(text) == Self.reference(text), "U+\(String(scalar.value, radix: 16)) after \(offset)")
        }
      }
    }
  }

  @Test func cleanTextIsReturnedAsItIs() {
    for text in ["", "short", "ਐਸੀ ਮਤਿ ਦੀਜੈ ਮੇਰੇ ਠਾਕੁਰ", "Trollheimen 2 · Salten 3", "• Wind drifted snow, E SE S"] {
      #expect(Sanitise.text(text) == text)
    }
  }
}
