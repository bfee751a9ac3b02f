/// How `timeline browse` names a browsed entry that is not today: a day word in the
/// widget's time zone (the provider's `dayZone`). The emitter only shows the stored word, or
/// says "in 3 h" from epoch seconds for today's entries.
public enum DayWords {
  /// The wording for an entry at `target` seen at `now` in `zone`, and when it stops
  /// being right (the next local midnight). Nil on the same local day: relative hours
  /// say it better there. Otherwise "tomorrow", a weekday within the week ("Wednesday"),
  /// else the date ("27 Nov", with the year when it is not this year: "19 Jan 2038"),
  /// with the time of day when the entry does not start at midnight ("tomorrow 09:00").
  public static func label(target: Int64, now: Int64, zone: Zone = .user) -> (label: String?, validUntil: Int64) {
    let today = zone.day(at: now)
    let validUntil = zone.start(of: today.adding(days: 1))
    let clock = zone.clock(at: target)
    let days = clock.day.ordinal - today.ordinal
    guard days != 0 else { return (nil, validUntil) }
    var word: String
    switch days {
    case 1: word = localized("tomorrow")
    case -1: word = localized("yesterday")
    case 2...6: word = TimeText.weekday(clock.day.weekday)
    default: word = TimeText.dayShortMonth(clock.day, withYear: clock.day.year != today.year)
    }
    if zone.start(of: clock.day) != target {
      word = localized("%s %s", word, TimeText.hourMinute(clock.hour, clock.minute))
    }
    return (word, validUntil)
  }
}
