/// Who is due to be contacted on a given day: pure day arithmetic over the tracked
/// friends and the log, so every rule is tested without a clock or files.
public enum FriendsPlan {
  /// A tracked contact and what the log says about them.
  public struct Friend: Sendable, Equatable {
    /// The card.
    public var contact: Contact
    /// How often to be in touch.
    var period: Period
    /// The day of the last logged contact.
    public var lastContact: Int?
    /// How the last contact was made, when the log says.
    var how: String?
    /// The day tracking began (the first refresh that saw them tracked).
    var since: Int
    /// A snooze: not due before this day.
    var snoozedUntil: Int?

    /// One period after the last contact (or the start of tracking), or the end of a
    /// snooze when that is later.
    public var dueDay: Int {
      let due = period.after(lastContact ?? since)
      return max(due, snoozedUntil ?? due)
    }

    /// Days past due on `day`: 0 is due today, negative is not yet due.
    func overdue(on day: Int) -> Int { day - dueDay }

    /// The period in days, counted from where it started.
    var periodDays: Int { period.days(from: lastContact ?? since) }

    /// On the shared relevance scale (nil when not due).
    func relevance(on day: Int) -> Int? {
      ContactRelevance.friend(overdueDays: overdue(on: day), periodDays: periodDays)
    }
  }

  /// The friends due on `day`, most overdue first relative to their period (then by
  /// days overdue, then by name), and the others by the day they become due.
  public static func ranked(_ friends: [Friend], on day: Int) -> (due: [Friend], later: [Friend]) {
    // Sorted through precomputed keys: a friend carries a whole contact, costly to move.
    let keys = friends.map { ($0.overdue(on: day), $0.periodDays, $0.dueDay) }
    let due = friends.indices.filter { keys[$0].0 >= 0 }.sorted { a, b in
      let (fa, fb) = (Double(keys[a].0) / Double(max(1, keys[a].1)), Double(keys[b].0) / Double(max(1, keys[b].1)))
      return (fa, keys[a].0, friends[b].contact.name) > (fb, keys[b].0, friends[a].contact.name)
    }
    let later = friends.indices.filter { keys[$0].0 < 0 }.sorted {
      (keys[$0].2, friends[$0].contact.name) < (keys[$1].2, friends[$1].contact.name)
    }
    return (due.map { friends[$0] }, later.map { friends[$0] })
  }

  /// "☎ Alice · 3 days overdue", "☎ Bob · due today".
  static func dueText(_ friend: Friend, name: String, on day: Int) -> String {
    let late = friend.overdue(on: day)
    return "☎ \(name) · "
      + (late == 0 ? localized("due today") : localizedPlural("%d day overdue", "%d days overdue", late))
  }

  /// "all caught up · next: Carol on Friday".
  static func caughtUpText(next: Friend?, name: String, on day: Int) -> String {
    guard let next else { return localized("all caught up") }
    let word = LocalDays.word(next.dueDay, today: day)
    let when = next.dueDay == day + 1 ? word : localized("on %s", word)
    return localized("all caught up · next: %s %s", name, when)
  }

  /// A line of `timeline show` and `timeline friends list`.
  public static func line(_ friend: Friend, name: String, on day: Int) -> String {
    let late = friend.overdue(on: day)
    let state =
      late > 0
      ? localizedPlural("%d day overdue", "%d days overdue", late)
      : late == 0 ? localized("due today") : localized("due %s", LocalDays.word(friend.dueDay, today: day))
    let last =
      friend.lastContact.map { localized("last %s", LocalDays.iso($0)) + (friend.how.map { " (\($0))" } ?? "") }
      ?? localized("no contact logged")
    var text = "\(name) · " + localized("every %s", friend.period) + " · \(last) · \(state)"
    if let until = friend.snoozedUntil, until > day {
      text += " · " + localized("snoozed until %s", LocalDays.iso(until))
    }
    return text
  }
}
