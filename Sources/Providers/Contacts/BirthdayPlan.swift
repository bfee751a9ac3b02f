import TimelineCore

/// Which birthdays and anniversaries fall in the coming days: pure day arithmetic, so
/// every rule is tested without a clock or a zone.
public enum BirthdayPlan {
  /// One coming date of one contact.
  public struct Occasion: Sendable, Equatable {
    /// Which date of the card it is.
    enum Kind: String, Sendable { case birthday, anniversary }
    var contact: Contact
    var kind: Kind
    /// The local day it falls on.
    var day: Int
    /// Years since the date, when its year is known.
    var years: Int?
  }

  /// The day `date` falls on in `year`. 29 February falls on 28 February in a year
  /// that has none (the last day of the month the date belongs to).
  static func day(of date: ContactDate, in year: Int) -> Int {
    let day = date.month == 2 && date.day == 29 && !ContactDate.isLeap(year) ? 28 : date.day
    return Int(ISOTime.days(year: Int64(year), month: Int64(date.month), day: Int64(day)))
  }

  /// The occasions from `today` through `today + days - 1`, soonest first (then by name).
  public static func upcoming(_ contacts: [Contact], today: Int, days: Int) -> [Occasion] {
    var found: [Occasion] = []
    let (first, _, _) = ISOTime.civil(fromDays: Int64(today))
    let (last, _, _) = ISOTime.civil(fromDays: Int64(today + days))
    for contact in contacts {
      for (kind, date) in [(Occasion.Kind.birthday, contact.birthday), (.anniversary, contact.anniversary)] {
        guard let date else { continue }
        // Every recurrence in the range: a window of a year or more holds two.
        for year in Int(first)...Int(last) {
          let day = day(of: date, in: year)
          guard day >= today, day < today + days else { continue }
          let years = date.year.flatMap { year - $0 >= 0 ? year - $0 : nil }
          found.append(Occasion(contact: contact, kind: kind, day: day, years: years))
        }
      }
    }
    // Sorted through indices: an occasion carries a whole contact, costly to move.
    let order = found.indices.sorted { a, b in
      (found[a].day, found[a].contact.name, found[a].kind.rawValue)
        < (found[b].day, found[b].contact.name, found[b].kind.rawValue)
    }
    return order.map { found[$0] }
  }

  /// The bar text: "🎂 Alice turns 40 today", "🎂 Bob · Friday", "💍 Carol · 10 years
  /// today"; `name` is the name or initials as shown.
  static func text(_ occasion: Occasion, name: String, today: Int) -> String {
    let away = occasion.day - today
    switch (occasion.kind, away, occasion.years) {
    case (.birthday, 0, let years?) where years > 0:
      return "🎂 " + localizedPlural("%s turns %d today", "%s turns %d today", years, name, years)
    case (.birthday, 0, _): return "🎂 \(name) · " + localized("birthday today")
    case (.birthday, _, _): return "🎂 \(name) · \(LocalDays.word(occasion.day, today: today))"
    case (.anniversary, 0, let years?) where years > 0:
      return "💍 \(name) · " + localizedPlural("%d year today", "%d years today", years)
    case (.anniversary, 0, _): return "💍 \(name) · " + localized("anniversary today")
    case (.anniversary, _, _):
      return "💍 \(name) · " + localized("anniversary %s", LocalDays.word(occasion.day, today: today))
    }
  }

  /// A tooltip or `show` line: "Fri 28 Nov · Bob turns 31".
  static func line(_ occasion: Occasion, name: String) -> String {
    let what: String
    switch (occasion.kind, occasion.years) {
    case (.birthday, let years?) where years > 0:
      what = localizedPlural("%s turns %d", "%s turns %d", years, name, years)
    case (.birthday, _): what = localized("%s's birthday", name)
    case (.anniversary, let years?) where years > 0:
      what = localizedPlural("%s: %d year", "%s: %d years", years, name, years)
    case (.anniversary, _): what = localized("%s's anniversary", name)
    }
    return "\(LocalDays.short(occasion.day)) · \(what)"
  }
}
