import Glibc
import TimelineCore

/// The refresh state beside a cache file, `.<widget>.state.json` (docs/cache-format.md, "The
/// state file"): kept apart so a failed refresh leaves the cache file as it was.
public struct WidgetState: Sendable, Equatable {
  /// When the last attempt happened.
  public var lastAttempt: Int64
  /// The last failure, one line; nil after a success.
  public var lastError: String?
  /// Consecutive failures.
  public var failures: Int
  /// When to try again.
  public var retryAt: Int64?

  /// Creates a state; a success is no error and no failures.
  public init(lastAttempt: Int64, lastError: String? = nil, failures: Int = 0, retryAt: Int64? = nil) {
    self.lastAttempt = lastAttempt
    self.lastError = lastError
    self.failures = failures
    self.retryAt = retryAt
  }
}

extension CacheStore {
  private func statePath(_ widget: WidgetName) -> String { directory + "/" + widget.stateFile }

  /// The stored state, or nil if none or unreadable.
  public func state(of widget: WidgetName) -> WidgetState? {
    guard case .success(let bytes) = FileBytes.read(statePath(widget)),
      let (document, _) = bytes.withUnsafeBytes({ JSONDocument.parse($0) })
    else { return nil }
    let node = document.node
    // Dates outside the calendar's range cannot be a real attempt: the file is ignored.
    for date in [node["lastAttempt"]?.int, node["retryAt"]?.int] {
      if let date, !ISOTime.validRange.contains(date) { return nil }
    }
    return WidgetState(
      lastAttempt: node["lastAttempt"]?.int ?? 0, lastError: node["lastError"]?.string,
      // Clamped: the refresh adds one to it, and a hand-edited Int64.max must not trap.
      failures: Int(clamping: Swift.min(Swift.max(node["failures"]?.int ?? 0, 0), 1_000_000)),
      retryAt: node["retryAt"]?.int)
  }

  /// Writes the state atomically.
  public func writeState(_ state: WidgetState, of widget: WidgetName) throws(CacheWriteError) {
    let path = statePath(widget)
    var w = JSONWriter()
    w.beginObject()
    w.key("lastAttempt")
    w.int(state.lastAttempt)
    w.optional("lastError", state.lastError)
    w.key("failures")
    w.int(Int64(state.failures))
    w.optional("retryAt", state.retryAt)
    w.endObject()
    w.newline()
    try writeAtomically(w.bytes, to: path)
  }

  /// Removes the state file (after a success).
  public func clearState(of widget: WidgetName) {
    unlink(statePath(widget))
  }
}
