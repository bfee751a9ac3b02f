import Providers
import TimelineCache
import TimelineCore

/// What `timeline friends` does: list the tracked friends, log a contact, snooze, and
/// the bar's clicks and wheel. Each change is appended to the friends log, then every
/// friends widget's cache is rewritten here, with no network and no refresh of any other
/// widget. The wheel changes no data: it writes the session's browse state and a view file
/// beside it, never the cache.
public struct FriendsDesk: Sendable {
  /// The config with the friends widgets.
  public var config: AppConfig
  var store: CacheStore
  /// The time every command of one run acts at.
  public var now: Int64
  var log = FriendsLog(path: FriendsLog.defaultPath())
  /// The session's browse states of `store`, where the wheel's view goes.
  var browse: BrowseStore

  /// A desk for `config` at `now`.
  public init(config: AppConfig, store: CacheStore, now: Int64) {
    self.config = config
    self.store = store
    self.now = now
    browse = BrowseStore.session(cache: store.directory)
  }

  /// The friends widgets: the one named, else all of them.
  func widgets(_ name: WidgetName?) throws(FriendsError) -> [(WidgetConfig, FriendsProvider)] {
    let chosen = config.widgets.filter { $0.kind == FriendsProvider.kind && (name == nil || $0.name == name) }
    if let name, chosen.isEmpty {
      throw config.widget(name) != nil ? .notFriendsWidget(name) : .unknownWidget(config.unknownWidget(name.text))
    }
    guard !chosen.isEmpty else { throw .noFriendsWidget(file: config.file) }
    return try chosen.map { widget throws(FriendsError) in
      do {
        guard var provider = try WidgetFactory.provider(for: widget) as? FriendsProvider else { throw ConfigError("") }
        provider.log = log
        return (widget, provider)
      } catch {
        throw .config("\(error)")
      }
    }
  }

  /// `friends list [WIDGET]`: one block per widget, a line per friend, most due first.
  public func list(_ name: WidgetName?) throws(FriendsError) -> String {
    try widgets(name).map { (widget, provider) throws(FriendsError) -> String in
      let (friends, problems) = try tracked(provider)
      let today = provider.days.day(of: now)
      let (due, later) = FriendsPlan.ranked(friends, on: today)
      return
        (["\(widget.name): \(friends.count) tracked, \(due.count) due"]
        + (due + later).map { "  " + Terminal.clean(FriendsPlan.line($0, name: $0.contact.name, on: today)) }
        + problems.map { "  warning: " + Terminal.clean($0) }).joined(separator: "\n")
    }.joined(separator: "\n\n")
  }

  /// The one tracked friend `query` names (`Contact.spellings`), across every friends widget.
  public func find(_ query: String) throws(FriendsError) -> FriendsPlan.Friend {
    let friends = try everyone()
    let found = NameMatch.candidates(
      query, among: friends.map(\.contact.spellings), loose: friends.map(\.contact.looseSpellings))
    guard found.count == 1 else {
      let clean = Terminal.clean(query)
      if found.isEmpty { throw .noMatch(clean) }
      throw .ambiguous(clean, found.map { Terminal.clean(friends[$0].contact.name) })
    }
    return friends[found[0]]
  }

  /// Every friend tracked by any friends widget, once each, in name order.
  private func everyone() throws(FriendsError) -> [FriendsPlan.Friend] {
    var everyone: [String: FriendsPlan.Friend] = [:]
    for (_, provider) in try widgets(nil) {
      for friend in try tracked(provider).friends where everyone[friend.contact.key] == nil {
        everyone[friend.contact.key] = friend
      }
    }
    return everyone.values.sorted { ($0.contact.name, $0.contact.key) < ($1.contact.name, $1.contact.key) }
  }

  /// What a shell completes NAME with: for each tracked friend, the first word of their
  /// spellings, folded, that `find` takes for them alone and that is a shell word (bash's
  /// `compgen -W` expands the words it offers, so a `$(…)` in a name would run); none for a
  /// friend no such word picks out. `find` takes a word for its friend alone when no other
  /// friend's spelling equals it or, with none equal, contains it; both are gathered in one
  /// pass over the spellings' pieces of a word's length, so a large book completes quickly.
  public func completionWords() throws(FriendsError) -> [String] {
    let friends = try everyone()
    let spellings = friends.map { $0.contact.spellings.map(NameMatch.fold) }
    let words: [[String]] = friends.map { friend in
      friend.contact.spellings.flatMap { $0.split(separator: " ") }.map { NameMatch.fold(String($0)) }.filter(
        Self.isShellWord)
    }
    let wanted = Set(words.flatMap { $0 })
    let lengths = Set(wanted.map { $0.utf8.count })
    // The friends with a spelling equal to each word, and with one containing it: the
    // first such friend, or -1 for more than one.
    var equal: [String: Int] = [:]
    var containing: [String: Int] = [:]
    func note(_ word: String, _ friend: Int, in table: inout [String: Int]) {
      if let seen = table[word], seen != friend { table[word] = -1 } else { table[word] = table[word] ?? friend }
    }
    for (friend, own) in spellings.enumerated() {
      for spelling in own {
        if wanted.contains(spelling) { note(spelling, friend, in: &equal) }
        let bytes = Array(spelling.utf8)
        for length in lengths where length <= bytes.count {
          for start in 0...(bytes.count - length) {
            let piece = String(decoding: bytes[start..<start + length], as: UTF8.self)
            if wanted.contains(piece) { note(piece, friend, in: &containing) }
          }
        }
      }
    }
    return friends.indices.compactMap { friend in
      words[friend].first { (equal[$0] ?? containing[$0]) == friend }
    }
  }

  /// ASCII letters, digits, `.`, `_` and `-`, not first: a word no shell expands, quotes
  /// or reads as an option.
  private static func isShellWord(_ word: String) -> Bool {
    guard let first = word.utf8.first, first != UInt8(ascii: "-") else { return false }
    return word.utf8.allSatisfy { byte in
      (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte)
        || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }
  }

  /// What a change to the log did: the line for stdout, and what failed once it was recorded
  /// (for stderr; the change stands either way: the next refresh shows it).
  public struct Change: Sendable, Equatable {
    /// What was recorded.
    public var message: String
    /// What went wrong after it was recorded.
    public var warnings: [String]
  }

  /// `friends log NAME`: records a contact on `day` (default today). Throws only when the
  /// contact was not recorded, so the exit status says whether to try again.
  public func logContact(_ friend: FriendsPlan.Friend, day: Int?, how: String?) async throws(FriendsError) -> Change {
    let today = LocalDays().day(of: now)
    let when = day ?? today
    guard when <= today else { throw .futureDay(when) }
    try append(
      FriendsLog.Event(kind: .contact, who: friend.contact.key, name: friend.contact.name, day: when, how: how, at: now)
    )
    let warnings = await rewrite()
    var next = friend
    next.lastContact = max(friend.lastContact ?? when, when)
    let message =
      "logged \(how ?? "contact") with \(Terminal.clean(friend.contact.nameWithLatin)) on \(LocalDays.iso(when)); next due "
      + LocalDays.iso(next.dueDay)
    return Change(message: message, warnings: warnings)
  }

  /// `friends snooze NAME DURATION|DATE`: not due before `until`; throws as `logContact`.
  public func snooze(_ friend: FriendsPlan.Friend, until: Int) async throws(FriendsError) -> Change {
    try append(FriendsLog.Event(kind: .snooze, who: friend.contact.key, name: friend.contact.name, day: until, at: now))
    let warnings = await rewrite()
    let name = Terminal.clean(friend.contact.nameWithLatin)
    let message = until == 0 ? "snooze of \(name) lifted" : "snoozed \(name) until \(LocalDays.iso(until))"
    return Change(message: message, warnings: warnings)
  }

  /// The friend the bar shows now (the right click's "contacted today").
  public func shown(_ widget: WidgetName) throws(FriendsError) -> FriendsPlan.Friend {
    // The key is in the cache's extra section, which only the full reader decodes; while
    // the wheel shows another friend, the entry shown is the view's.
    let found = try? CurrentEntry.find(widget: widget, at: nil, store: store, now: now, browse: browse) { nil }
    guard let (timeline, index) = found, let key = timeline.entries[index].key, key.hasPrefix("friend:") else {
      throw .nothingShown(widget)
    }
    for (_, provider) in try widgets(widget) {
      if let friend = try tracked(provider).friends.first(where: { "friend:" + $0.contact.key == key }) {
        return friend
      }
    }
    throw .noLongerTracked(widget)
  }

  /// The wheel (`timeline browse WIDGET next|prev|now`): turns through today's due list,
  /// most overdue first, wrapping; `now` returns to the top. The position and the view file
  /// are written under the browse directory's lock, so a fast wheel loses no step; the
  /// cache stays as it was, so a refresh or another reader never sees a browse.
  public func turn(_ name: WidgetName, _ move: Browser.Move) throws(FriendsError) -> Browser.Outcome {
    guard let (widgetConfig, provider) = try widgets(name).first else { throw .noFriendsWidget(file: config.file) }
    let cached = CacheReader.view(path: store.path(for: name), at: now)
    guard cached.error == nil, let current = cached.current else { throw .nothingToBrowse(name) }
    let friends = try tracked(provider).friends
    let until = now + config.bars.browseTimeout
    let hash = WidgetFactory.hash(widgetConfig, provider, sources: config.sources, bars: config.bars)
    do {
      return try browse.withLock { () throws -> Browser.Outcome in
        let live = browse.read(name).flatMap { $0.view && $0.isLive(at: now, current: current.date) ? $0.wheel : nil }
        var position = live ?? browse.takeOldWheel(name, now: now) ?? 0
        switch move {
        case .next: position += 1
        case .prev: position -= 1
        case .now: position = 0
        }
        let draft = provider.draft(friends, now: now, browse: position, browseUntil: until)
        guard move != .now, var shown = draft.entries.first, shown.classes.contains("browsing") else {
          // Back to the top, or nobody due to turn through now: the bar shows now.
          browse.remove(name)
          return Browser.Outcome(
            offset: 0, place: move == .now ? "now" : "nobody due to turn through; the bar shows now")
        }
        shown.date = now
        let view = WidgetFactory.timeline(
          TimelineDraft(entries: [shown], end: nil, policy: .never), widget: widgetConfig, provider: provider, now: now,
          grace: config.grace, hash: hash, bars: config.bars)
        try browse.writeView(view)
        try browse.write(
          BrowseState(offset: 1, anchor: current.date, target: now, expires: until, view: true, wheel: position),
          for: name)
        return Browser.Outcome(
          offset: 1, entry: shown, label: Terminal.clean(shown.text), expires: until,
          place: "back to the most due at \(ISOTime.format(until)) unless turned again")
      }
    } catch {
      throw .write(name, "\(error)")
    }
  }

  private func append(_ event: FriendsLog.Event) throws(FriendsError) {
    do { try log.append([event]) } catch { throw .files("\(error)") }
  }

  private func tracked(_ provider: FriendsProvider) throws(FriendsError) -> (
    friends: [FriendsPlan.Friend], problems: [String]
  ) {
    do { return try provider.current(now: now) } catch { throw .files("\(error)") }
  }

  /// Writes each friends widget's timeline from the files under its lock, as a refresh
  /// would, and the stacks' files. A widget that cannot be rewritten is a warning, not a
  /// failure: the log already has the change, and the next refresh writes it.
  func rewrite() async -> [String] {
    let chosen: [(WidgetConfig, FriendsProvider)]
    do { chosen = try widgets(nil) } catch { return ["\(error); the bars show the change after the next refresh"] }
    var warnings: [String] = []
    for (widget, provider) in chosen {
      do {
        try await store.withLock(widget.name, wait: 5) {
          let friends = try provider.current(now: now).friends
          let draft = provider.draft(friends, now: now)
          let hash = WidgetFactory.hash(widget, provider, sources: config.sources, bars: config.bars)
          let timeline = WidgetFactory.timeline(
            draft, widget: widget, provider: provider, now: now, grace: config.grace, hash: hash, bars: config.bars)
          try store.write(timeline)
          store.clearState(of: widget.name)
        }
      } catch {
        warnings.append("\(widget.name): \(error); the bar shows the change after the next refresh")
      }
      // A wheel's view of the old order is stale: the bar returns to now, unlocked when the
      // lock cannot be had (the unlink is atomic, and an old view would outlive the change).
      if (try? browse.withLock({ browse.remove(widget.name) })) == nil { browse.remove(widget.name) }
    }
    await Refresher(config: config, store: store, clock: FixedClock(now)).writeStacks()
    return warnings
  }
}
