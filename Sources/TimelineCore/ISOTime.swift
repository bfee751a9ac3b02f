/// ISO 8601 in UTC for epoch seconds, without Foundation (civil-from-days arithmetic).
/// `format` is total: any Int64 gives a string (years beyond 9999 get more digits).
public enum ISOTime {
  /// The instants a timeline may hold: 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z.
  /// Dates from a provider, a command or a file outside this range are refused, so that
  /// no arithmetic on them (grace, backoff, ages) can come near Int64's limits.
  public static let validRange: ClosedRange<Int64> = -62_135_596_800...253_402_300_799

  /// `2026-11-22T16:30:00Z`.
  public static func format(_ epoch: Int64) -> String {
    let (days, seconds) = dayAndSecond(epoch)
    let (y, m, d) = civil(fromDays: days)
    return
      "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(seconds / 3600, 2)):\(pad(seconds / 60 % 60, 2)):\(pad(seconds % 60, 2))Z"
  }

  /// The day (since 1970-01-01) and the second within it of `epoch`: the package's one
  /// floor division by the day, for UTC here and for local seconds in Providers' `Zone`.
  public static func dayAndSecond(_ epoch: Int64) -> (day: Int64, second: Int64) {
    // The remainder, not `epoch - days * 86_400`: that product leaves Int64 near its limits.
    let remainder = epoch % 86_400
    return (floorDiv(epoch, 86_400), remainder < 0 ? remainder + 86_400 : remainder)
  }

  /// Year, month, day of a count of days since 1970-01-01 (proleptic Gregorian).
  public static func civil(fromDays z: Int64) -> (Int64, Int64, Int64) {
    let z = z + 719_468
    let era = floorDiv(z, 146_097)
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
  }

  /// Days since 1970-01-01 of a civil date.
  public static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = floorDiv(y, 400)
    let yoe = y - era * 400
    let mp = month > 2 ? month - 3 : month + 9
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  /// Division rounding down; total for every `a` (negating `Int64.min` would trap).
  private static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
    let quotient = a / b
    return a % b < 0 ? quotient - 1 : quotient
  }

  /// `n` in decimal, zero-padded to `width` digits.
  public static func pad(_ n: Int64, _ width: Int) -> String {
    let s = DecimalText.string(n)
    return s.utf8.count >= width ? s : String(repeating: "0", count: width - s.utf8.count) + s
  }
}

extension Timeline {
  /// The first date field outside `ISOTime.validRange`, named for a message; nil when all
  /// are inside. A cache file edited by hand (or by a hostile program) can hold anything,
  /// and the refresh, status and doctor do arithmetic on these dates.
  public var fieldOutOfRange: String? {
    let valid = ISOTime.validRange
    if !valid.contains(generated) { return "generated" }
    if let end, !valid.contains(end) { return "end" }
    if case .after(let date) = policy, !valid.contains(date) { return "policy.after" }
    if let lastSuccess, !valid.contains(lastSuccess) { return "lastSuccess" }
    if !valid.contains(grace) { return "grace" }
    for (index, entry) in entries.enumerated() where !valid.contains(entry.date) { return "entries[\(index)].date" }
    return nil
  }
}
