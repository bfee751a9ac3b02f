import Foundation

/// How `timeline browse` names a browsed entry that is not today: a day word in the
/// widget's time zone (`zone(kind:options:)`). Time-zone maths lives here, with the providers; the emitter only
/// shows the stored word, or says "in 3 h" from epoch seconds for today's entries.
public enum DayWords {
  /// The wording for an entry at `target` seen at `now` in `zone`, and when it stops
  /// being right (the next local midnight). Nil on the same local day: relative hours
  /// say it better there. Otherwise "tomorrow", a weekday within the week ("Wednesday"),
  /// else the date ("2 March"), with the time of day when the entry does not start at
  /// midnight ("tomorrow 09:00").
  public static func label(target: Int64, now: Int64, zone: TimeZone = .current) -> (label: String?, validUntil: Int64)
  {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    calendar.locale = Locale(identifier: "en_US_POSIX")
    let nowDate = Date(timeIntervalSince1970: TimeInterval(now))
    let targetDate = Date(timeIntervalSince1970: TimeInterval(target))
    let today = calendar.startOfDay(for: nowDate)
    let midnight = calendar.date(byAdding: .day, value: 1, to: today) ?? nowDate.addingTimeInterval(86_400)
    let validUntil = Int64(midnight.timeIntervalSince1970.rounded(.up))
    let days = calendar.dateComponents([.day], from: today, to: calendar.startOfDay(for: targetDate)).day ?? 0
    guard days != 0 else { return (nil, validUntil) }
    let formatter = DateFormatter()
    formatter.calendar = calendar
    formatter.timeZone = zone
    formatter.locale = calendar.locale
    var word: String
    switch days {
    case 1: word = "tomorrow"
    case -1: word = "yesterday"
    case 2...6:
      formatter.dateFormat = "EEEE"
      word = formatter.string(from: targetDate)
    default:
      // "27 Nov", with the year when it is not this year: "19 Jan 2038".
      let sameYear = calendar.component(.year, from: targetDate) == calendar.component(.year, from: nowDate)
      formatter.dateFormat = sameYear ? "d MMM" : "d MMM yyyy"
      word = formatter.string(from: targetDate)
    }
    if calendar.startOfDay(for: targetDate) != targetDate {
      formatter.dateFormat = "HH:mm"
      word += " " + formatter.string(from: targetDate)
    }
    return (word, validUntil)
  }

  /// The zone whose days a widget's entries are keyed to: a Hukamnama's day is Amritsar's,
  /// an avalanche day is Oslo's or Stockholm's. Nil for kinds whose entries follow the
  /// user's own clock.
  public static func zone(kind: String, country: String?) -> TimeZone? {
    switch kind {
    case "hukamnama": TimeZone(identifier: "Asia/Kolkata")
    case "avalanche": TimeZone(identifier: country == "se" ? "Europe/Stockholm" : "Europe/Oslo")
    default: nil
    }
  }
}
