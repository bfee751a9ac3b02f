/// The one pass from a run's bytes to the output: what `CleanText.barLine` and a bar's
/// escaper do to a String, done on the bytes as they are read.
extension LargeWriter {
  /// Appends `text` (see `run`) cleaned and escaped; false at invalid UTF-8 (the String
  /// path would repair it, this one leaves it to that path).
  mutating func write(_ text: UnsafeRawBufferPointer, json: Bool) -> Bool {
    guard let base = text.baseAddress else { return true }
    let count = text.count
    let (a, b) = special
    var from = 0
    var at = 0
    while at < count {
      // A word of printable ASCII with nothing to escape is copied with its span.
      if at + 8 <= count {
        let word = ByteScan.word(base, at: at)
        if word & 0x8080_8080_8080_8080 == 0 && !ByteScan.hasByte(word, below: 0x20)
          && !ByteScan.hasByte(word, equalTo: 0x7F) && !ByteScan.hasByte(word, equalTo: UInt8(ascii: "\\"))
          && !ByteScan.hasByte(word, equalTo: a) && !ByteScan.hasByte(word, equalTo: b)
        {
          at += 8
          continue
        }
      }
      let byte = text[at]
      if byte < 0x80 {
        if byte >= 0x20 && byte != 0x7F && byte != a && byte != b && (byte != UInt8(ascii: "\\") || !json) {
          at += 1
          continue
        }
        out.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[from..<at]))
        if byte == UInt8(ascii: "\\") && json {
          at = escape(text, at)
        } else {
          scalar(UInt32(byte))
          at += 1
        }
        from = at
        continue
      }
      let length = Self.sequenceLength(text, at)
      guard length > 0 else { return false }
      let second = text[at + 1]
      // C1 controls (C2 80…9F), U+2028/2029 and the bidi controls (E2 80 A8…AE, E2 81
      // A6…A9) are what the policy acts on above ASCII; E0 A8/A9 leads a Gurmukhi letter.
      if byte == 0xC2 && second < 0xA0 || byte == 0xE2 && (second == 0x80 || second == 0x81) {
        let value = Self.decode(text, at, length)
        if CleanText.action(Unicode.Scalar(value) ?? "\u{FFFD}") != .keep {
          out.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[from..<at]))
          scalar(value)
          from = at + length
        }
      } else if byte == 0xE0 && (second == 0xA8 || second == 0xA9) {
        lineGurmukhi = true
      }
      at += length
    }
    out.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[from..<count]))
    return true
  }

  /// One character that needs more than a copy: cleaned, escaped, then written as UTF-8.
  mutating func scalar(_ value: UInt32) {
    let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
    switch CleanText.action(scalar) {
    case .drop: return
    case .space: out.append(0x20)
    case .keep:
      if (0xA00...0xA7F).contains(value) { lineGurmukhi = true }
      if value < 0x80, let escape = style.escapes.first(where: { $0.byte == UInt8(value) }) {
        out.append(contentsOf: escape.replacement)
        return
      }
      JSONText.appendUTF8(scalar, to: &out)
    }
  }

  /// Decodes the escape at `at` (checked by the reader: `\` then one of `"\/bfnrt`, or `u`
  /// and four hex digits) and writes its character; returns where the text goes on.
  mutating func escape(_ text: UnsafeRawBufferPointer, _ at: Int) -> Int {
    let (value, next) = JSONText.escaped(text, at)
    scalar(value)
    return next
  }

  /// The length of the valid UTF-8 sequence at `at` (lead byte 0x80 or more), 0 if invalid.
  static func sequenceLength(_ text: UnsafeRawBufferPointer, _ at: Int) -> Int {
    let lead = text[at]
    let count = text.count
    func continuation(_ index: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
      index < count && (low...high).contains(text[index])
    }
    switch lead {
    case 0xC2...0xDF: return continuation(at + 1) ? 2 : 0
    case 0xE0...0xEF:
      let low: UInt8 = lead == 0xE0 ? 0xA0 : 0x80
      let high: UInt8 = lead == 0xED ? 0x9F : 0xBF
      return continuation(at + 1, low, high) && continuation(at + 2) ? 3 : 0
    case 0xF0...0xF4:
      let low: UInt8 = lead == 0xF0 ? 0x90 : 0x80
      let high: UInt8 = lead == 0xF4 ? 0x8F : 0xBF
      return continuation(at + 1, low, high) && continuation(at + 2) && continuation(at + 3) ? 4 : 0
    default: return 0
    }
  }

  /// The scalar value of the valid sequence of `length` bytes at `at`.
  static func decode(_ text: UnsafeRawBufferPointer, _ at: Int, _ length: Int) -> UInt32 {
    var value = UInt32(text[at]) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
    for offset in 1..<length { value = value << 6 | UInt32(text[at + offset] & 0x3F) }
    return value
  }
}
