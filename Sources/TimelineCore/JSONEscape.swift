/// The one JSON string escaper of the package, for the cache writer and the emitters' JSON
/// formats alike. Quotes, backslashes, every C0 control, DEL, U+2028 and U+2029 (which end a
/// line for line-splitting readers, and would break the cache's line layout) are escaped;
/// with `pango`, `&` `<` `>` also become entities. Works on UTF-8 bytes: the bars' hot path.
public enum JSONEscape {
  private static let hex: StaticString = "0123456789abcdef"

  /// Appends `text` as the inside of a JSON string (no quotes), copying clean bytes in runs.
  public static func append(_ text: String, pango: Bool = false, to out: inout [UInt8]) {
    var text = text
    text.withUTF8 { bytes in
      var index = 0
      var clean = 0
      func flush(upTo end: Int) {
        if end > clean { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[clean..<end])) }
      }
      while index < bytes.count {
        if index + 8 <= bytes.count, let base = bytes.baseAddress, plain(ByteScan.word(base, at: index), pango: pango) {
          index += 8
          continue
        }
        let byte = bytes[index]
        // Most bytes need nothing: one range test before the switch.
        if byte > 0x5C && byte != 0x7F && byte != 0xE2 {
          index += 1
          continue
        }
        switch byte {
        case 0x22, 0x5C, 0..<0x20, 0x7F:
          flush(upTo: index)
          switch byte {
          case 0x22: out += [0x5C, 0x22] as [UInt8]
          case 0x5C: out += [0x5C, 0x5C] as [UInt8]
          case 0x0A: out += [0x5C, UInt8(ascii: "n")]
          case 0x0D: out += [0x5C, UInt8(ascii: "r")]
          case 0x09: out += [0x5C, UInt8(ascii: "t")]
          default: unicodeEscape(UInt32(byte), to: &out)
          }
          index += 1
          clean = index
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"):
          // (A `where` after several patterns would guard only the last one.)
          guard pango else {
            index += 1
            continue
          }
          flush(upTo: index)
          entity(byte == UInt8(ascii: "&") ? "&amp;" : byte == UInt8(ascii: "<") ? "&lt;" : "&gt;", to: &out)
          index += 1
          clean = index
        case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] & 0xFE) == 0xA8:
          flush(upTo: index)
          unicodeEscape(bytes[index + 2] == 0xA8 ? 0x2028 : 0x2029, to: &out)
          index += 3
          clean = index
        default: index += 1
        }
      }
      flush(upTo: bytes.count)
    }
  }

  /// Whether none of eight bytes needs a look: no control, quote, backslash, DEL, no E2
  /// (the lead byte of U+2028/2029) and, for Pango, no `&` `<` `>`.
  private static func plain(_ word: UInt64, pango: Bool) -> Bool {
    // One test of the tests' flags together, not a branch per test.
    var flags =
      ByteScan.flags(word, below: 0x20) | ByteScan.flags(word, equalTo: 0x22) | ByteScan.flags(word, equalTo: 0x5C)
      | ByteScan.flags(word, equalTo: 0x7F) | ByteScan.flags(word, equalTo: 0xE2)
    if pango {
      flags |=
        ByteScan.flags(word, equalTo: 0x26) | ByteScan.flags(word, equalTo: 0x3C)
        | ByteScan.flags(word, equalTo: 0x3E)
    }
    return flags == 0
  }

  /// Appends a JSON string literal, quotes included.
  public static func appendString(_ text: String, pango: Bool = false, to out: inout [UInt8]) {
    out.append(0x22)
    append(text, pango: pango, to: &out)
    out.append(0x22)
  }

  private static func entity(_ name: StaticString, to out: inout [UInt8]) {
    name.withUTF8Buffer { for byte in $0 { out.append(byte) } }
  }

  private static func unicodeEscape(_ value: UInt32, to out: inout [UInt8]) {
    out.append(0x5C)
    out.append(UInt8(ascii: "u"))
    hex.withUTF8Buffer { digits in
      for shift: UInt32 in [12, 8, 4, 0] { out.append(digits[Int((value >> shift) & 15)]) }
    }
  }
}
