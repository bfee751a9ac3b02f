import TimelineCore

/// Local dates and times in words, in the user's language (`localized`) and without
/// locale data: the package's one formatter of local time.
enum TimeText {
  /// The weekday's name, `index` 0 for Monday (`LocalDay.weekday`).
  static func weekday(_ index: Int) -> String {
    [
      localized("Monday"), localized("Tuesday"), localized("Wednesday"), localized("Thursday"), localized("Friday"),
      localized("Saturday"), localized("Sunday"),
    ][(0...5).contains(index) ? index : 6]
  }

  /// The weekday's short name ("Mon").
  static func shortWeekday(_ index: Int) -> String {
    [
      localized("Mon"), localized("Tue"), localized("Wed"), localized("Thu"), localized("Fri"), localized("Sat"),
      localized("Sun"),
    ][(0...5).contains(index) ? index : 6]
  }

  /// The month's name, `month` 1 for January.
  static func month(_ month: Int) -> String {
    [
      localized("January"), localized("February"), localized("March"), localized("April"), localized("May"),
      localized("June"), localized("July"), localized("August"), localized("September"), localized("October"),
      localized("November"), localized("December"),
    ][(1...11).contains(month) ? month - 1 : 11]
  }

  /// The month's short name ("Nov").
  static func shortMonth(_ month: Int) -> String {
    [
      localized("Jan"), localized("Feb"), localized("Mar"), localized("Apr"), localized("May"), localized("Jun"),
      localized("Jul"), localized("Aug"), localized("Sep"), localized("Oct"), localized("Nov"), localized("Dec"),
    ][(1...11).contains(month) ? month - 1 : 11]
  }

  /// "09:05".
  static func hourMinute(_ hour: Int, _ minute: Int) -> String {
    ISOTime.pad(Int64(hour), 2) + ":" + ISOTime.pad(Int64(minute), 2)
  }

  /// "09:05" at `epoch` in `zone`.
  static func hourMinute(_ epoch: Int64, in zone: Zone) -> String {
    let clock = zone.clock(at: epoch)
    return hourMinute(clock.hour, clock.minute)
  }

  /// "2 March".
  static func dayMonth(_ day: LocalDay) -> String { localized("%d %s", day.day, month(day.month)) }

  /// "2 March 2026".
  static func date(_ day: LocalDay) -> String {
    localized("%d %s %d", day.day, month(day.month), day.year)
  }

  /// "27 Nov", or "19 Jan 2038" `withYear`.
  static func dayShortMonth(_ day: LocalDay, withYear: Bool) -> String {
    withYear
      ? localized("%d %s %d", day.day, shortMonth(day.month), day.year)
      : localized("%d %s", day.day, shortMonth(day.month))
  }

  /// "Fri 28 Nov".
  static func shortDate(_ day: LocalDay) -> String {
    localized("%s %d %s", shortWeekday(day.weekday), day.day, shortMonth(day.month))
  }

  /// "Mon 2 Mar 2026, 09:00" at `epoch` in `zone`.
  static func dateTime(_ epoch: Int64, in zone: Zone) -> String {
    let clock = zone.clock(at: epoch)
    let day = clock.day
    return localized(
      "%s %d %s %d, %s", shortWeekday(day.weekday), day.day, shortMonth(day.month), day.year,
      hourMinute(clock.hour, clock.minute))
  }
}
