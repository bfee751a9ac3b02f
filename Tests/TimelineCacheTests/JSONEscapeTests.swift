import Testing
import TimelineCore

@testable import TimelineCache

/// The escaper skips plain bytes a word at a time; every byte it must escape is found at
/// every offset against those words, as a scalar-by-scalar escaper would write it.
@Suite struct JSONEscapeTests {
  static func reference(_ text: String, pango: Bool) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "&" where pango: out += "&amp;"
      case "<" where pango: out += "&lt;"
      case ">" where pango: out += "&gt;"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029 {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }

  static let specials: [Unicode.Scalar] = [
    "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}", "&", "<", ">", "\u{2028}", "\u{2029}", "\u{2022}",
    "\u{2027}", "·", "]", "^",
  ]

  @Test func escapesEverySpecialAtEveryOffset() {
    for pango in [false, true] {
      for padding in ["a", "ਸ"] {
        for offset in 0..<18 {
          for scalar in Self.specials {
            let text = String(repeating: padding, count: offset) + String(scalar) + "tail and more text"
            var out: [UInt8] = []
            JSONEscape.append(text, pango: pango, to: &out)
            #expect(
              String(decoding: out, as: UTF8.self) == Self.reference(text, pango: pango),
              "U+\(String(scalar.value, radix: 16)) after \(offset), pango \(pango)")
          }
        }
      }
    }
  }
}
