/// Picking what a bar shows at a given instant. All arguments are UTC epoch seconds, so
/// this runs the same in the emitter, which never touches a time zone.
public enum Selection {
  /// The index of the last entry whose date is ≤ `now` in `dates` (sorted ascending),
  /// or nil before the first one. Binary search, so a long timeline costs log n.
  public static func currentIndex(dates count: Int, dateAt: (Int) -> Int64, now: Int64) -> Int? {
    var low = 0
    var high = count
    while low < high {
      let mid = (low + high) / 2
      if dateAt(mid) <= now { low = mid + 1 } else { high = mid }
    }
    return low == 0 ? nil : low - 1
  }

  /// Whether an entry current at `now` has expired: the timeline ended at or before now.
  public static func isExpired(end: Int64?, now: Int64) -> Bool {
    guard let end else { return false }
    return now >= end
  }

  /// The first instant at which a timeline due at `due` is stale: `due + grace + 1`, a
  /// negative grace counted as 0; nil when it never is.
  static func staleFrom(due: Int64?, grace: Int64) -> Int64? {
    guard let due else { return nil }
    let (limit, overflow) = due.addingReportingOverflow(Swift.max(0, grace))
    return overflow || limit == Int64.max ? nil : limit + 1
  }

  /// Stale means the timeline is overdue by more than `grace`: `now > due + grace`.
  public static func isStale(due: Int64?, grace: Int64, now: Int64) -> Bool {
    staleFrom(due: due, grace: grace).map { now >= $0 } ?? false
  }

  /// The first instant after `now` at which what a bar shows can change with no new file:
  /// the next entry's date, the end, or the moment the timeline turns stale.
  public static func nextChange(nextDate: Int64?, end: Int64?, due: Int64?, grace: Int64, now: Int64) -> Int64? {
    // The earliest of the candidates, without an array (a generic buffer is a runtime
    // metadata instantiation on the bars' one-shot path).
    var earliest: Int64?
    func consider(_ candidate: Int64?) {
      guard let candidate, candidate > now else { return }
      if earliest.map({ candidate < $0 }) ?? true { earliest = candidate }
    }
    consider(nextDate)
    consider(end)
    consider(staleFrom(due: due, grace: grace))
    return earliest
  }
}

extension Timeline {
  /// The entry current at `now`, or nil (placeholder) before the first entry, after the
  /// end, or when there are no entries.
  public func current(at now: Int64) -> Entry? {
    if Selection.isExpired(end: end, now: now) { return nil }
    let index = Selection.currentIndex(dates: entries.count, dateAt: { entries[$0].date }, now: now)
    return index.map { entries[$0] }
  }

  /// The entry to display at `now`: the current one, else the placeholder.
  func display(at now: Int64) -> Entry { current(at: now) ?? placeholder }

  /// Whether the timeline is overdue by more than its grace at `now`.
  public func isStale(at now: Int64) -> Bool {
    Selection.isStale(due: due, grace: grace, now: now)
  }

  /// The first instant after `now` at which the display changes: the next entry's date or
  /// the end. `--follow` sleeps until then.
  public func nextChange(after now: Int64) -> Int64? {
    Selection.nextChange(
      nextDate: entries.first(where: { $0.date > now })?.date, end: end, due: due, grace: grace, now: now)
  }
}
