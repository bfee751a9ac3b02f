import TimelineCore

/// The first line of a cache file: everything about a timeline except its entries.
public struct CacheMeta: Sendable, Equatable {
  public var widget: String
  public var kind: String
  public var generated: Int64
  public var lastSuccess: Int64?
  public var lastError: String?
  public var failures: Int
  public var retryAt: Int64?
  public var due: Int64?
  public var grace: Int64
  public var end: Int64?
  public var policy: ReloadPolicy
  public var configHash: String
  public var count: Int
  public var placeholder: Entry?

  static func decode(_ node: JSONNode) -> CacheMeta? {
    guard let widget = node["widget"]?.string, let kind = node["kind"]?.string else { return nil }
    let policy: ReloadPolicy
    switch node["policy"]?.string {
    case "never": policy = .never
    case "after": policy = node["after"]?.int.map { .after($0) } ?? .atEnd
    default: policy = .atEnd
    }
    return CacheMeta(
      widget: widget, kind: kind, generated: node["generated"]?.int ?? 0,
      lastSuccess: node["lastSuccess"]?.int, lastError: node["lastError"]?.string,
      failures: Int(clamping: node["failures"]?.int ?? 0), retryAt: node["retryAt"]?.int,
      due: node["due"]?.int, grace: node["grace"]?.int ?? 3600, end: node["end"]?.int,
      policy: policy, configHash: node["configHash"]?.string ?? "",
      count: Int(clamping: node["count"]?.int ?? 0),
      placeholder: node["placeholder"].flatMap(EntryDecoder.entry))
  }

  /// Whether the timeline is overdue by more than its grace at `now`.
  public func isStale(at now: Int64) -> Bool { Selection.isStale(due: due, grace: grace, now: now) }
}
