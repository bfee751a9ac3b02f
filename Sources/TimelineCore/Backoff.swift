/// The retry schedule after a failed refresh: 15 minutes, doubling, at most 6 hours, and
/// never sooner than an upstream `Retry-After`.
public struct Backoff: Sendable, Equatable {
  /// The first delay in seconds.
  var base: Int64 = 15 * 60
  /// The longest delay in seconds.
  var cap: Int64 = 6 * 3600

  /// Creates the default schedule.
  public init(base: Int64 = 15 * 60, cap: Int64 = 6 * 3600) {
    self.base = base
    self.cap = cap
  }

  /// The delay after the `failures`-th consecutive failure (1-based).
  public func delay(failures: Int, retryAfter: Int64? = nil) -> Int64 {
    let steps = Swift.min(Swift.max(failures - 1, 0), 20)
    let doubled = base.multipliedReportingOverflow(by: Int64(1) << Int64(steps))
    let delay = doubled.overflow ? cap : Swift.min(doubled.partialValue, cap)
    return Swift.max(delay, retryAfter ?? 0)
  }
}
