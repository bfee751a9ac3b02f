import TimelineCore

/// Local dates and times in words, in the user's language (`localized`) and without
/// locale data: the package's one formatter of local time.
public enum TimeText {
  /// The weekday's name, `index` 0 for Monday (`LocalDay.weekday`).
  public static func weekday(_ index: Int) -> String {
    switch index {
    case 0: localized("Monday")
    case 1: localized("Tuesday")
    case 2: localized("Wednesday")
    case 3: localized("Thursday")
    case 4: localized("Friday")
    case 5: localized("Saturday")
    default: localized("Sunday")
    }
  }

  /// The weekday's short name ("Mon").
  public static func shortWeekday(_ index: Int) -> String {
    switch index {
    case 0: localized("Mon")
    case 1: localized("Tue")
    case 2: localized("Wed")
    case 3: localized("Thu")
    case 4: localized("Fri")
    case 5: localized("Sat")
    default: localized("Sun")
    }
  }

  /// The month's name, `month` 1 for January.
  public static func month(_ month: Int) -> String {
    switch month {
    case 1: localized("January")
    case 2: localized("February")
    case 3: localized("March")
    case 4: localized("April")
    case 5: localized("May")
    case 6: localized("June")
    case 7: localized("July")
    case 8: localized("August")
    case 9: localized("September")
    case 10: localized("October")
    case 11: localized("November")
    default: localized("December")
    }
  }

  /// The month's short name ("Nov").
  public static func shortMonth(_ month: Int) -> String {
    switch month {
    case 1: localized("Jan")
    case 2: localized("Feb")
    case 3: localized("Mar")
    case 4: localized("Apr")
    case 5: localized("May")
    case 6: localized("Jun")
    case 7: localized("Jul")
    case 8: localized("Aug")
    case 9: localized("Sep")
    case 10: localized("Oct")
    case 11: localized("Nov")
    default: localized("Dec")
    }
  }

  /// "09:05".
  public static func hourMinute(_ hour: Int, _ minute: Int) -> String {
    ISOTime.pad(Int64(hour), 2) + ":" + ISOTime.pad(Int64(minute), 2)
  }

  /// "09:05" at `epoch` in `zone`.
  public static func hourMinute(_ epoch: Int64, in zone: Zone) -> String {
    let clock = zone.clock(at: epoch)
    return hourMinute(clock.hour, clock.minute)
  }

  /// "2 March".
  public static func dayMonth(_ day: LocalDay) -> String { localized("%d %s", day.day, month(day.month)) }

  /// "2 March 2026".
  public static func date(_ day: LocalDay) -> String {
    localized("%d %s %d", day.day, month(day.month), day.year)
  }

  /// "27 Nov", or "19 Jan 2038" `withYear`.
  public static func dayShortMonth(_ day: LocalDay, withYear: Bool) -> String {
    withYear
      ? localized("%d %s %d", day.day, shortMonth(day.month), day.year)
      : localized("%d %s", day.day, shortMonth(day.month))
  }

  /// "Fri 28 Nov".
  public static func shortDate(_ day: LocalDay) -> String {
    localized("%s %d %s", shortWeekday(day.weekday), day.day, shortMonth(day.month))
  }

  /// "Mon 2 Mar 2026, 09:00" at `epoch` in `zone`.
  public static func dateTime(_ epoch: Int64, in zone: Zone) -> String {
    let clock = zone.clock(at: epoch)
    let day = clock.day
    return localized(
      "%s %d %s %d, %s", shortWeekday(day.weekday), day.day, shortMonth(day.month), day.year,
      hourMinute(clock.hour, clock.minute))
  }
}
