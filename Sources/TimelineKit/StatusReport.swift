import Providers
import TimelineCache
import TimelineCore

/// One row of `timeline status`. Text from the cache and the state file is cleaned once,
/// here, for both the table and `--json`: a terminal never gets its controls, and a huge
/// `lastError` is cut to one line.
public struct StatusRow: Sendable, Equatable {
  public var widget: String
  public var kind: String
  public var entries: Int
  public var current: String?
  public var nextRefresh: Int64?
  public var lastSuccess: Int64?
  public var lastError: String?
  public var stale: Bool
  /// What a local provider passed over (skipped cards, damaged log lines).
  public var warnings: [String] = []
  /// Set when the cache was written with other settings than the config's now.
  public var settings: String?

  /// The rows for `names` (every widget when empty) at `now`. The config is checked
  /// exactly as `refresh` checks it, providers and all, so a bad option or an unknown
  /// widget throws `ConfigError` here too.
  public static func rows(_ names: [String], config: AppConfig, store: CacheStore, now: Int64) throws(ConfigError)
    -> [StatusRow]
  {
    try Refresher(config: config, store: store, clock: FixedClock(now)).providers(for: names)
      .map { widget, provider in
        var row = make(widget, store: store, now: now)
        row.warnings = (provider as? any LocalDiagnostics)?.diagnostics() ?? []
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

  /// The row for `widget` at `now`.
  public static func make(_ widget: WidgetConfig, store: CacheStore, now: Int64) -> StatusRow {
    let record = WidgetRecord.load(widget.name, store: store)
    let timeline = record.timeline
    return StatusRow(
      widget: widget.name, kind: widget.kind, entries: timeline?.entries.count ?? 0,
      current: timeline?.current(at: now).map { CleanText.terminalLine($0.text) },
      nextRefresh: timeline == nil && record.state == nil ? now : record.nextRefresh,
      lastSuccess: timeline?.lastSuccess, lastError: (record.lastError ?? record.readError).map(CleanText.oneLineError),
      stale: timeline?.isStale(at: now) ?? true)
  }
}
