import Glibc
import TimelineCore

/// The user's calendar days for birthdays and reconnecting: a day is a number (days
/// since 1970-01-01, proleptic Gregorian), turned into the instant of its local midnight
/// through the C library's zone rules (`TZ`, else /etc/localtime), so no ICU is needed.
/// A fixed offset stands in for the zone in tests.
public struct LocalDays: Sendable {
  /// Seconds east of UTC; nil for the system's zone.
  public var fixedOffset: Int64?

  public init(fixedOffset: Int64? = nil) { self.fixedOffset = fixedOffset }

  /// The local day `instant` falls on.
  public func day(of instant: Int64) -> Int {
    if let fixedOffset { return Int((instant + fixedOffset).floorDivided(by: 86_400)) }
    var time = time_t(instant)
    var parts = tm()
    guard localtime_r(&time, &parts) != nil else { return Int(instant.floorDivided(by: 86_400)) }
    return Int(
      ISOTime.days(year: Int64(parts.tm_year) + 1900, month: Int64(parts.tm_mon) + 1, day: Int64(parts.tm_mday)))
  }

  /// The first instant of `day` in local time: midnight, or the first moment after it
  /// where a DST change skips midnight.
  public func start(of day: Int) -> Int64 {
    if let fixedOffset { return Int64(day) * 86_400 - fixedOffset }
    let (year, month, date) = ISOTime.civil(fromDays: Int64(day))
    var parts = tm()
    parts.tm_year = Int32(year - 1900)
    parts.tm_mon = Int32(month - 1)
    parts.tm_mday = Int32(date)
    parts.tm_isdst = -1
    let instant = mktime(&parts)
    return instant == -1 ? Int64(day) * 86_400 : Int64(instant)
  }

  /// `2026-11-25`.
  public static func iso(_ day: Int) -> String {
    let (year, month, date) = ISOTime.civil(fromDays: Int64(day))
    return "\(year)-\(month < 10 ? "0" : "")\(month)-\(date < 10 ? "0" : "")\(date)"
  }

  /// Parses `yyyy-mm-dd`.
  public static func parse(_ text: String) -> Int? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, (1...2).contains(parts[1].count), (1...2).contains(parts[2].count),
      ContactDate(parts.map { String(repeating: "0", count: $0.count == 1 ? 1 : 0) + $0 }.joined()) != nil,
      let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2])
    else { return nil }
    return Int(ISOTime.days(year: Int64(y), month: Int64(m), day: Int64(d)))
  }

  static let weekdays = ["Thursday", "Friday", "Saturday", "Sunday", "Monday", "Tuesday", "Wednesday"]
  static let months = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
    "December",
  ]

  /// How a day `target` reads on day `today`: "today", "tomorrow", a weekday within the
  /// coming week ("Friday"), else the date ("3 December").
  public static func word(_ target: Int, today: Int) -> String {
    switch target - today {
    case 0: return "today"
    case 1: return "tomorrow"
    case -1: return "yesterday"
    case 2...6: return weekdays[((target % 7) + 7) % 7]
    default:
      let (_, month, date) = ISOTime.civil(fromDays: Int64(target))
      return "\(date) \(months[Int(month) - 1])"
    }
  }

  /// "Fri 28 Nov", for tooltips and lists.
  public static func short(_ day: Int) -> String {
    let (_, month, date) = ISOTime.civil(fromDays: Int64(day))
    return "\(weekdays[((day % 7) + 7) % 7].prefix(3)) \(date) \(months[Int(month) - 1].prefix(3))"
  }
}

extension Int64 {
  fileprivate func floorDivided(by divisor: Int64) -> Int64 {
    let quotient = self / divisor
    return (self % divisor < 0) ? quotient - 1 : quotient
  }
}
