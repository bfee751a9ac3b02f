/// The content of a JSON string as UTF-8 bytes, for the line reader (`FlatJSON`). The
/// grammar is the caller's to check: a backslash is followed by one of `"\/bfnrt`, or by
/// `u` and four hex digits. A `\u` surrogate that is not half of a pair becomes U+FFFD.
enum JSONText {
  /// The character of the escape at `at` (a backslash) and the index after it.
  static func escaped(_ raw: UnsafeRawBufferPointer, _ at: Int) -> (value: UInt32, next: Int) {
    guard at + 1 < raw.count else { return (0xFFFD, raw.count) }
    switch raw[at + 1] {
    case UInt8(ascii: "b"): return (0x08, at + 2)
    case UInt8(ascii: "f"): return (0x0C, at + 2)
    case UInt8(ascii: "n"): return (0x0A, at + 2)
    case UInt8(ascii: "r"): return (0x0D, at + 2)
    case UInt8(ascii: "t"): return (0x09, at + 2)
    case UInt8(ascii: "u"):
      var value = hex4(raw, at + 2)
      var next = at + 6
      if (0xD800...0xDBFF).contains(value), next + 5 < raw.count, raw[next] == UInt8(ascii: "\\"),
        raw[next + 1] == UInt8(ascii: "u")
      {
        let low = hex4(raw, next + 2)
        if (0xDC00...0xDFFF).contains(low) {
          value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
          next += 6
        }
      }
      return (Unicode.Scalar(value) == nil ? 0xFFFD : value, next)
    default: return (UInt32(raw[at + 1]), at + 2)
    }
  }

  /// Appends the unescaped content of `raw` to `out`.
  static func unescape(_ raw: UnsafeRawBufferPointer, into out: inout [UInt8]) {
    var at = 0
    var from = 0
    while at < raw.count {
      guard raw[at] == UInt8(ascii: "\\") else {
        at += 1
        continue
      }
      out.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[from..<at]))
      let (value, next) = escaped(raw, at)
      appendUTF8(Unicode.Scalar(value) ?? "\u{FFFD}", to: &out)
      at = next
      from = at
    }
    out.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[from..<raw.count]))
  }

  /// The value of four hex digits at `at` (0 for a digit that is not one, or past the end).
  static func hex4(_ raw: UnsafeRawBufferPointer, _ at: Int) -> UInt32 {
    var value: UInt32 = 0
    for index in at..<at + 4 {
      value = value << 4 | (index < raw.count ? FlatJSON.hexValue(raw[index]) ?? 0 : 0)
    }
    return value
  }

  /// Appends `scalar` as UTF-8.
  static func appendUTF8(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
    let value = scalar.value
    switch value {
    case 0..<0x80: out.append(UInt8(value))
    case 0x80..<0x800:
      out.append(UInt8(0xC0 | value >> 6))
      out.append(UInt8(0x80 | value & 0x3F))
    case 0x800..<0x10000:
      out.append(UInt8(0xE0 | value >> 12))
      out.append(UInt8(0x80 | value >> 6 & 0x3F))
      out.append(UInt8(0x80 | value & 0x3F))
    default:
      out.append(UInt8(0xF0 | value >> 18))
      out.append(UInt8(0x80 | value >> 12 & 0x3F))
      out.append(UInt8(0x80 | value >> 6 & 0x3F))
      out.append(UInt8(0x80 | value & 0x3F))
    }
  }
}
