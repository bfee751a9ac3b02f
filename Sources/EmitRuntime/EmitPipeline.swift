import Emitters
import TimelineCache
import TimelineCore

/// Cache → state → line: what both front ends (`timeline-emit` and `timeline emit`) run.
/// Failure is always soft (docs/emitters.md, "Exit status and failure"): every problem
/// gives a placeholder and a reason that only `--verbose` prints.
public enum EmitPipeline {
  /// One widget resolved at one instant.
  public struct Resolution: Sendable {
    /// What to render.
    public var state: RenderInput
    /// Why a placeholder or a stale entry is shown, for `--verbose`.
    public var reason: String?
    /// The next instant the output can change without the file changing.
    public var nextChange: Int64?
    /// Other widgets whose caches decide the output (a stack's members), for `--follow`.
    var members: [String] = []
    /// For a stack, the member whose entry is shown.
    public var member: String?
    /// For a stack, the members with an entry to show, from the highest score now down.
    public var ranking: [String] = []
    /// For a stack's large form, what the ranking shows (`StackView.resolve`'s `details`).
    var stack: StackDetail?

    /// For a widget with `hide_when_empty`: hides it while it has nothing to say, and says
    /// so to `--verbose`.
    mutating func hideIfEmpty() {
      guard state.isPlaceholder || state.entry.quiet else { return }
      state.isHidden = true
      addReason("hidden (hide_when_empty): " + (state.isPlaceholder ? "no entry to show" : "nothing to say"))
    }

    /// Adds `note` to the reason, after what it already says.
    mutating func addReason(_ note: String) {
      reason = reason.map { $0 + "; " + note } ?? note
    }
  }

  /// Reads `widget`'s cache file in `directory` at `now`. Never fails; nil `widget` (a name
  /// that breaks the rule) shows the neutral placeholder. `tooltip: false` leaves the tooltip
  /// lines undecoded. `browse`: the session's state, whose live view shows the browsed entry
  /// (`BrowseView`) and, for a stack, keeps the member shown (`StackHold`), which only the
  /// bars record (`recordHold`). `explain: false` skips what only the reason needs (listing
  /// the cache directory, which would cost a bar polling a misspelled name every emit).
  public static func resolve(
    widget: WidgetName?, directory: String, now: Int64, tooltip: Bool = true,
    browse: BrowseStore? = nil, explain: Bool = true, recordHold: Bool = true
  ) -> Resolution {
    // A relative directory would depend on where the bar was started: refused.
    guard directory.utf8.first == 47 else {
      return Resolution(
        state: .neutralPlaceholder(widget: widget),
        reason: "the cache directory \"\(CleanText.terminalLine(directory))\" is not an absolute path "
          + "(set TIMELINE_CACHE_DIR to one, or unset it)")
    }
    let store = CacheStore(directory: directory)
    guard let name = widget else {
      return Resolution(
        state: .neutralPlaceholder(widget: widget),
        reason: "invalid widget name (\(WidgetName.rule))")
    }
    let path = store.path(for: name)
    let view = CacheReader.view(
      path: path, at: now, tooltip: tooltip, stackPlaceholder: false)
    let meta = view.meta
    if let meta, meta.kind == StackRule.kind, view.error == nil {
      return StackView.resolve(
        stack: name, meta: meta, directory: directory, now: now, tooltip: tooltip,
        browse: browse, recordHold: recordHold, explain: explain)
    }
    let stale = meta?.isStale(at: now) ?? false
    var reason: String?
    var state: RenderInput
    if let current = view.current, view.error == nil {
      state = RenderInput(widget: name, kind: meta?.kind, entry: current)
    } else {
      state = .neutralPlaceholder(widget: name)
      state.kind = meta?.kind
      if let placeholder = meta?.placeholder { state.entry = placeholder }
      if case .missing? = view.error {
        reason = explain ? Guidance.missing(widget: name, store: store) : "no cache file"
      } else if let error = view.error {
        reason = error.description
      } else if let end = meta?.end, Selection.isExpired(end: end, now: now) {
        reason = "the timeline ended at \(ISOTime.format(end)) (run `timeline refresh`)"
      } else {
        reason =
          "no entry is current yet" + (view.nextDate.map { " (the first starts at \(ISOTime.format($0)))" } ?? "")
      }
    }
    state.isStale = stale
    state.line = meta?.line
    state.polybarFont = meta?.polybarFont
    // The words file is read only for a word about to be written (`RenderInput.needsWords`).
    var words: Words?
    func loadWords() -> Words {
      let loaded = words ?? store.words()
      words = loaded
      return loaded
    }
    // The guidance may read the state file: only for a tooltip, and only when something is wrong.
    if tooltip && (state.isPlaceholder || stale) {
      state.notes = Guidance.notes(
        widget: name, store: store, view: view, now: now, placeholder: state.isPlaceholder, words: loadWords())
    }
    var resolution = Resolution(state: state, reason: reason, nextChange: nextChange(view, now: now))
    if explain, stale, let meta, let due = meta.due {
      resolution.addReason("stale: the refresh was due at \(due), grace \(meta.grace) s")
    }
    if let browse, view.error == nil, let live = browse.read(name), live.isLive(at: now, current: view.current?.date) {
      if live.view {
        BrowseView.applyView(live, to: &resolution, path: browse.viewPath(for: name), now: now, explain: explain)
      } else {
        BrowseView.apply(
          live, to: &resolution, view: view, path: path, now: now, words: loadWords(), explain: explain)
      }
    }
    if meta?.hideWhenEmpty == true { resolution.hideIfEmpty() }
    if resolution.state.needsWords { resolution.state.words = loadWords() }
    return resolution
  }

  private static func nextChange(_ view: CacheView, now: Int64) -> Int64? {
    Selection.nextChange(
      nextDate: view.nextDate, end: view.meta?.end, due: view.meta?.due, grace: view.meta?.grace ?? 0, now: now)
  }

  /// `format`'s large family for `widget` at `now` (`LargeText`), without a final newline,
  /// with the lines and entries it was written from (a one-shot emitter that exits right
  /// after writing keeps them rather than free them one by one); nil for a format that has
  /// none. With no current entry, the one-line placeholder. `browse`: the session's state,
  /// whose stack member and browsing the large form follows.
  public static func large(
    widget: WidgetName?, directory: String, now: Int64, format: OutputFormat, options: RenderOptions,
    browse: BrowseStore? = nil
  ) -> (bytes: [UInt8], lines: [[TextRun]], entries: [Entry])? {
    guard format.hasLargeFamily else { return nil }
    var options = options
    options.words = CacheStore(directory: directory).words()
    func render(_ lines: [[TextRun]], _ options: RenderOptions) -> [UInt8] {
      format.largeBytes(lines, options: options) ?? []
    }
    if let widget {
      let read = largeLines(widget: widget, directory: directory, now: now, asciiTwins: format.largeDrawsTwins)
      // With nothing to say, the widget's `hide_when_empty` hides the large form as the line.
      if read.hides, read.quiet || read.lines == nil {
        let resolved = resolve(
          widget: widget, directory: directory, now: now, tooltip: false, browse: browse, recordHold: false)
        if resolved.state.isHidden { return (format.bytes(resolved.state, options: options), [], []) }
      }
      if let lines = read.lines { return (render(lines, options), lines, read.entries) }
      if read.stack,
        let lines = StackLarge.lines(
          stack: widget, directory: directory, now: now, browse: browse, shapes: format.traits.shapesComplexScripts,
          asciiTwins: format.largeDrawsTwins, words: options.words)
      {
        return (render(lines, options), lines, [])
      }
    }
    let resolved = resolve(widget: widget, directory: directory, now: now, tooltip: false)
    return (format.bytes(resolved.state, options: options), [], [])
  }

  /// For a stack, the ranking its large form ends with, in the member order browsing and
  /// bars use at `now`; nil for any other widget. `shapes`: whether the output draws Gurmukhi.
  public static func stackRanking(
    widget: WidgetName, directory: String, now: Int64, browse: BrowseStore?, shapes: Bool = true
  ) -> [[TextRun]]? {
    StackLarge.lines(
      stack: widget, directory: directory, now: now, browse: browse, shapes: shapes, member: false,
      words: CacheStore(directory: directory).words())
  }

  /// What the large family reads of a widget's file at one instant (`largeLines`).
  struct LargeLines {
    /// The `LargeText` lines of the current entry; nil with no current entry.
    var lines: [[TextRun]]?
    /// The entries the lines show.
    var entries: [Entry] = []
    /// The file is a stack's, which has no entries.
    var stack = false
    /// The widget's `hide_when_empty`.
    var hides = false
    /// The current entry is `quiet`: it has nothing to say.
    var quiet = false
  }

  /// The large family's read of `widget`'s file at `now`: the line layout gives the shown
  /// entries alone; only another layout, a version 1 file or a damaged one is read whole.
  static func largeLines(widget: WidgetName, directory: String, now: Int64, asciiTwins: Bool) -> LargeLines {
    let path = CacheStore(directory: directory).path(for: widget)
    var out = LargeLines()
    let read = CacheReader.large(path: path, at: now, asciiTwins: asciiTwins) { meta in
      out.stack = meta.kind == StackRule.kind
      out.hides = meta.hideWhenEmpty
      return meta.days
    }
    switch read {
    case .entries(_, let entries):
      out.lines = LargeText.lines(shown: entries)
      out.entries = entries
      out.quiet = entries.first?.quiet ?? false
    case .noEntry: break
    case .whole:
      guard let timeline = try? CacheReader.timeline(path: path) else { break }
      out.stack = timeline.kind == StackRule.kind
      out.hides = timeline.hideWhenEmpty
      guard !Selection.isExpired(end: timeline.end, now: now),
        let index = Selection.currentIndex(
          dates: timeline.entries.count, dateAt: { timeline.entries[$0].date }, now: now)
      else { break }
      out.lines = LargeText.lines(timeline, from: index, all: false)
      out.entries = timeline.entries
      out.quiet = timeline.entries[index].quiet
    }
    return out
  }

  /// The output line for one widget, without a newline.
  public static func line(_ state: RenderInput, format: OutputFormat, options: RenderOptions) -> String {
    String(decoding: format.bytes(state, options: options), as: UTF8.self)
  }

  /// The output line for `states` (several for a format with a stream protocol), without a
  /// newline; inside the protocol (`streaming`) always the protocol's, even for one widget.
  public static func line(
    _ states: [RenderInput], format: OutputFormat, options: RenderOptions, streaming: Bool = false
  ) -> String {
    guard let first = states.first else { return "" }
    if let stream = format.stream, states.count > 1 || streaming { return stream.line(states, options) }
    return line(first, format: format, options: options)
  }
}
