/// The friends and birthdays entries' scores on the shared 0–100 relevance scale
/// (docs/relevance.md). 80 or more marks an entry urgent; none of these scores reaches
/// that, so a birthday or an overdue friend is never drawn as an alarm.
enum ContactRelevance {
  /// Nobody due, or no birthday soon.
  static let quiet = 5

  /// A friend `overdueDays` past due (0 = due today) with a period of `periodDays`: 40
  /// when due, rising in proportion to the overdue fraction of the period, up to 75 once
  /// a whole period late. Nil when not due.
  static func friend(overdueDays: Int, periodDays: Int) -> Int? {
    guard overdueDays >= 0 else { return nil }
    let fraction = min(1.0, Double(overdueDays) / Double(max(1, periodDays)))
    return 40 + Int((35 * fraction).rounded())
  }

  /// The soonest birthday or anniversary `daysAway` days from today: 70 on the day, 25
  /// within 7 days, 5 otherwise (nil: none in the window).
  static func birthday(daysAway: Int?) -> Int {
    guard let daysAway else { return quiet }
    if daysAway == 0 { return 70 }
    return daysAway <= 7 ? 25 : quiet
  }
}
