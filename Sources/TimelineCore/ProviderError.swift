/// Why a refresh failed. `message` is one line for `lastError`, never shown by a bar: cleaned
/// as `CleanText.oneLineError`; the only upstream words it may carry are a known API's own
/// short error message (BaniDB's `data.error`).
public struct ProviderError: Error, Sendable, Equatable, CustomStringConvertible {
  /// One line saying what happened.
  public var message: String
  /// Seconds the upstream asked us to wait (HTTP `Retry-After`).
  public var retryAfter: Int64?
  /// Whether the failure is in the user's config rather than upstream (exit 2, no backoff).
  public var isConfig: Bool
  /// Whether the system ran short of something to run the widget with (descriptors,
  /// processes, memory): no backoff, and the widget keeps its last timeline.
  public var isShortage: Bool

  /// Creates an error.
  public init(_ message: String, retryAfter: Int64? = nil, isConfig: Bool = false, isShortage: Bool = false) {
    self.message = CleanText.oneLineError(message)
    self.retryAfter = retryAfter
    self.isConfig = isConfig
    self.isShortage = isShortage
  }

  /// A config error naming the option and what was expected.
  public static func config(_ message: String) -> ProviderError {
    ProviderError(message, isConfig: true)
  }

  /// The message, as `lastError` and the CLI show it.
  public var description: String { message }
}
