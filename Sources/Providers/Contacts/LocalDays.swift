import TimelineCore

/// The user's calendar days for birthdays and reconnecting: a day is a number (days
/// since 1970-01-01, proleptic Gregorian), turned into the instant of its local midnight
/// by the time room's `Zone` (the user's zone: `TZ`, else /etc/localtime, read from the
/// system's time-zone database). A fixed offset stands in for the zone in tests.
public struct LocalDays: Sendable {
  /// Seconds east of UTC; nil for the system's zone.
  var fixedOffset: Int64?

  /// Days in the system's zone, or at `fixedOffset` seconds east of UTC.
  public init(fixedOffset: Int64? = nil) { self.fixedOffset = fixedOffset }

  private var zone: Zone { fixedOffset.map { .fixed(seconds: $0) } ?? .user }

  /// The local day `instant` falls on.
  public func day(of instant: Int64) -> Int { zone.day(at: instant).ordinal }

  /// The first instant of `day` in local time: midnight, or the first moment after it
  /// where a DST change skips midnight.
  func start(of day: Int) -> Int64 { zone.start(of: LocalDay(ordinal: day)) }

  /// `2026-11-25`.
  public static func iso(_ day: Int) -> String { LocalDay(ordinal: day).description }

  /// Parses `yyyy-mm-dd`.
  public static func parse(_ text: String) -> Int? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, (1...2).contains(parts[1].count), (1...2).contains(parts[2].count),
      ContactDate(parts.map { String(repeating: "0", count: $0.count == 1 ? 1 : 0) + $0 }.joined()) != nil,
      let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2])
    else { return nil }
    return Int(ISOTime.days(year: Int64(y), month: Int64(m), day: Int64(d)))
  }

  /// How a day `target` reads on day `today`: "today", "tomorrow", a weekday within the
  /// coming week ("Friday"), else the date ("3 December").
  static func word(_ target: Int, today: Int) -> String {
    switch target - today {
    case 0: return localized("today")
    case 1: return localized("tomorrow")
    case -1: return localized("yesterday")
    case 2...6: return TimeText.weekday(LocalDay(ordinal: target).weekday)
    default: return TimeText.dayMonth(LocalDay(ordinal: target))
    }
  }

  /// How far ahead the contact kinds' timelines go.
  static let horizonDays = 35

  /// The contact kinds' timeline: `entry(day, isToday)` for each local day of the next
  /// `horizonDays`, dated at its local midnight (today's at `now`), so the bar turns with
  /// no refresh; a day that shows the same as the one before is left out. A refresh every
  /// hour picks up edited cards.
  func daily(from now: Int64, _ entry: (_ day: Int, _ isToday: Bool) -> Entry) -> TimelineDraft {
    let today = day(of: now)
    var entries: [Entry] = []
    for offset in 0..<Self.horizonDays {
      var shown = entry(today + offset, offset == 0)
      shown.date = offset == 0 ? now : start(of: today + offset)
      if let last = entries.last, last.runs == shown.runs, last.tooltip == shown.tooltip, last.url == shown.url {
        continue
      }
      entries.append(shown)
    }
    return TimelineDraft(entries: entries, end: nil, policy: .after(now + 3600))
  }

  /// "Fri 28 Nov", for tooltips and lists.
  static func short(_ day: Int) -> String { TimeText.shortDate(LocalDay(ordinal: day)) }
}
