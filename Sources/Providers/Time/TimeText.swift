import TimelineCore

/// Local dates and times in words, in English and without locale data: the package's one
/// formatter of local time (the avalanche texts name weekdays in their own languages,
/// from `AvalancheLanguage`).
public enum TimeText {
  /// Monday first, matching `LocalDay.weekday`.
  public static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
  /// January first.
  public static let months = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
    "December",
  ]

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
  public static func dayMonth(_ day: LocalDay) -> String { "\(day.day) \(months[day.month - 1])" }

  /// "27 Nov", or "19 Jan 2038" `withYear`.
  public static func dayShortMonth(_ day: LocalDay, withYear: Bool) -> String {
    "\(day.day) \(months[day.month - 1].prefix(3))" + (withYear ? " \(day.year)" : "")
  }

  /// "Mon 2 Mar 2026, 09:00" at `epoch` in `zone`.
  public static func dateTime(_ epoch: Int64, in zone: Zone) -> String {
    let clock = zone.clock(at: epoch)
    let day = clock.day
    return "\(weekdays[day.weekday].prefix(3)) \(day.day) \(months[day.month - 1].prefix(3)) \(day.year), "
      + hourMinute(clock.hour, clock.minute)
  }
}
