import TimelineCache
import TimelineCore

/// One row of `timeline status`.
public struct StatusRow: Sendable, Equatable {
  public var widget: String
  public var kind: String
  public var entries: Int
  public var current: String?
  public var nextRefresh: Int64?
  public var lastSuccess: Int64?
  public var lastError: String?
  public var stale: Bool

  /// The row for `widget` at `now`.
  public static func make(_ widget: WidgetConfig, store: CacheStore, now: Int64) -> StatusRow {
    let record = WidgetRecord.load(widget.name, store: store)
    let timeline = record.timeline
    return StatusRow(
      widget: widget.name, kind: widget.kind, entries: timeline?.entries.count ?? 0,
      current: timeline?.current(at: now)?.text,
      nextRefresh: timeline == nil && record.state == nil ? now : record.nextRefresh,
      lastSuccess: timeline?.lastSuccess, lastError: record.lastError ?? record.readError,
      stale: timeline?.isStale(at: now) ?? true)
  }
}
