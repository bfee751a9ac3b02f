/// The one ISO 8601 reader of the package: `--at` on the emit path (no Foundation, no
/// time-zone data; the forms: docs/emitters.md, "`--at TIME`") and the dates a `command`
/// widget prints. With `requireZone` (command output) only a date, a time and a zone are
/// accepted: a program's local time must not be read as UTC. Every value read is bounded
/// (4-digit years, 15-digit epochs), so no input can overflow.
public enum ISO8601 {
  /// Epoch seconds for `text`, or nil if it is not one of the accepted forms.
  public static func parse(_ text: String, requireZone: Bool = false) -> Int64? {
    let bytes = Array(text.utf8)
    if bytes.first == UInt8(ascii: "@") { return requireZone ? nil : epoch(bytes.dropFirst()) }
    var reader = Reader(bytes: bytes)
    guard let year = reader.digits(4), reader.take("-"), let month = reader.digits(2),
      reader.take("-"), let day = reader.digits(2),
      (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
    else { return nil }
    var seconds = ISOTime.days(year: year, month: month, day: day) * 86_400
    if reader.atEnd { return requireZone ? nil : seconds }
    guard reader.take("T") || reader.take("t") || reader.take(" "),
      let hour = reader.digits(2), hour < 24, reader.take(":"), let minute = reader.digits(2), minute < 60
    else { return nil }
    seconds += hour * 3600 + minute * 60
    if reader.take(":") {
      guard let second = reader.digits(2), second <= 60 else { return nil }
      seconds += second
      if reader.take(".") || reader.take(",") {
        guard reader.skipDigits() else { return nil }
      }
    }
    if reader.atEnd && requireZone { return nil }
    if reader.atEnd || reader.take("Z") || reader.take("z") { return reader.atEnd ? seconds : nil }
    let sign: Int64
    if reader.take("+") { sign = 1 } else if reader.take("-") { sign = -1 } else { return nil }
    guard let offsetHours = reader.digits(2), offsetHours <= 23 else { return nil }
    var offsetMinutes: Int64 = 0
    if !reader.atEnd {
      _ = reader.take(":")
      guard let minutes = reader.digits(2), minutes < 60 else { return nil }
      offsetMinutes = minutes
    }
    guard reader.atEnd else { return nil }
    return seconds - sign * (offsetHours * 3600 + offsetMinutes * 60)
  }

  private static func epoch(_ bytes: ArraySlice<UInt8>) -> Int64? {
    var rest = bytes
    var sign: Int64 = 1
    if rest.first == UInt8(ascii: "-") {
      sign = -1
      rest = rest.dropFirst()
    }
    guard !rest.isEmpty, rest.count <= 15, rest.allSatisfy({ (48...57).contains($0) }) else { return nil }
    return sign * rest.reduce(0) { $0 * 10 + Int64($1 - 48) }
  }

  static func daysIn(month: Int64, year: Int64) -> Int64 {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  private struct Reader {
    let bytes: [UInt8]
    var at = 0

    var atEnd: Bool { at == bytes.count }

    mutating func take(_ character: Unicode.Scalar) -> Bool {
      guard at < bytes.count, bytes[at] == UInt8(character.value) else { return false }
      at += 1
      return true
    }

    mutating func digits(_ count: Int) -> Int64? {
      guard at + count <= bytes.count else { return nil }
      var value: Int64 = 0
      for byte in bytes[at..<at + count] {
        guard (48...57).contains(byte) else { return nil }
        value = value * 10 + Int64(byte - 48)
      }
      at += count
      return value
    }

    mutating func skipDigits() -> Bool {
      let start = at
      while at < bytes.count, (48...57).contains(bytes[at]) { at += 1 }
      return at > start
    }
  }
}
