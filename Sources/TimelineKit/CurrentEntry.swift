import EmitRuntime
import Emitters
import TimelineCache
import TimelineCore

/// The entry `timeline show` and `timeline open` act on: what the bars show, so with no
/// instant given, a live browse's entry (or a friends wheel's view file) counts.
public enum CurrentEntry {
  /// The cached timeline and the index of its entry current at `at` (default `now`); for a
  /// stack, the member's its bars show (`browse`: the session's directory; nil: by score
  /// alone). `config` is read only when the cache is missing, to tell a typo from a widget
  /// never refreshed; `warn` is told what is wrong with a cache file read all the same.
  public static func find(
    widget name: WidgetName, at: String?, store: CacheStore, now: Int64, browse: BrowseStore? = nil,
    warn: (String) -> Void = { _ in }, config: () -> AppConfig?
  ) throws(EntryLookupError) -> (Timeline, Int) {
    let widget = name.text
    var now = now
    if let at {
      guard let instant = ISO8601.parse(at) else {
        throw .usage("--at: expected an ISO 8601 time like 2026-03-02T09:00:00Z, got \"\(at)\"")
      }
      now = instant
    }
    let timeline: Timeline
    do {
      let read = try CacheReader.read(path: store.path(for: name))
      timeline = read.timeline
      if let warning = read.warning { warn(warning) }
    } catch .missing {
      // A name the config lacks is a typo, not a widget to refresh.
      if let config = config(), config.widget(name) == nil {
        throw .failed(config.unknownWidget(widget))
      }
      throw .failed("no cache for widget \"\(widget)\" in \(store.directory); run `timeline refresh \(widget)`")
    } catch {
      throw .failed(error.description)
    }
    if timeline.kind == StackRule.kind {
      // The member the bars show now (the same choice, hold included), in full.
      let resolved = EmitPipeline.resolve(
        widget: name, directory: store.directory, now: now, browse: browse, recordHold: false)
      // The member's name is data from the stack's file, as the bars read it.
      guard let member = resolved.member.flatMap({ WidgetName($0) }) else {
        throw .failed("stack \"\(widget)\" has no member with an entry to show; run `timeline refresh \(widget)`")
      }
      return try find(widget: member, at: at, store: store, now: now, browse: browse, warn: warn, config: config)
    }
    guard !Selection.isExpired(end: timeline.end, now: now),
      let index = Selection.currentIndex(dates: timeline.entries.count, dateAt: { timeline.entries[$0].date }, now: now)
    else {
      let when = at == nil ? "now" : "at \(ISOTime.format(now))"
      throw .failed("widget \"\(widget)\" has no current entry \(when); run `timeline refresh \(widget)`")
    }
    // A wheel's view file (a friends widget showing another friend) is what the bars show.
    if at == nil, let browse, let live = browse.read(name), live.view,
      live.isLive(at: now, current: timeline.entries[index].date), let viewPath = browse.viewPath(for: name),
      let shown = try? CacheReader.timeline(path: viewPath),
      let viewIndex = Selection.currentIndex(dates: shown.entries.count, dateAt: { shown.entries[$0].date }, now: now)
    {
      return (shown, viewIndex)
    }
    // So is the entry `timeline browse` moved to.
    if at == nil, let browse, let ahead = browsed(name, in: timeline, store: store, now: now, browse: browse) {
      return (timeline, ahead)
    }
    return (timeline, index)
  }

  /// The index in `timeline` of the entry a live browse moves the bars to; nil when none
  /// does. The choice is the emitters' own (`EmitPipeline.resolve`), so a click opens what
  /// the bar shows.
  static func browsed(
    _ name: WidgetName, in timeline: Timeline, store: CacheStore, now: Int64, browse: BrowseStore
  ) -> Int? {
    let resolved = EmitPipeline.resolve(
      widget: name, directory: store.directory, now: now, tooltip: false, browse: browse, explain: false,
      recordHold: false)
    guard resolved.state.browsing != nil, !resolved.state.isPlaceholder else { return nil }
    let date = resolved.state.entry.date
    return Selection.currentIndex(dates: timeline.entries.count, dateAt: { timeline.entries[$0].date }, now: date)
  }
}

/// Why there is no entry to act on: `usage` (a bad `--at`; exit 2) or `failed`
/// (no cache, an unreadable one, nothing current; exit 1).
public enum EntryLookupError: Error, CustomStringConvertible {
  case usage(String)
  case failed(String)

  /// The message.
  public var description: String {
    switch self {
    case .usage(let message), .failed(let message): message
    }
  }
}
