import EmitRuntime
import Emitters
import FoundationEssentials
import Providers
import TimelineCache
import TimelineCore

/// `timeline browse WIDGET next|prev|now`: moves the widget's view along its timeline by
/// writing the session's browse state (`BrowseStore`, docs/emitters.md), which both
/// emitters read.
public enum Browser {
  /// Where to move.
  public enum Move: String, CaseIterable, Sendable {
    case next, prev, now
  }

  /// Where the view stands after the move.
  public struct Outcome: Sendable, Equatable {
    /// Entries ahead of the current one; 0 is now.
    var offset: Int
    /// Nil at now.
    var entry: Entry?
    /// How the bars name it ("in 3 h", "tomorrow").
    var label: String?
    /// When the view returns to now by itself.
    var expires: Int64?
    /// A `next` found no entry further ahead.
    var nothingLater = false
    /// What the terminal says after the label instead of how far ahead it is (the friends
    /// wheel turns through a list).
    var place: String?

    /// One line for the terminal.
    public func describe(widget: String) -> String {
      guard let label, let expires else {
        if let place { return "\(widget): \(place)" }
        return "\(widget): " + (nothingLater ? "nothing later yet (the view stays at now)" : "now")
      }
      if nothingLater { return "\(widget): nothing later yet; still at \(label)" }
      if let place { return "\(widget): \(label) (\(place))" }
      let ahead = "\(offset) entr\(offset == 1 ? "y" : "ies") ahead"
      return "\(widget): \(label) (\(ahead); back to now at \(ISOTime.format(expires)) unless browsed again)"
    }
  }

  /// Applies `move` to `widget` at `now`. Throws `ConfigError` for a widget the config
  /// does not have (or a config `refresh` would refuse), `CacheWriteError` for a failed write.
  public static func move(
    _ move: Move, widget: WidgetName, config: AppConfig, cache: CacheStore, browse: BrowseStore, now: Int64,
    zone: Zone = .user
  ) throws -> Outcome {
    _ = try Refresher(config: config, store: cache, clock: FixedClock(now)).providers(for: [widget])
    // A friends widget's wheel turns through today's due list, as `timeline friends next` does.
    if config.widget(widget)?.kind == FriendsProvider.kind {
      var desk = FriendsDesk(config: config, store: cache, now: now)
      desk.browse = browse
      return try desk.turn(widget, move)
    }
    return try browse.withLock {
      try step(move, widget: widget, config: config, cache: cache, browse: browse, now: now, zone: zone)
    }
  }

  /// The read, the change and the write of one move, under the browse directory's lock.
  private static func step(
    _ move: Move, widget: WidgetName, config: AppConfig, cache: CacheStore, browse: BrowseStore, now: Int64, zone: Zone
  ) throws -> Outcome {
    let path = cache.path(for: widget)
    let view = CacheReader.view(path: path, at: now)
    if view.error == nil, view.meta?.kind == StackRule.kind {
      return try stack(move, widget: widget, config: config, cache: cache, browse: browse, now: now)
    }
    let current = view.error == nil ? view.current?.date : nil
    var offset = 0
    if let state = browse.read(widget), state.isLive(at: now, current: current) { offset = state.offset }
    switch move {
    case .next: offset += 1
    case .prev: offset = max(0, offset - 1)
    case .now: offset = 0
    }
    // `next` past the last entry stays on the last one; with no entry ahead at all the
    // view is now, and the bar says so for a moment.
    guard offset > 0, view.error == nil, let (entry, steps) = BrowseView.walk(path: path, from: view, steps: offset)
    else {
      if move == .next, view.error == nil, let current = view.current {
        let note = BrowseState(
          offset: 0, anchor: current.date, target: current.date,
          expires: now + min(Self.noteSeconds, config.bars.browseTimeout), label: Self.nothingLater)
        try browse.write(note, for: widget)
      } else {
        browse.remove(widget)
      }
      return Outcome(offset: 0, nothingLater: move == .next)
    }
    let nothingLater = move == .next && steps < offset
    // A day-keyed entry is named by its own day in its own zone: Friday's level in Oslo is
    // "Friday" whatever the viewer's clock says.
    let provider = config.widget(widget).flatMap { try? WidgetFactory.provider(for: $0) }
    let dayZone = provider?.dayZone.flatMap { try? Zone(identifier: $0) } ?? zone
    let words = DayWords.label(target: entry.date, now: now, zone: dayZone)
    var expires = now + config.bars.browseTimeout
    // A day word is wrong after local midnight: return to now then at the latest.
    if words.label != nil { expires = min(expires, words.validUntil) }
    // At the last entry, a further `next` says so in the bar's label too.
    let shown = nothingLater ? (words.label.map { $0 + ", " } ?? "") + Self.nothingLater : words.label
    let state = BrowseState(offset: steps, anchor: current, target: entry.date, expires: expires, label: shown)
    try browse.write(state, for: widget)
    return Outcome(
      offset: steps, entry: entry,
      label: words.label ?? RelativeTime.words(from: now, to: entry.date, words: Words(text: Language.emitterWords())),
      expires: expires, nothingLater: nothingLater)
  }

  static var nothingLater: String { localized("nothing later yet") }

  /// How long the bar says it over the current entry (at most `[bars] browse_timeout`):
  /// long enough for a bar that polls every few seconds to show it.
  static let noteSeconds: Int64 = 10

  /// A stack turns through its members in order of relevance, wrapping at either end.
  static func stack(
    _ move: Move, widget: WidgetName, config: AppConfig, cache: CacheStore, browse: BrowseStore, now: Int64
  ) throws -> Outcome {
    let ranking = EmitPipeline.resolve(widget: widget, directory: cache.directory, now: now).ranking
    var offset = 0
    if let state = browse.read(widget), state.anchor == nil, now < state.expires { offset = state.offset }
    let count = max(1, ranking.count)
    switch move {
    case .next: offset = (offset + 1) % count
    case .prev: offset = (offset + count - 1) % count
    case .now: offset = 0
    }
    guard offset > 0, offset < ranking.count else {
      browse.remove(widget)
      return Outcome(offset: 0)
    }
    let expires = now + config.bars.browseTimeout
    try browse.write(BrowseState(offset: offset, anchor: nil, target: now, expires: expires), for: widget)
    let member = ranking[offset]
    let entry = WidgetName(member).flatMap { CacheReader.view(path: cache.path(for: $0), at: now).current }
    return Outcome(
      offset: offset, entry: entry, label: "\(member) (\(offset + 1) of \(ranking.count))", expires: expires)
  }
}
