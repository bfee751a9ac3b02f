import TimelineCache
import TimelineCore

/// What the cache directory knows about one widget: its last good timeline (if any) and
/// its refresh state (if any failure happened since).
public struct WidgetRecord: Sendable {
  /// The cache file's timeline; nil when missing or damaged.
  public var timeline: Timeline?
  /// The refresh state (last error, backoff); nil after a success.
  public var state: WidgetState?
  /// Why the cache file could not be read, when it exists but is damaged.
  public var readError: String?

  /// Reads both files for `widget`.
  public static func load(_ widget: WidgetName, store: CacheStore) -> WidgetRecord {
    let path = store.path(for: widget)
    var record = WidgetRecord(state: store.state(of: widget))
    do {
      let timeline = try CacheReader.timeline(path: path)
      if let field = timeline.fieldOutOfRange {
        record.readError = "\(path): \(field) is out of range (years 1 to 9999); the next refresh replaces the file"
      } else {
        record.timeline = timeline
      }
    } catch .missing {
      record.readError = nil
    } catch {
      record.readError = error.description
    }
    return record
  }

  /// The instant of the next fetch: a pending retry wins, else the policy's due time.
  /// Nil means never (policy `.never` with no pending retry).
  public var nextRefresh: Int64? {
    if state?.lastError != nil { return state?.retryAt ?? state?.lastAttempt }
    return timeline?.due
  }

  /// The last failure, if the last attempt failed.
  public var lastError: String? { state?.lastError }

  /// Why a refresh is due at `now`, or nil if it is not.
  public func dueReason(at now: Int64, configHash: String) -> String? {
    guard let timeline else {
      // A missing file is due whatever the backoff says: the bar shows the placeholder
      // until it is back, and a failed first fetch writes an empty timeline, so only a
      // file removed since then gets here. A damaged one waits for the backoff.
      if readError == nil { return "no cache" }
      if let retry = nextRefresh, state?.lastError != nil, now < retry { return nil }
      return "damaged cache"
    }
    if timeline.configHash != configHash { return "config changed" }
    if let next = nextRefresh, next <= now { return "due" }
    return nil
  }
}
