import TimelineCore

/// A POSIX `TZ` rule ("CET-1CEST,M3.5.0,M10.5.0/3", "<-04>4<-03>,M9.1.6/24,M4.1.6/24",
/// "IST-5:30"): a TZif footer's offsets after the last listed change, and a form of `TZ`.
/// POSIX counts hours west of UTC; these fields hold seconds east.
struct PosixRule: Sendable, Equatable {
  /// Standard time's offset.
  var standard: Int64
  /// Daylight time's offset; nil for a zone without daylight time.
  var daylight: Int64?
  /// When daylight time starts, on standard time's clock.
  var start = Change(day: .monthWeek(month: 3, week: 2, weekday: 0), time: 7200)
  /// When it ends, on daylight time's clock.
  var end = Change(day: .monthWeek(month: 11, week: 1, weekday: 0), time: 7200)

  /// A day of a year and a local time on it (which may be negative or pass 24 h).
  struct Change: Sendable, Equatable {
    var day: Day
    var time: Int64

    /// Local seconds since the epoch of the change in `year`.
    func local(in year: Int) -> Int64 {
      Int64(day.ordinal(in: year)) * 86_400 + time
    }
  }

  /// The three ways POSIX names a day.
  enum Day: Sendable, Equatable {
    /// `Jn`: 1 … 365, 29 February never counted.
    case julian(Int)
    /// `n`: 0 … 365, 29 February counted.
    case zeroBased(Int)
    /// `Mm.w.d`: weekday `d` (0 = Sunday) of week `w` (5 = the last) of month `m`.
    case monthWeek(month: Int, week: Int, weekday: Int)

    /// Days since 1970-01-01 of this day in `year`.
    func ordinal(in year: Int) -> Int {
      let january1 = LocalDay(year: year, month: 1, day: 1).ordinal
      switch self {
      case .zeroBased(let n): return january1 + n
      case .julian(let n):
        let leap = LocalDay(year: year, month: 3, day: 1).ordinal - january1 == 60
        return january1 + n - 1 + (leap && n >= 60 ? 1 : 0)
      case .monthWeek(let month, let week, let weekday):
        let first = LocalDay(year: year, month: month, day: 1)
        let next =
          month == 12 ? LocalDay(year: year + 1, month: 1, day: 1) : LocalDay(year: year, month: month + 1, day: 1)
        let length = next.ordinal - first.ordinal
        // `LocalDay.weekday` counts from Monday; POSIX from Sunday.
        var day = 1 + (weekday - (first.weekday + 1) % 7 + 7) % 7 + 7 * (week - 1)
        while day > length { day -= 7 }
        return first.ordinal + day - 1
      }
    }
  }

  /// Seconds east of UTC at `epoch`.
  func offset(at epoch: Int64) -> Int64 {
    guard let daylight else { return standard }
    let year = LocalDay(ordinal: Int(ISOTime.dayAndSecond(epoch + standard).day)).year
    let starts = start.local(in: year) - standard
    let ends = end.local(in: year) - daylight
    // Northern zones have daylight time inside the year, southern ones across its end.
    if starts < ends { return starts <= epoch && epoch < ends ? daylight : standard }
    return ends <= epoch && epoch < starts ? standard : daylight
  }

  /// Parses a rule; nil for anything else (a zone name, a typo).
  init?(_ text: String) {
    var scanner = PosixScanner(text: Array(text.utf8))
    guard scanner.name(), let west = scanner.duration() else { return nil }
    standard = -west
    if scanner.atEnd { return }
    guard scanner.name() else { return nil }
    daylight = scanner.peek(",") || scanner.atEnd ? standard + 3600 : scanner.duration().map { -$0 }
    guard daylight != nil else { return nil }
    if scanner.atEnd { return }
    guard scanner.take(","), let start = scanner.change(), scanner.take(","), let end = scanner.change(),
      scanner.atEnd
    else { return nil }
    (self.start, self.end) = (start, end)
  }
}

/// Reads the parts of a POSIX rule from its bytes.
private struct PosixScanner {
  let text: [UInt8]
  var index = 0

  var atEnd: Bool { index == text.count }

  func peek(_ character: Character) -> Bool { !atEnd && text[index] == character.asciiValue }

  mutating func take(_ character: Character) -> Bool {
    guard peek(character) else { return false }
    index += 1
    return true
  }

  /// A zone abbreviation: three or more letters, or anything within `<` `>`.
  mutating func name() -> Bool {
    let begin = index
    if take("<") {
      while !atEnd && text[index] != UInt8(ascii: ">") { index += 1 }
      guard take(">") else { return false }
      return index - begin >= 5
    }
    while !atEnd, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(text[index] & 0xDF) { index += 1 }
    return index - begin >= 3
  }

  /// `[+-]hh[:mm[:ss]]` as seconds (hours up to 167, as RFC 8536 allows for times).
  mutating func duration() -> Int64? {
    let sign: Int64 = take("-") ? -1 : 1
    if sign > 0 { _ = take("+") }
    var parts: [Int64] = []
    repeat {
      guard let value = number() else { return nil }
      parts.append(Int64(value))
    } while parts.count < 3 && take(":")
    guard parts[0] <= 167, parts.dropFirst().allSatisfy({ $0 < 60 }) else { return nil }
    return sign * (parts[0] * 3600 + (parts.count > 1 ? parts[1] * 60 : 0) + (parts.count > 2 ? parts[2] : 0))
  }

  /// A whole number of at most three digits.
  mutating func number() -> Int? {
    let begin = index
    var value = 0
    while !atEnd, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[index]), index - begin < 3 {
      value = value * 10 + Int(text[index] - UInt8(ascii: "0"))
      index += 1
    }
    return index > begin ? value : nil
  }

  /// `Jn`, `n` or `Mm.w.d`, then an optional `/time` (02:00 by default).
  mutating func change() -> PosixRule.Change? {
    let day: PosixRule.Day
    if take("J") {
      guard let n = number(), (1...365).contains(n) else { return nil }
      day = .julian(n)
    } else if take("M") {
      guard let month = number(), (1...12).contains(month), take("."), let week = number(), (1...5).contains(week),
        take("."), let weekday = number(), (0...6).contains(weekday)
      else { return nil }
      day = .monthWeek(month: month, week: week, weekday: weekday)
    } else {
      guard let n = number(), (0...365).contains(n) else { return nil }
      day = .zeroBased(n)
    }
    guard take("/") else { return PosixRule.Change(day: day, time: 7200) }
    return duration().map { PosixRule.Change(day: day, time: $0) }
  }
}
