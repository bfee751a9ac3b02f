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
    // Through `withCString`: passing the String itself made an array of its bytes (a name
    // of up to 15 bytes is stored inline, without the final NUL), made and freed per call.
    guard let value = name.withCString({ getenv($0) }) else { return nil }
    return String(decoding: UnsafeRawBufferPointer(start: value, count: strlen(value)), as: UTF8.self)
  }
}
