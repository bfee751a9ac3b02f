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

  /// Stale means the timeline is overdue by more than `grace`: `now > due + grace`.
  public static func isStale(due: Int64?, grace: Int64, now: Int64) -> Bool {
    guard let due else { return false }
    let (limit, overflow) = due.addingReportingOverflow(Swift.max(0, grace))
    return !overflow && now > limit
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
  public func display(at now: Int64) -> Entry { current(at: now) ?? placeholder }

  /// Whether the timeline is overdue by more than its grace at `now`.
  public func isStale(at now: Int64) -> Bool {
    Selection.isStale(due: due, grace: grace, now: now)
  }

  /// The first instant after `now` at which the display changes: the next entry's date or
  /// the end. `--follow` sleeps until then.
  public func nextChange(after now: Int64) -> Int64? {
    var candidates: [Int64] = []
    if let next = entries.first(where: { $0.date > now }) { candidates.append(next.date) }
    if let end, end > now { candidates.append(end) }
    if let due, !isStale(at: now) {
      let (limit, overflow) = due.addingReportingOverflow(grace)
      if !overflow, limit >= now, limit < Int64.max { candidates.append(limit + 1) }
    }
    return candidates.min()
  }
}
