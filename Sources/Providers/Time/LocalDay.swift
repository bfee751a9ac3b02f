import TimelineCore

/// A calendar day, free of any time zone.
struct LocalDay: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The year (proleptic Gregorian).
  var year: Int
  /// 1 to 12.
  var month: Int
  /// 1 to 31.
  var day: Int

  /// `yyyy-MM-dd`, as the APIs and varsom.no links want it.
  var description: String {
    "\(ISOTime.pad(Int64(year), 4))-\(ISOTime.pad(Int64(month), 2))-\(ISOTime.pad(Int64(day), 2))"
  }

  /// Parses the leading `yyyy-MM-dd` of `text`.
  init?(_ text: some StringProtocol) {
    let parts = text.prefix(10).split(separator: "-")
    guard parts.count == 3, let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
      (1...12).contains(m), (1...31).contains(d)
    else { return nil }
    (year, month, day) = (y, m, d)
  }

  init(year: Int, month: Int, day: Int) {
    (self.year, self.month, self.day) = (year, month, day)
  }

  /// Days since 1970-01-01 (proleptic Gregorian), so day arithmetic needs no calendar.
  var ordinal: Int { Int(ISOTime.days(year: Int64(year), month: Int64(month), day: Int64(day))) }

  /// The day `ordinal` days after 1970-01-01.
  init(ordinal: Int) {
    let (y, m, d) = ISOTime.civil(fromDays: Int64(ordinal))
    self.init(year: Int(y), month: Int(m), day: Int(d))
  }

  /// The day `days` later (earlier when negative).
  func adding(days: Int) -> LocalDay { LocalDay(ordinal: ordinal + days) }

  /// 0 = Monday … 6 = Sunday.
  var weekday: Int { ((ordinal % 7) + 7 + 3) % 7 }

  static func < (a: LocalDay, b: LocalDay) -> Bool { a.ordinal < b.ordinal }
}
