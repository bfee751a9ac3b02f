import TimelineCore

/// What the contact kinds may notify: a birthday or anniversary on the day
/// (`[notify] birthdays = true`), a friend who becomes due (`[notify] friends = true`).
/// The subject is the contact (its UID, else its name), so a card shown by two widgets
/// notifies once; the name shown is the widget's (initials with `private = true`).
extension BirthdaysProvider {
  /// `[notify] birthdays = true`.
  static var notifyRule: NotifyRule? { .flag }

  /// "Kari Nordmann's birthday today", "… birthday and anniversary today".
  static func notice(_ facts: [NoticeFact]) -> Notice {
    var notice = Notice.plain(facts)
    let what = facts.map(\.what)
    notice.summary =
      what.count > 1
      ? localized("%s's %s and %s today", facts[0].title, what.dropLast().joined(separator: ", "), what[what.count - 1])
      : localized("%s's %s today", facts[0].title, what.first ?? "")
    return notice
  }

  /// Today's occasions, one fact each; the occasion is the kind and the date, so next
  /// year's birthday is a new one.
  func facts(_ people: [Contact], now: Int64) -> [NoticeFact] {
    let today = days.day(of: now)
    return BirthdayPlan.upcoming(people, today: today, days: 1).map { occasion in
      let name = contacts.shown(occasion.contact)
      return NoticeFact(
        subject: "birthdays:\(occasion.contact.key)", occasion: "\(occasion.kind.rawValue):\(LocalDays.iso(today))",
        level: 1, title: name,
        what: occasion.kind == .birthday ? localized("birthday") : localized("anniversary"), when: localized("today"),
        body: BirthdayPlan.line(occasion, name: name), url: occasion.contact.link)
    }
  }
}

extension FriendsProvider {
  /// `[notify] friends = true`.
  public static var notifyRule: NotifyRule? { .flag }

  /// "Time to call Kari Nordmann: due today".
  public static func notice(_ facts: [NoticeFact]) -> Notice {
    var notice = Notice.plain(facts)
    notice.summary = localized("Time to contact %s: %s %s", facts[0].title, facts[0].what, facts[0].when)
    return notice
  }

  /// The friends due today or overdue; the occasion is the day they became due, so the
  /// next period (after a logged contact) notifies again.
  func facts(_ friends: [FriendsPlan.Friend], now: Int64) -> [NoticeFact] {
    let today = days.day(of: now)
    return FriendsPlan.ranked(friends, on: today).due.map { friend in
      let name = contacts.shown(friend.contact)
      let late = friend.overdue(on: today)
      return NoticeFact(
        subject: "friends:\(friend.contact.key)", occasion: "due:\(LocalDays.iso(friend.dueDay))", level: 1,
        title: name, what: late == 0 ? localized("due") : localized("overdue"),
        when: late == 0 ? localized("today") : localized("since %s", LocalDays.iso(friend.dueDay)),
        body: FriendsPlan.line(friend, name: name, on: today), url: friend.contact.link)
    }
  }
}
