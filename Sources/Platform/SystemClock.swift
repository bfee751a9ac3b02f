import Glibc
import TimelineCore

/// The real wall clock (`clock_gettime(CLOCK_REALTIME)`), not a monotonic one: after a
/// suspend the bar must show the entry for the actual time of day.
public struct SystemClock: WallClock {
  /// Creates the clock.
  public init() {}
  /// Now, in UTC epoch seconds.
  public func now() -> Int64 {
    var ts = timespec()
    clock_gettime(CLOCK_REALTIME, &ts)
    return Int64(ts.tv_sec)
  }
}

/// Environment access through one function, so callers can inject their own.
public enum Environment {
  /// `getenv(name)` as a String.
  public static func get(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    return String(cString: value)
  }
}
