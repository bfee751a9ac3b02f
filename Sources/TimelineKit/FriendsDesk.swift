import Providers
import TimelineCache
import TimelineCore

/// What `timeline friends` does: list the tracked friends, log a contact, snooze, and
/// the bar's clicks and wheel. Each change is appended to the friends log, then every
/// friends widget's cache is rewritten here, from the vCards and the log, with no
/// network and no refresh of any other widget. The wheel changes no data: it writes the
/// session's browse state and a view file beside it, never the cache.
public struct FriendsDesk: Sendable {

  /// The config with the friends widgets.
  public var config: AppConfig
  /// Where the widgets' timelines are rewritten.
  public var store: CacheStore
  /// The time every command of one run acts at.
  public var now: Int64
  /// The contact log.
  public var log = FriendsLog(path: FriendsLog.defaultPath())
  /// The session's browse states, where the wheel's view goes.
  public var browse = BrowseStore(directory: BrowseStore.defaultDirectory())

  /// A desk for `config` at `now`.
  public init(config: AppConfig, store: CacheStore, now: Int64) {
    self.config = config
    self.store = store
    self.now = now
  }

  /// The friends widgets: the one named, else all of them.
  func widgets(_ name: String?) throws(FriendsError) -> [(WidgetConfig, FriendsProvider)] {
    let chosen = config.widgets.filter { $0.kind == FriendsProvider.kind && (name == nil || $0.name.text == name) }
    if let name, chosen.isEmpty {
      let known = config.widget(named: name) != nil
      throw FriendsError(
        status: 2, description: known ? "\"\(name)\" is not a friends widget" : config.unknownWidget(name))
    }
    guard !chosen.isEmpty else {
      throw FriendsError(
        status: 2, description: "no widget of kind \"friends\" in \(config.file) (docs/providers/friends.md)")
    }
    return try chosen.map { widget throws(FriendsError) in
      do {
        guard var provider = try WidgetFactory.provider(for: widget) as? FriendsProvider else { throw ConfigError("") }
        provider.log = log
        return (widget, provider)
      } catch {
        throw FriendsError(status: 2, description: "\(error)")
      }
    }
  }

  /// `friends list [WIDGET]`: one block per widget, a line per friend, most due first.
  public func list(_ name: String?) throws(FriendsError) -> String {
    var blocks: [String] = []
    for (widget, provider) in try widgets(name) {
      let (friends, problems) = try tracked(provider)
      let today = provider.days.day(of: now)
      let (due, later) = FriendsPlan.ranked(friends, on: today)
      var lines = ["\(widget.name): \(friends.count) tracked, \(due.count) due"]
      lines += (due + later).map { "  " + Terminal.clean(FriendsPlan.line($0, name: $0.contact.name, on: today)) }
      lines += problems.map { "  warning: " + Terminal.clean($0) }
      blocks.append(lines.joined(separator: "\n"))
    }
    return blocks.joined(separator: "\n\n")
  }

  /// The one tracked friend `query` names, across every friends widget.
  public func find(_ query: String) throws(FriendsError) -> FriendsPlan.Friend {
    var everyone: [String: FriendsPlan.Friend] = [:]
    for (_, provider) in try widgets(nil) {
      for friend in try tracked(provider).friends where everyone[friend.contact.key] == nil {
        everyone[friend.contact.key] = friend
      }
    }
    let friends = everyone.values.sorted { ($0.contact.name, $0.contact.key) < ($1.contact.name, $1.contact.key) }
    let found = NameMatch.candidates(query, in: friends.map(\.contact.name))
    guard found.count == 1 else {
      let clean = Terminal.clean(query)
      if found.isEmpty { throw FriendsError(status: 2, description: "no tracked friend matches \"\(clean)\"") }
      let names = found.map { "  " + Terminal.clean(friends[$0].contact.name) }
      throw FriendsError(
        status: 2,
        description: "\"\(clean)\" matches \(found.count) friends; use more of the name:\n"
          + names.joined(separator: "\n"))
    }
    return friends[found[0]]
  }

  /// `friends log NAME`: records a contact on `day` (default today).
  public func logContact(_ friend: FriendsPlan.Friend, day: Int?, how: String?) async throws(FriendsError) -> String {
    let today = LocalDays().day(of: now)
    let when = day ?? today
    guard when <= today else {
      throw FriendsError(status: 2, description: "--when: \(LocalDays.iso(when)) is in the future")
    }
    try append(
      FriendsLog.Event(kind: .contact, who: friend.contact.key, name: friend.contact.name, day: when, how: how, at: now)
    )
    try await rewrite()
    var next = friend
    next.lastContact = max(friend.lastContact ?? when, when)
    return "logged \(how ?? "contact") with \(Terminal.clean(friend.contact.name)) on \(LocalDays.iso(when)); next due "
      + LocalDays.iso(next.dueDay)
  }

  /// `friends snooze NAME DURATION|DATE`: not due before `until`.
  public func snooze(_ friend: FriendsPlan.Friend, until: Int) async throws(FriendsError) -> String {
    try append(FriendsLog.Event(kind: .snooze, who: friend.contact.key, name: friend.contact.name, day: until, at: now))
    try await rewrite()
    let name = Terminal.clean(friend.contact.name)
    return until == 0 ? "snooze of \(name) lifted" : "snoozed \(name) until \(LocalDays.iso(until))"
  }

  /// The friend the bar shows now (the right click's "contacted today").
  public func shown(_ widget: String) throws(FriendsError) -> FriendsPlan.Friend {
    guard WidgetName(widget) != nil else {
      throw FriendsError(status: 2, description: "invalid widget name \"\(widget)\"")
    }
    // The key is in the cache's extra section, which only the full reader decodes; while
    // the wheel shows another friend, the entry shown is the view's.
    let found = try? CurrentEntry.find(widget: widget, at: nil, store: store, now: now, browse: browse) { nil }
    guard let (timeline, index) = found, let key = timeline.entries[index].key, key.hasPrefix("friend:") else {
      throw FriendsError(status: 1, description: "\(widget) shows no friend now")
    }
    for (_, provider) in try widgets(widget) {
      if let friend = try tracked(provider).friends.first(where: { "friend:" + $0.contact.key == key }) {
        return friend
      }
    }
    throw FriendsError(status: 1, description: "the friend \(widget) shows is no longer tracked")
  }

  /// The wheel: shows the `offset`-th due friend in `widget` until the browse timeout. It
  /// writes the browse state and its view file only; the cache stays byte for byte as it
  /// was, so a refresh or another reader never sees a browse.
  public func browse(_ widget: String, offset: Int) async throws(FriendsError) -> String {
    let chosen = try widgets(widget)
    guard let widgetConfig = chosen.first?.0, let provider = chosen.first?.1 else {
      throw FriendsError(status: 2, description: "invalid widget name \"\(widget)\"")
    }
    let name = widgetConfig.name
    let cached = CacheReader.view(path: store.path(for: name), at: now)
    guard cached.error == nil, let current = cached.current else {
      throw FriendsError(status: 1, description: "\(widget) shows nothing to browse; run `timeline refresh \(widget)`")
    }
    let until = now + config.bars.browseTimeout
    let draft = provider.draft(try tracked(provider).friends, now: now, browse: offset, browseUntil: until)
    guard var shown = draft.entries.first, shown.classes.contains("browsing") else {
      // Nobody due to turn through: the bar stays at now.
      browse.remove(name)
      return Terminal.clean(current.text)
    }
    shown.date = now
    let hash = WidgetFactory.hash(widgetConfig, provider, sources: config.sources, bars: config.bars)
    let view = WidgetFactory.timeline(
      TimelineDraft(entries: [shown], end: nil, policy: .never), widget: widgetConfig, provider: provider, now: now,
      grace: config.grace, hash: hash, bars: config.bars)
    do {
      try browse.withLock {
        try browse.writeView(view)
        try browse.write(
          BrowseState(offset: 1, anchor: current.date, target: now, expires: until, view: true), for: name)
      }
    } catch {
      throw FriendsError(status: 1, description: "\(widget): \(error)")
    }
    return Terminal.clean(shown.text)
  }

  private func append(_ event: FriendsLog.Event) throws(FriendsError) {
    do { try log.append([event]) } catch { throw FriendsError(status: 1, description: "\(error)") }
  }

  private func tracked(_ provider: FriendsProvider) throws(FriendsError) -> (
    friends: [FriendsPlan.Friend], problems: [String]
  ) {
    do { return try provider.current(now: now) } catch { throw FriendsError(status: 1, description: "\(error)") }
  }

  /// Writes each friends widget's timeline from the files, under the widget's lock, as a
  /// refresh would.
  func rewrite() async throws(FriendsError) {
    for (widget, provider) in try widgets(nil) {
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
        // Who is due has changed, so a wheel's view of the old order is stale: the bar
        // returns to now.
        browse.withLock { browse.remove(widget.name) }
      } catch {
        throw FriendsError(status: 1, description: "\(widget.name): \(error)")
      }
    }
  }
}

/// A failure with its exit status: 2 for a usage error (an unknown or ambiguous name,
/// an unknown widget), 1 otherwise.
public struct FriendsError: Error, Sendable, CustomStringConvertible {
  /// The exit status the CLI gives it.
  public var status: Int32
  /// The message.
  public var description: String
}
