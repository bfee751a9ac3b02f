/// CSS class names for the bars that take them (waybar).
enum ClassName {
  /// A class name reduced to `[a-z0-9-]`: ASCII letters are lower-cased, space, `_` and
  /// `.` become `-`, anything else is dropped, and at most `Caps.classBytes` are kept (a
  /// class of 100 000 letters styles nothing and costs every bar); nil if nothing is left.
  static func clean(_ name: String) -> String? {
    // Most names (a widget's kind, a provider's class) are clean already: returned as they
    // are, without building them again byte by byte.
    if isClean(name) { return name }
    var bytes: [UInt8] = []
    for byte in name.utf8 {
      if bytes.count == Caps.classBytes { break }
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
        bytes.append(byte)
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes.append(byte + 32)
      case UInt8(ascii: " "), UInt8(ascii: "_"), UInt8(ascii: "."): bytes.append(UInt8(ascii: "-"))
      default: continue
      }
    }
    while bytes.first == UInt8(ascii: "-") { bytes.removeFirst() }
    while bytes.last == UInt8(ascii: "-") { bytes.removeLast() }
    return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
  }

  /// Whether `clean` would return `name` unchanged: only `[a-z0-9-]`, not starting or
  /// ending with `-`, and within the cap.
  private static func isClean(_ name: String) -> Bool {
    var count = 0
    var last: UInt8 = 0
    for byte in name.utf8 {
      let kept =
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
        || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
      guard kept, count > 0 || byte != UInt8(ascii: "-") else { return false }
      count += 1
      last = byte
    }
    return count > 0 && count <= Caps.classBytes && last != UInt8(ascii: "-")
  }
}
