/// CSS class names for the bars that take them (waybar).
enum ClassName {
  /// A class name reduced to `[a-z0-9-]`: ASCII letters are lower-cased, space, `_` and
  /// `.` become `-`, anything else is dropped, and at most `Caps.classBytes` are kept (a
  /// class of 100 000 letters styles nothing and costs every bar); nil if nothing is left.
  static func clean(_ name: String) -> String? {
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
}
