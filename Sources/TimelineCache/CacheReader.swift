import TimelineCore

/// What an emitter needs from a cache file at one instant.
public struct CacheView: Sendable {
  /// The meta line, when it could be read (even if the rest could not).
  public var meta: CacheMeta?
  /// The entry current at the instant asked for; nil means the placeholder.
  public var current: Entry?
  /// The next entry's date after the instant, for `--follow`.
  public var nextDate: Int64?
  /// Why the file could not be used, if it could not.
  public var error: CacheReadError?
  /// A summary read's current entry line as it is in the file, for `CacheReader.entry(line:
  /// tooltip:)`.
  public var line: [UInt8]?
}

/// Reads cache files. A file in the writer's line layout (docs/cache-format.md) is read by
/// its lines (`FlatJSON`): the bars parse only the meta line and about log2(n) entry lines,
/// the CLI's whole read every line the same way; any other valid layout is parsed whole with
/// json-c, by both.
public enum CacheReader {
  /// The view of the cache file at `path` at instant `now`; every failure is in `error`.
  /// `full` also reads the current entry's `url`, `key` and `detail`, which bars never print;
  /// `tooltip: false` leaves out the tooltip lines; `summary` gives the current entry's date
  /// and relevance alone (what a stack's choice needs); `stackPlaceholder: false` leaves a
  /// stack's placeholder undecoded (it reads it again when no member has an entry).
  public static func view(
    path: String, at now: Int64, full: Bool = false, tooltip: Bool = true, summary: Bool = false,
    stackPlaceholder: Bool = true
  ) -> CacheView {
    switch FileBytes.read(path) {
    case .failure(let error): return CacheView(error: error)
    case .success(let bytes):
      return bytes.withUnsafeBytes {
        view(
          $0, path: path, at: now, full: full, tooltip: tooltip, summary: summary,
          stackPlaceholder: stackPlaceholder)
      }
    }
  }

  /// The view of a cache file's bytes at `now`, as `view(path:at:)` reads a file (fuzzing, tests).
  static func view(bytes: UnsafeRawBufferPointer, at now: Int64, full: Bool = false) -> CacheView {
    view(bytes, path: "<bytes>", at: now, full: full)
  }

  /// The entry on `line` (a summary read's `CacheView.line`), decoded as `view` decodes the
  /// current entry; nil for a line that is not one.
  public static func entry(line: [UInt8], tooltip: Bool) -> Entry? {
    line.withUnsafeBytes { bytes in
      var used = 0
      return FlatJSON.parse(bytes, used: &used).flatMap { EntryDecoder.entry($0.root, full: false, tooltip: tooltip) }
    }
  }

  /// The whole timeline, for the CLI. Throws also for a file in the writer's layout that the
  /// emitter would refuse: one validity rule for the bars and the CLI.
  public static func timeline(path: String) throws(CacheReadError) -> Timeline {
    try read(path: path).timeline
  }

  /// `timeline(path:)` of a file's bytes (the fuzz target, tests).
  static func timeline(bytes: UnsafeRawBufferPointer) throws(CacheReadError) -> Timeline {
    try read(bytes, path: "<bytes>").timeline
  }

  /// The whole timeline and what the CLI should say about a file it reads all the same.
  public struct WholeRead: Sendable {
    /// The timeline: the meta and every entry, as the bars show them.
    public var timeline: Timeline
    /// Set when the entry lines are out of date order: the timeline is then what the bars
    /// show, and the next refresh rewrites the file.
    public var warning: String?
  }

  /// `timeline(path:)`, with its warning.
  public static func read(path: String) throws(CacheReadError) -> WholeRead {
    let bytes: [UInt8]
    switch FileBytes.read(path) {
    case .failure(let error): throw error
    case .success(let read): bytes = read
    }
    return try bytes.withUnsafeBytes { raw in Result { () throws(CacheReadError) in try read(raw, path: path) } }.get()
  }

  static func read(_ bytes: UnsafeRawBufferPointer, path: String) throws(CacheReadError) -> WholeRead {
    let (meta, entries, ordered) = try checked(bytes, path: path)
    var timeline = Timeline(
      widget: meta.widget, kind: meta.kind, entries: entries, end: meta.end, policy: meta.policy,
      placeholder: meta.placeholder ?? Entry(date: 0, runs: [], alt: "placeholder"),
      generated: meta.generated, lastSuccess: meta.lastSuccess, grace: meta.grace, configHash: meta.configHash,
      line: meta.line, polybarFont: meta.polybarFont, members: meta.members, minDisplay: meta.minDisplay,
      days: meta.days)
    timeline.hideWhenEmpty = meta.hideWhenEmpty
    // The meta's `due` is the one every reader takes (docs/cache-format.md, "Selection"):
    // where an edit made it differ from what the policy gives, the policy says it.
    if timeline.due != meta.due { timeline.policy = meta.due.map { .after($0) } ?? .never }
    let warning =
      ordered
      ? nil
      : "\(path): the entry lines are not in date order; shown as the bars show them until the next refresh rewrites the file"
    return WholeRead(timeline: timeline, warning: warning)
  }

  /// What `--family large` shows at `now`: the current entry and, when `following` says so
  /// for the file's meta, every later one, read from the line layout alone; `.whole` when only
  /// the whole document can answer. `asciiTwins`: a run with a twin has it as its `text`
  /// (the Unicode text unread); without it the twins are not read.
  public static func large(
    path: String, at now: Int64, asciiTwins: Bool = false, following: (CacheMeta) -> Bool
  ) -> LargeRead {
    guard case .success(let bytes) = FileBytes.read(path) else { return .whole }
    return bytes.withUnsafeBytes { large($0, at: now, asciiTwins: asciiTwins, following: following) }
  }

  /// `large(path:at:asciiTwins:following:)` of a file's bytes (tests, the fuzz target).
  static func large(
    _ bytes: UnsafeRawBufferPointer, at now: Int64, asciiTwins: Bool = false, following: (CacheMeta) -> Bool
  ) -> LargeRead {
    guard let parser = JSONParser(), case .layout(let layout) = LineLayout.find(bytes, parser: parser),
      let meta = layout.meta
    else { return .whole }
    return layout.large(
      at: now, meta: meta, following: following(meta), twins: asciiTwins ? .instead : .none, parser: parser)
  }

  static func view(
    _ bytes: UnsafeRawBufferPointer, path: String, at now: Int64, full: Bool = false,
    tooltip: Bool = true, summary: Bool = false, stackPlaceholder: Bool = true
  ) -> CacheView {
    guard let parser = JSONParser() else {
      return CacheView(error: .corrupt(path, "the meta line is not valid"))
    }
    switch LineLayout.find(bytes, parser: parser) {
    case .futureVersion(let version): return CacheView(error: .futureVersion(path, version))
    case .layout(let layout):
      return view(
        layout, path: path, at: now, parser: parser, full: full, tooltip: tooltip, summary: summary,
        stackPlaceholder: stackPlaceholder)
    case .other:
      do {
        let (meta, entries) = try wholeDocument(bytes, path: path)
        let index = Selection.currentIndex(dates: entries.count, dateAt: { entries[$0].date }, now: now)
        var current = index.map { entries[$0] }
        if Selection.isExpired(end: meta.end, now: now) { current = nil }
        let next = entries.first { $0.date > now }?.date
        return CacheView(meta: meta, current: current, nextDate: next)
      } catch {
        return CacheView(error: error)
      }
    }
  }

  /// `view` of a file whose line layout was found.
  static func view(
    _ layout: LineLayout, path: String, at now: Int64, parser: JSONParser, full: Bool, tooltip: Bool,
    summary: Bool = false, stackPlaceholder: Bool
  ) -> CacheView {
    guard let meta = layout.meta else {
      return CacheView(error: .corrupt(path, "the meta line is not valid"))
    }
    // The truncated file's error is made only for such a file.
    var view =
      layout.complete
      ? layout.select(at: now, meta: meta, path: path, parser: parser, full: full, tooltip: tooltip, summary: summary)
      : CacheView(meta: meta, error: .corrupt(path, "the file is truncated"))
    // The placeholder is decoded only when it is what bars will show.
    if view.current == nil && (stackPlaceholder || meta.kind != StackRule.kind) {
      view.meta?.placeholder = layout.placeholder()
    }
    return view
  }

  /// The whole timeline: the writer's layout line by line as the bars read it, any other
  /// layout as one document.
  /// `ordered` false: entry lines out of date order, the entries those the bars show.
  static func checked(_ bytes: UnsafeRawBufferPointer, path: String) throws(CacheReadError)
    -> (CacheMeta, [Entry], ordered: Bool)
  {
    guard let parser = JSONParser() else { throw .corrupt(path, "the meta line is not valid") }
    switch LineLayout.find(bytes, parser: parser) {
    case .futureVersion(let version): throw .futureVersion(path, version)
    case .layout(let layout): return try layout.whole(path: path, parser: parser)
    case .other:
      let (meta, entries) = try wholeDocument(bytes, path: path)
      return (meta, entries, true)
    }
  }

  static func wholeDocument(_ bytes: UnsafeRawBufferPointer, path: String) throws(CacheReadError)
    -> (CacheMeta, [Entry])
  {
    guard let (document, used) = JSONDocument.parse(bytes) else {
      throw .corrupt(path, "not valid JSON (truncated or damaged)")
    }
    guard bytes[used...].allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else {
      throw .corrupt(path, "extra data after the JSON document")
    }
    let root = document.node
    guard let version = root["version"]?.int else { throw .corrupt(path, "no version field") }
    guard version <= CacheEncoder.version else { throw .futureVersion(path, version) }
    guard let metaNode = root["meta"], let meta = CacheMeta.decode(metaNode) else {
      throw .corrupt(path, "no valid meta object")
    }
    guard let items = root["entries"]?.array else { throw .corrupt(path, "no entries array") }
    // Version 2: `x` points into the `extra` section; a missing or wrong index costs the
    // entry its detail and link, never the entry.
    let extra = root["extra"]?.array ?? []
    let entries = items.compactMap { (item: JSONNode) in
      EntryDecoder.entry(item, extra: EntryDecoder.extraIndex(item).flatMap { $0 < extra.count ? extra[$0] : nil })
    }.sorted { $0.date < $1.date }
    return (meta, entries)
  }
}
