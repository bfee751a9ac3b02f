import EmitRuntime
import Emitters
import Providers
import TimelineCache
import TimelineCore

/// One row of `timeline status`. Text from the cache and the state file is cleaned once,
/// here, for both the table and `--json`: a terminal never gets its controls, and a huge
/// `lastError` is cut to one line.
public struct StatusRow: Sendable, Equatable {
  var widget: String
  var kind: String
  /// How many entries its cache holds.
  var entries: Int
  var current: String?
  /// A pending retry wins.
  var nextRefresh: Int64?
  var lastSuccess: Int64?
  /// The last failure, cut to one clean line.
  var lastError: String?
  /// Whether the bars mark it stale now.
  var stale: Bool
  /// What a local provider passed over (skipped cards, damaged log lines).
  var warnings: [String] = []
  /// Set when the cache was written with other settings than the config's now.
  var settings: String?
  /// The current entry's score now on the shared scale (halved when stale).
  var relevance: Int?
  /// Every entry's date and score from its date, in order.
  var entryRelevance: [EntryScore] = []
  /// A stack's members from the highest score now down (those with an entry to show).
  var ranking: [StackRule.Candidate] = []
  /// The member a stack's bars show now.
  var shown: String?

  /// An entry's date and its score from then.
  struct EntryScore: Sendable, Equatable {
    var date: Int64
    var score: Int
  }

  /// The rows for `names` (every widget when empty) at `now`, the config checked exactly as
  /// `refresh` checks it. `browse`: the session's directory, for the member a stack's bars
  /// show (nil: by score).
  public static func rows(
    _ names: [WidgetName], config: AppConfig, store: CacheStore, now: Int64, browse: BrowseStore? = nil
  ) throws(ConfigError) -> [StatusRow] {
    try Refresher(config: config, store: store, clock: FixedClock(now)).providers(for: names)
      .map { widget, provider in
        var row = make(widget, store: store, now: now, browse: browse)
        row.warnings = ((provider as? any LocalDiagnostics)?.diagnostics() ?? []) + row.warnings
        let hash = WidgetFactory.hash(widget, provider, sources: config.sources, bars: config.bars)
        if let stored = WidgetRecord.load(widget.name, store: store).timeline?.configHash, stored != hash {
          row.settings =
            ConfigHash.sameFetch(stored, hash)
            ? "the cache was written with older display settings (line, [bars]); `timeline reload` applies them now, offline too"
            : "the config changed since the cache was written; the next `timeline refresh` fetches it again"
        }
        return row
      }
  }

  static func make(_ widget: WidgetConfig, store: CacheStore, now: Int64, browse: BrowseStore? = nil)
    -> StatusRow
  {
    let record = WidgetRecord.load(widget.name, store: store)
    let timeline = record.timeline
    let current = timeline?.current(at: now)
    let stale = timeline?.isStale(at: now) ?? true
    var row = StatusRow(
      widget: widget.name.text, kind: widget.kind, entries: timeline?.entries.count ?? 0,
      current: current.map { CleanText.terminalLine($0.text) },
      nextRefresh: timeline == nil && record.state == nil ? now : record.nextRefresh,
      lastSuccess: timeline?.lastSuccess, lastError: (record.lastError ?? record.readError).map(CleanText.oneLineError),
      stale: stale)
    if let warning = record.readWarning { row.warnings.append(warning) }
    row.relevance = current.map { StackRule.score($0, at: now, stale: stale) }
    row.entryRelevance = timeline?.entries.map { EntryScore(date: $0.date, score: $0.score(at: $0.date)) } ?? []
    if widget.kind == StackRule.kind, let timeline {
      row.ranking = StackRule.ranking(
        timeline.members.compactMap { name in
          guard let name = WidgetName(name), let member = WidgetRecord.load(name, store: store).timeline,
            member.kind != StackRule.kind,
            let entry = member.current(at: now)
          else { return nil }
          return StackRule.Candidate(
            name: name.text, score: StackRule.score(entry, at: now, stale: member.isStale(at: now)))
        })
      row.shown =
        EmitPipeline.resolve(
          widget: widget.name, directory: store.directory, now: now, browse: browse, recordHold: false
        ).member
      row.relevance = row.ranking.first { $0.name == row.shown }?.score
      let shownEntry = row.shown.flatMap { WidgetName($0) }.flatMap {
        WidgetRecord.load($0, store: store).timeline?.current(at: now)
      }
      row.current = shownEntry.map { CleanText.terminalLine($0.text) }
      row.stale = false
    }
    return row
  }
}
