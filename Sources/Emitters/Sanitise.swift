import TimelineCore

/// Clean-up every emitter applies to content before escaping it for its bar.
///
/// Bars are line-oriented and some treat control characters as commands, so content
/// never reaches them with C0/C1 controls, DEL or line separators. Tab, CR, LF, U+2028
/// and U+2029 become a space (so words on two lines do not run together); the rest are
/// dropped, and so are the bidirectional embeddings, overrides and isolates (U+202A–U+202E,
/// U+2066–U+2069), which could make a bar show text in an order that spoofs other text. Invalid UTF-8 never gets here: the cache reader repairs it to U+FFFD.
public enum Sanitise {
  /// `text` without control characters; line breaks and tabs become spaces.
  public static func text(_ text: String) -> String {
    if !needsWork(text) { return text }
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

  /// A byte scan so that clean text (the common case) is returned without copying.
  private static func needsWork(_ text: String) -> Bool {
    // `withUTF8` gives a small string's bytes without allocating, a native string's in place.
    var text = text
    return text.withUTF8 { needsWork(bytes: $0) }
  }

  private static func needsWork(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    let count = bytes.count
    var index = 0
    while index < count {
      // A word without a control, DEL or the lead byte of a character dropped below
      // (C2: C1 controls; E2: line separators, bidi controls) is skipped whole.
      var end = count
      if index + 8 <= count {
        let word = ByteScan.word(base, at: index)
        if !ByteScan.hasByte(word, below: 0x20) && !ByteScan.hasByte(word, equalTo: 0x7F)
          && !ByteScan.hasByte(word, equalTo: 0xC2) && !ByteScan.hasByte(word, equalTo: 0xE2)
        {
          index += 8
          continue
        }
        end = index + 8
      }
      while index < end {
        let byte = bytes[index]
        if byte < 0x20 || byte == 0x7F { return true }
        // C1 controls are C2 80…C2 9F; U+2028/2029 and the bidi embeddings and overrides
        // U+202A–U+202E are E2 80 A8…AE, the isolates U+2066–U+2069 E2 81 A6…A9.
        if byte == 0xC2, index + 1 < count, bytes[index + 1] < 0xA0 { return true }
        if byte == 0xE2, index + 2 < count {
          let second = bytes[index + 1]
          let third = bytes[index + 2]
          if second == 0x80 && (0xA8...0xAE).contains(third) { return true }
          if second == 0x81 && (0xA6...0xA9).contains(third) { return true }
        }
        index += 1
      }
    }
    return false
  }

  /// A class name reduced to `[a-z0-9-]`: ASCII letters are lower-cased, space, `_` and
  /// `.` become `-`, anything else is dropped, and at most `Caps.classBytes` are kept (a
  /// class of 100 000 letters styles nothing and costs every bar); nil if nothing is left.
  static func className(_ name: String) -> String? {
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
