/// The grammar of JSON's scalars and spaces on raw bytes, for the entry line check
/// (`EntryLineCheck`): exactly `FlatReader`'s, which shares `stops` and `integer` but keeps
/// its own loops for strings and numbers, written into its one pass (calling these from
/// it cost the bars' line reads some 5%). `EntryLineCheckTests` holds the two to one answer.
/// Each takes the bytes `base[0..<count]` and a position, and gives the position after
/// what it read, or -1 where the bytes are not one.
enum FlatScan {
  /// What follows a member of an array or object.
  enum Next {
    /// A comma, and in an object the next key and its colon: a value starts at `at`.
    case more
    /// The container's closing bracket, at `at`.
    case closes
    case invalid
  }

  /// After JSON space (space, tab, newline, carriage return) from `at`.
  @inline(__always)
  static func space(_ base: UnsafePointer<UInt8>, _ at: Int, _ count: Int) -> Int {
    // Every JSON space is at most 0x20; a cache line has none between its values.
    guard at < count, base[at] <= 0x20 else { return at }
    var at = at
    while at < count {
      let byte = base[at]
      guard byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D else { return at }
      at += 1
    }
    return at
  }

  /// The closing quote of the string whose content starts at `from` (just after its
  /// opening quote), or -1: no raw control character, only JSON's escapes. `escaped` is
  /// set when the content holds an escape.
  @inline(__always)
  static func stringEnd(_ base: UnsafePointer<UInt8>, _ from: Int, _ count: Int, escaped: inout Bool) -> Int {
    var scan = from
    while true {
      // Plain bytes a word at a time. Of a word's flags for `"`, `\` and controls the lowest
      // is always a true one (the tests' borrows only run upward), so it places the stop.
      while scan + 8 <= count {
        let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: scan, as: UInt64.self)
        let stops = Self.stops(word)
        if stops != 0 {
          scan += stops.trailingZeroBitCount >> 3
          break
        }
        scan += 8
      }
      while scan < count {
        let byte = base[scan]
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
        scan += 1
      }
      guard scan < count else { return -1 }
      let byte = base[scan]
      if byte == UInt8(ascii: "\"") { return scan }
      guard byte == UInt8(ascii: "\\"), scan + 1 < count else { return -1 }
      escaped = true
      switch base[scan + 1] {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
        UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
        scan += 2
      case UInt8(ascii: "u"):
        guard scan + 5 < count, FlatJSON.hexValue(base[scan + 2]) != nil, FlatJSON.hexValue(base[scan + 3]) != nil,
          FlatJSON.hexValue(base[scan + 4]) != nil, FlatJSON.hexValue(base[scan + 5]) != nil
        else { return -1 }
        scan += 6
      default: return -1
      }
    }
  }

  /// The high bit of each byte of `word` that may be a `"`, a `\` or a control (below
  /// 0x20); exact up to and including the lowest byte flagged.
  @inline(__always)
  static func stops(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let quote = word ^ (ones &* 0x22)
    let backslash = word ^ (ones &* 0x5C)
    let flags = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
    return flags & 0x8080_8080_8080_8080
  }

  /// After the literal `word` at `at`, or -1.
  @inline(__always)
  static func literal(_ base: UnsafePointer<UInt8>, _ at: Int, _ count: Int, _ word: StaticString) -> Int {
    let length = word.utf8CodeUnitCount
    guard at + length <= count else { return -1 }
    for offset in 0..<length where base[at + offset] != word.utf8Start[offset] { return -1 }
    return at + length
  }

  /// After the number at `at`, or -1: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
  /// `integer` is cleared when it has a fraction or an exponent.
  @inline(__always)
  static func number(_ base: UnsafePointer<UInt8>, _ at: Int, _ count: Int, integer: inout Bool) -> Int {
    var at = at
    if base[at] == UInt8(ascii: "-") { at += 1 }
    guard at < count else { return -1 }
    if base[at] == 48 {
      at += 1
    } else {
      let from = at
      at = digits(base, at, count)
      guard at > from else { return -1 }
    }
    if at < count, base[at] == UInt8(ascii: ".") {
      integer = false
      let from = at + 1
      at = digits(base, from, count)
      guard at > from else { return -1 }
    }
    if at < count, base[at] | 0x20 == UInt8(ascii: "e") {
      integer = false
      at += 1
      if at < count, base[at] == UInt8(ascii: "+") || base[at] == UInt8(ascii: "-") { at += 1 }
      let from = at
      at = digits(base, from, count)
      guard at > from else { return -1 }
    }
    return at
  }

  @inline(__always)
  static func digits(_ base: UnsafePointer<UInt8>, _ at: Int, _ count: Int) -> Int {
    var at = at
    while at < count, base[at] &- 48 < 10 { at += 1 }
    return at
  }

  /// The value of the integer token `start..<end` (checked by `number`); one out of range
  /// is `Int64.max` or `Int64.min`, as json-c reads it.
  @inline(__always)
  static func integer(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Int64 {
    var at = start
    let negative = bytes[at] == UInt8(ascii: "-")
    if negative { at += 1 }
    var value: Int64 = 0
    // Up to 18 digits cannot overflow: no checks per digit (a date has 10).
    if end - at <= 18 {
      while at < end {
        value = value &* 10 &+ Int64(bytes[at] &- 48)
        at += 1
      }
      return negative ? -value : value
    }
    while at < end {
      let digit = Int64(bytes[at] - 48)
      let (times, o1) = value.multipliedReportingOverflow(by: 10)
      let (sum, o2) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
      if o1 || o2 { return negative ? Int64.min : Int64.max }
      value = sum
      at += 1
    }
    return value
  }
}
