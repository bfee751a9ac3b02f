/// A source of the current time, injected so that every rule can be tested at any instant.
public protocol WallClock: Sendable {
  /// Now, in UTC epoch seconds.
  func now() -> Int64
}

/// A clock that always says the same instant; for tests and `--at`.
public struct FixedClock: WallClock {
  var instant: Int64
  /// Creates a clock stopped at `instant`.
  public init(_ instant: Int64) { self.instant = instant }
  /// Returns the fixed instant.
  public func now() -> Int64 { instant }
}
