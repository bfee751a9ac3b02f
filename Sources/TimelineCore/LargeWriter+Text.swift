/// The one pass from a run's bytes to the output: what `CleanText.barLine` and a bar's
/// escaper do to a String, done on the bytes as they are read.
extension LargeWriter {
  /// Appends `text` (see `run`) cleaned and escaped; false at invalid UTF-8 (the String
  /// path would repair it, this one leaves it to that path).
  mutating func write(_ text: UnsafeRawBufferPointer, json: Bool) -> Bool {
    guard let base = text.baseAddress else { return true }
    let bytes = base.assumingMemoryBound(to: UInt8.self)
    let count = text.count
    let (a, b) = special
    var from = 0
    var at = 0
    while true {
      at = Self.skipPlain(base, at, count)
      guard at < count else { break }
      let byte = bytes[at]
      if byte == 0xE0 {
        guard let next = skipIndic(base, at, count) else { return false }
        at = next
        continue
      }
      if byte < 0x80 {
        // `skipPlain` also stops at a quote, and at a backslash that is text here.
        if byte >= 0x20 && byte != 0x7F && byte != a && byte != b && (byte != UInt8(ascii: "\\") || !json) {
          at += 1
          continue
        }
        append(bytes, from, at)
        if byte == UInt8(ascii: "\\") {
          at = escape(text, at)
        } else {
          scalar(UInt32(byte))
          at += 1
        }
        from = at
        continue
      }
      let length = clean(text, at, pending: &from)
      guard length > 0 else { return false }
      at += length
    }
    append(bytes, from, count)
    return true
  }

  /// The character at `at` (lead byte 0x80 or more) under `CleanText`'s policy, for both
  /// byte loops: its length, 0 for invalid UTF-8. Above ASCII the policy acts only on the
  /// C1 controls (C2 80…9F), U+2028/2029 and the bidi controls (E2 80 A8…AE, E2 81
  /// A6…A9): for one of those, the bytes pending since `from` go out, then what the policy
  /// makes of it, and `from` moves past it; any other character stays in the pending copy.
  @inline(__always)
  mutating func clean(_ text: UnsafeRawBufferPointer, _ at: Int, pending from: inout Int) -> Int {
    // A Latin text's dashes, bullets and quotes (U+2000…203F, E2 80 80…BF) in one test:
    // the policy acts only on U+2028…202E among them (E2 80 A8…AE).
    if at &+ 2 < text.count && text[at] == 0xE2 && text[at &+ 1] == 0x80 && text[at &+ 2] & 0xC0 == 0x80
      && text[at &+ 2] &- 0xA8 >= 7
    {
      return 3
    }
    let length = Self.sequenceLength(text, at)
    guard length > 0 else { return 0 }
    let lead = text[at]
    let second = text[at + 1]
    if lead == 0xC2 && second < 0xA0 || lead == 0xE2 && second & 0xFE == 0x80 {
      let value = Self.decode(text, at, length)
      if CleanText.action(Unicode.Scalar(value) ?? "\u{FFFD}") != .keep {
        if let base = text.baseAddress { append(base.assumingMemoryBound(to: UInt8.self), from, at) }
        scalar(value)
        from = at + length
      }
    } else if lead == 0xE0 && second & 0xFE == 0xA8 {
      lineGurmukhi = true
    }
    return length
  }

  /// One character that needs more than a copy: cleaned, escaped, then written as UTF-8.
  mutating func scalar(_ value: UInt32) {
    let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
    switch CleanText.action(scalar) {
    case .drop: return
    case .space: out.append(0x20)
    case .keep:
      if (0xA00...0xA7F).contains(value) { lineGurmukhi = true }
      if value != 0 && value == UInt32(special.0) {
        append(style.replacements.0)
        return
      }
      if value != 0 && value == UInt32(special.1) {
        append(style.replacements.1)
        return
      }
      var utf8 = UInt32(0)
      let length = Self.encode(scalar.value, into: &utf8)
      withUnsafeBytes(of: &utf8) { if let base = $0.baseAddress { out.append(base, count: length) } }
    }
  }

  /// `value` (a scalar) as UTF-8 in the low bytes of `utf8` (little-endian: first byte
  /// lowest), and how many bytes it takes.
  static func encode(_ value: UInt32, into utf8: inout UInt32) -> Int {
    switch value {
    case 0..<0x80:
      utf8 = value
      return 1
    case 0x80..<0x800:
      utf8 = (0xC0 | value >> 6) | (0x80 | value & 0x3F) << 8
      return 2
    case 0x800..<0x10000:
      utf8 = (0xE0 | value >> 12) | (0x80 | value >> 6 & 0x3F) << 8 | (0x80 | value & 0x3F) << 16
      return 3
    default:
      utf8 =
        (0xF0 | value >> 18) | (0x80 | value >> 12 & 0x3F) << 8 | (0x80 | value >> 6 & 0x3F) << 16
        | (0x80 | value & 0x3F) << 24
      return 4
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

/// The hot loop: a JSON string of a detail record, read and written in one pass.
extension LargeWriter {
  /// Writes the content of the JSON string that starts after its opening quote at `start`
  /// in `line`, as `run` writes a run's text, and notes it for the search (`note`: one call
  /// per run from the record's reader, not two). Returns the index after the closing quote and
  /// whether the string had an escape; nil for a string `FlatJSON` refuses (a raw control
  /// character, an escape JSON does not have, no closing quote) or invalid UTF-8.
  /// `noted: false` for a run's ASCII twin, drawn but not searched (the run's text is).
  public mutating func string(
    _ line: UnsafeRawBufferPointer, from start: Int, noted: Bool = true
  ) -> (end: Int, escaped: Bool)? {
    guard let base = line.baseAddress else { return nil }
    let bytes = base.assumingMemoryBound(to: UInt8.self)
    let count = line.count
    let (a, b) = special
    var from = start
    var at = start
    var escaped = false
    while true {
      guard at < count else { return nil }
      var byte = bytes[at]
      // A run of a script's letters starts a run's text and ends at its closing quote:
      // the word scan is for the bytes it would not stop at at once.
      if byte != 0xE0 && byte != UInt8(ascii: "\"") {
        at = Self.skipLetters(base, at, count)
        guard at < count else { return nil }
        byte = bytes[at]
      }
      // Then the byte it stopped at: a script's letters (three bytes) in a row, or one
      // byte that needs more than a copy.
      if byte == 0xE0 {
        guard let next = skipIndic(base, at, count) else { return nil }
        at = next
        continue
      }
      if byte < 0x80 {
        if byte >= 0x20 && byte != 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") && byte != a
          && byte != b
        {
          at += 1
          continue
        }
        append(bytes, from, at)
        if byte == UInt8(ascii: "\"") {
          if noted && !needle.isEmpty && !named && !searchSkipped {
            note(UnsafeRawBufferPointer(rebasing: line[start..<at]), json: escaped)
          }
          return (at + 1, escaped)
        }
        if byte < 0x20 { return nil }
        if byte == UInt8(ascii: "\\") {
          guard Self.isEscape(bytes, at, count) else { return nil }
          escaped = true
          let (value, next) = JSONText.escaped(line, at)
          scalar(value)
          at = next
        } else {
          scalar(UInt32(byte))
          at += 1
        }
        from = at
        continue
      }
      let length = clean(line, at, pending: &from)
      guard length > 0 else { return nil }
      at += length
    }
  }

  /// Appends a constant's bytes.
  @inline(__always)
  mutating func append(_ text: StaticString) {
    if text.utf8CodeUnitCount > 0 { out.append(text.utf8Start, count: text.utf8CodeUnitCount) }
  }

  /// Appends `bytes[from..<to]` (a typed buffer: Array copies it with one `memcpy`), but
  /// not into a line that is to be left out (`endLine` drops what it has).
  mutating func append(_ bytes: UnsafePointer<UInt8>, _ from: Int, _ to: Int) {
    if to > from && !leavesOutLine {
      out.append(bytes + from, count: to - from)
    }
  }

  /// Where the run of printable ASCII from `start` ends that holds no quote, backslash,
  /// `#` or `$` (a bar's escaped bytes are among these: `Style` takes no others), a word
  /// at a time. A byte of 0x80 or more, DEL or below 0x20 sets its high bit in one of the
  /// three sums; `"`, `#` and `$` are the range 0x22…0x24, tested in one go.
  @inline(__always)
  static func skipPlain(_ base: UnsafeRawPointer, _ start: Int, _ count: Int) -> Int {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    var at = start
    // Sixteen bytes at a time (vector against vector: the compiler makes each test a few
    // SSE instructions, under half the word loop's cost a byte); the word loop takes the
    // last few bytes.
    let space = SIMD16<UInt8>(repeating: 0x20)
    let delete = SIMD16<UInt8>(repeating: 0x7F)
    let quote = SIMD16<UInt8>(repeating: 0x22)
    let three = SIMD16<UInt8>(repeating: 3)
    let backslash = SIMD16<UInt8>(repeating: 0x5C)
    while at &+ 16 <= count {
      let bytes = base.loadUnaligned(fromByteOffset: at, as: SIMD16<UInt8>.self)
      let stops = (bytes .< space) .| (bytes .>= delete) .| ((bytes &- quote) .< three) .| (bytes .== backslash)
      if ByteScan.isSet(stops) { return at &+ ByteScan.firstLane(stops) }
      at &+= 16
    }
    while at &+ 8 <= count {
      let word = base.loadUnaligned(fromByteOffset: at, as: UInt64.self)
      let raised = word | high
      let slash = word ^ (0x5C &* ones)
      // Each test is exact for the lowest byte it finds (a carry or borrow only reaches the
      // bytes above one it found), so the lowest bit set is the first byte to look at.
      let found =
        ((word | (word &+ ones) | (word &- 0x20 &* ones))
          | ((raised &- 0x22 &* ones) & ~(raised &- 0x25 &* ones)) | ((slash &- ones) & ~slash)) & high
      if found != 0 { return at &+ found.trailingZeroBitCount &>> 3 }
      at &+= 8
    }
    return at
  }

  /// Whether the backslash at `at` starts an escape JSON has.
  static func isEscape(_ bytes: UnsafePointer<UInt8>, _ at: Int, _ count: Int) -> Bool {
    guard at + 1 < count else { return false }
    switch bytes[at + 1] {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
      UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      return true
    case UInt8(ascii: "u"):
      guard at + 5 < count else { return false }
      for offset in 2...5 {
        let byte = bytes[at + offset]
        guard (48...57).contains(byte) || (65...70).contains(byte) || (97...102).contains(byte) else { return false }
      }
      return true
    default: return false
    }
  }

  /// Whether the line being written is to be left out (`endLine`): its runs need no colour.
  var leavesOutLine: Bool { lineGurmukhi && style.leavesOutGurmukhi }

  /// Notes the text of a run written with `string` (or a twin's text, only searched), in
  /// the bytes of the file being read, for the search of `search(for:)`: whether it has the
  /// needle's anchor byte or an escape (which could make one). Such a line is asked for its
  /// text (`wantsLineText`); keeping every run's place to join them cost each run more than
  /// the few lines that have the anchor cost to read again. A line's runs are either all
  /// noted or all copied (`copy`).
  public mutating func note(_ raw: UnsafeRawBufferPointer, json: Bool) {
    guard !needle.isEmpty && !named && !searchSkipped else { return }
    if copying {
      copy(raw, json: json)
      return
    }
    if !lineHasAnchor { lineHasAnchor = json || hasAnchor(raw) }
  }

  /// Whether the current line's runs were noted and one may have the link: the reader
  /// then gives each run's text in order (`copy`) before it ends the line. A mutating
  /// getter: a plain one, called from another module on a writer held `inout`, is handed a
  /// copy of the whole writer, once a line.
  public var wantsLineText: Bool {
    mutating get { lineHasAnchor && !copying && !needle.isEmpty && !named && !searchSkipped }
  }

  /// Adds a run's text to the line's text searched for the link (a String's bytes, or a
  /// noted line's runs given again: `wantsLineText`).
  public mutating func copy(_ raw: UnsafeRawBufferPointer, json: Bool) {
    guard !needle.isEmpty && !named else { return }
    copying = true
    if json {
      JSONText.unescape(raw, into: &lineText)
    } else {
      lineText.append(contentsOf: raw.assumingMemoryBound(to: UInt8.self))
    }
  }

  /// Whether `raw` has `byte`, a word at a time.
  static func has(_ byte: UInt8, in raw: UnsafeRawBufferPointer) -> Bool {
    guard let base = raw.baseAddress else { return false }
    var at = 0
    while at &+ 8 <= raw.count {
      if ByteScan.hasByte(base.loadUnaligned(fromByteOffset: at, as: UInt64.self), equalTo: byte) { return true }
      at &+= 8
    }
    while at < raw.count {
      if raw[at] == byte { return true }
      at &+= 1
    }
    return false
  }
}
