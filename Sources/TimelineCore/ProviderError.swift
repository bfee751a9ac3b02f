/// Why a refresh failed. `message` is one line for `lastError`, shown by `timeline
/// refresh` and `timeline status`, never by a bar: control characters are removed and the
/// length is capped, and the only upstream words it may carry are a known API's own short
/// error message (BaniDB's `data.error`).
public struct ProviderError: Error, Sendable, Equatable, CustomStringConvertible {
  /// One line saying what happened.
  public var message: String
  /// Seconds the upstream asked us to wait (HTTP `Retry-After`).
  public var retryAfter: Int64?
  /// Whether the failure is in the user's config rather than upstream (exit 2, no backoff).
  public var isConfig: Bool

  /// Creates an error.
  public init(_ message: String, retryAfter: Int64? = nil, isConfig: Bool = false) {
    self.message = ProviderError.oneLine(message)
    self.retryAfter = retryAfter
    self.isConfig = isConfig
  }

  /// A config error naming the option and what was expected.
  public static func config(_ message: String) -> ProviderError {
    ProviderError(message, isConfig: true)
  }

  public var description: String { message }

  /// Collapses control characters and caps the length, so a message stays one safe line.
  public static func oneLine(_ text: String, limit: Int = 300) -> String {
    var out = ""
    var count = 0
    for scalar in text.unicodeScalars {
      if count >= limit {
        out += "…"
        break
      }
      if scalar.value < 0x20 || scalar.value == 0x7f || (0x80..<0xa0).contains(scalar.value) {
        if !out.hasSuffix(" ") { out += " " }
      } else {
        out.unicodeScalars.append(scalar)
      }
      count += 1
    }
    return out
  }
}
