/// What `FlatJSON`'s reader shares: what follows a member, the stop bytes of a string, and
/// an integer token's value.
enum FlatScan {
  /// What follows a member of an array or object.
  enum Next {
    /// A comma, and in an object the next key and its colon: a value starts at `at`.
    case more
    /// The container's closing bracket, at `at`.
    case closes
    case invalid
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
