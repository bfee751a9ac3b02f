import Platform
import TimelineCore

/// Kind `friends`: who is due to be contacted again, from the user's vCards and the
/// friends log (`FriendsLog`); it never writes a vCard. Entries change at each local
/// midnight for five weeks, so the bar is right with no refresh. docs/providers/friends.md.
public struct FriendsProvider: TimelineProvider, LocalDiagnostics {
  /// The kind name in config.
  public static let kind = "friends"
  /// A friend's link is built from the user's own card (`Contact.link`): a number or a
  /// plain address, which a click dials or writes to.
  public static let linkPrefixes = ["https://", "http://", "tel:", "mailto:"]

  let contacts: ContactsOptions
  let every: Period
  let categories: [String]
  /// Each name with its period, and where it is written (`FILE:LINE:COL: [widgets.NAME] `)
  /// when the config file says, so a name that matches nobody is reported at its place.
  let cadence: [(name: String, period: Period, place: String)]
  /// The user's days; a test fixes the offset.
  public var days = LocalDays()
  /// The log; the default place unless a test gives its own.
  public var log = FriendsLog(path: FriendsLog.defaultPath())

  /// Reads and checks the widget's options; throws `ProviderError.config` naming a bad one.
  public init(config: WidgetConfig) throws {
    var options = Options(config)
    contacts = try ContactsOptions(&options)
    let periodHelp = "a period like \"10d\", \"2w\", \"1m\" (months) or \"1y\""
    guard let every = Period(try options.string("every", default: "1m") ?? "1m") else {
      throw options.invalid("every", expected: periodHelp)
    }
    self.every = every
    categories = try options.strings("categories") ?? ["friends"]
    // Checked in the order of the file, so the first bad entry is the one named.
    cadence = try (options.stringTable("cadence") ?? []).map { name, text in
      guard !name.allSatisfy(\.isWhitespace) else {
        throw options.invalid("cadence", entry: name, atKey: true, expected: "a contact's name")
      }
      guard let period = Period(text) else {
        throw options.invalid("cadence", entry: name, expected: "\(periodHelp), got \"\(CleanText.barLine(text))\"")
      }
      let known = config.places.entryKeys["cadence"]?[name] != nil
      return (name, period, known ? config.place(of: "cadence", atKey: true, entry: name) + " " : "")
    }.sorted { $0.name < $1.name }
    try options.finish()
  }

  /// What the bars show before the first refresh; no I/O.
  public func placeholder() -> Entry {
    Entry(date: 0, runs: [TextRun("☎ …")], alt: "placeholder", classes: ["friends"])
  }

  /// The tracked friends among `people`, with the log applied, and what did not match.
  func friends(_ people: [Contact], summary: FriendsLog.Summary, today: Int) -> (
    friends: [FriendsPlan.Friend], problems: [String]
  ) {
    var periods: [Int: Period] = [:]
    let wanted = Set(categories.map(NameMatch.fold))
    for (index, person) in people.enumerated()
    where person.categories.contains(where: { wanted.contains(NameMatch.fold($0)) }) {
      periods[index] = every
    }
    var problems: [String] = []
    for (name, period, place) in cadence {
      let found = NameMatch.candidates(name, among: people.map(\.spellings), loose: people.map(\.looseSpellings))
      if found.count == 1 {
        periods[found[0]] = period
      } else if found.isEmpty {
        problems.append(place + "cadence \"\(name)\": no contact has that name")
      } else {
        let matches = found.prefix(5).map { people[$0].name }.joined(separator: ", ")
        problems.append(place + "cadence \"\(name)\": \(found.count) contacts match (\(matches)); use more of the name")
      }
    }
    let friends = periods.sorted { $0.key < $1.key }.map { index, period in
      let person = people[index]
      return FriendsPlan.Friend(
        contact: person, period: period, lastContact: summary.lastContact[person.key], how: summary.lastHow[person.key],
        since: summary.tracked[person.key] ?? today, snoozedUntil: summary.snoozedUntil[person.key])
    }
    return (friends, problems)
  }

  /// The preview's timeline, made without the network.
  public func snapshot(context: ProviderContext) -> TimelineDraft {
    let now = context.clock.now()
    let today = days.day(of: now)
    let people = ContactSamples.contacts()
    // A made-up history next to today: one friend overdue, one due today, one later.
    let history: [(String, Int)] = [("2w", 17), ("1w", 7), ("1m", 20)]
    let friends = zip(people, history).map { person, past in
      FriendsPlan.Friend(
        contact: person, period: Period(past.0) ?? every, lastContact: today - past.1, since: today - 60)
    }
    return draft(friends, now: now)
  }

  /// The widget's timeline at `context`'s time.
  public func timeline(context: ProviderContext) async throws -> TimelineDraft {
    let now = context.clock.now()
    let friends = try current(now: now).friends
    var fetched = draft(friends, now: now)
    fetched.facts = facts(friends, now: now)
    return fetched
  }

  /// The friends now, after recording the start of tracking for those new to it.
  public func current(now: Int64) throws -> (friends: [FriendsPlan.Friend], problems: [String]) {
    let today = days.day(of: now)
    let book = try AddressBook.read(contacts.path)
    let summary = try log.summary()
    let found = friends(book.contacts, summary: summary, today: today)
    let new = found.friends.filter {
      summary.tracked[$0.contact.key] == nil && summary.lastContact[$0.contact.key] == nil
    }
    try log.append(
      new.map { FriendsLog.Event(kind: .track, who: $0.contact.key, name: $0.contact.name, day: today, at: now) })
    let lines = summary.damaged.prefix(5).map(String.init).joined(separator: ", ")
    let skipped = "\(log.path): \(summary.damaged.count) damaged line(s) skipped (line \(lines))"
    let damaged = summary.damaged.isEmpty ? [] : [skipped]
    return (found.friends, book.problems + found.problems + damaged)
  }

  /// The address book's (and the log's) problems, read now from the files.
  public func diagnostics() -> [String] {
    do {
      let book = try AddressBook.read(contacts.path)
      let summary = try log.summary()
      let found = friends(book.contacts, summary: summary, today: days.day(of: SystemClock().now()))
      let damaged = summary.damaged.map { "\(log.path): line \($0) is damaged; skipped" }
      return book.problems + found.problems + damaged
    } catch {
      return ["\(error)"]
    }
  }

  /// One entry per local day from today; with `browse`, the entry now shows the
  /// `browse`-th friend of today's due list until `browseUntil`.
  public func draft(_ friends: [FriendsPlan.Friend], now: Int64, browse: Int? = nil, browseUntil: Int64? = nil)
    -> TimelineDraft
  {
    var draft = days.daily(from: now) { day, isToday in entry(friends, on: day, withDetail: isToday) }
    let today = days.day(of: now)
    let due = FriendsPlan.ranked(friends, on: today).due
    if let browse, let browseUntil, !due.isEmpty, browseUntil < days.start(of: today + 1) {
      let index = ((browse % due.count) + due.count) % due.count
      var shown = entry(friends, on: today, showing: due[index])
      shown.date = now
      shown.classes.append("browsing")
      shown.runs.insert(TextRun("\(index + 1)/\(due.count) ▸ "), at: 0)
      var back = draft.entries[0]
      back.date = browseUntil
      draft.entries[0] = shown
      draft.entries.insert(back, at: 1)
    }
    return draft
  }

  func entry(
    _ friends: [FriendsPlan.Friend], on day: Int, showing chosen: FriendsPlan.Friend? = nil, withDetail: Bool = true
  ) -> Entry {
    let (due, later) = FriendsPlan.ranked(friends, on: day)
    let everyone = due + later
    let line = { (friend: FriendsPlan.Friend) in FriendsPlan.line(friend, name: contacts.shown(friend.contact), on: day)
    }
    let tooltip =
      everyone.prefix(12).map(line) + (everyone.count > 12 ? ["… " + localized("%d more", everyone.count - 12)] : [])
    // The whole list only today: a later day's `timeline show` falls back to the tooltip,
    // and a long list repeated five weeks over would make the cache megabytes.
    let detail =
      !withDetail
      ? []
      : everyone.isEmpty
        ? [[TextRun(localized("No friends tracked: set categories or cadence"))]] : everyone.map { [TextRun(line($0))] }
    guard let top = chosen ?? due.first else {
      let text =
        friends.isEmpty
        ? "☎ " + localized("nobody tracked")
        : FriendsPlan.caughtUpText(
          next: later.first, name: later.first.map { contacts.shown($0.contact) } ?? "", on: day)
      return Entry(
        date: 0, relevance: Relevance(ContactRelevance.quiet), runs: [TextRun(text)],
        short: friends.isEmpty ? nil : localized("all caught up"), tooltip: tooltip.isEmpty ? [text] : tooltip,
        alt: "caught-up",
        classes: ["friends", "caught-up"], url: later.first?.contact.link,
        key: later.first.map { "friend:" + $0.contact.key },
        detail: detail, quiet: true)
    }
    let score = top.relevance(on: day) ?? ContactRelevance.quiet
    let late = top.overdue(on: day) > 0
    return Entry(
      date: 0, relevance: Relevance(score),
      runs: [TextRun(FriendsPlan.dueText(top, name: contacts.shown(top.contact), on: day))],
      short: "☎ \(contacts.shown(top.contact))", tooltip: tooltip, alt: late ? "overdue" : "due",
      classes: ["friends", late ? "overdue" : "due"], url: top.contact.link, key: "friend:" + top.contact.key,
      detail: detail)
  }
}
