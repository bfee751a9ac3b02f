import Foundation
import TimelineCore

extension HTTPResponse {
  /// Maps a response to the body of a successful JSON answer, or throws a one-line error
  /// that names what happened without quoting upstream text (except BaniDB's own error
  /// message, which is cut to one line; any other service's body is never quoted).
  /// `now` (the provider's clock) turns a `Retry-After` date into seconds.
  public func jsonBody(from service: String, now: Int64) throws -> [UInt8] {
    let retryAfter = retryAfter(now: now)
    if status == 429 {
      throw ProviderError("\(service): rate limited (HTTP 429)", retryAfter: retryAfter)
    }
    if !(200..<300).contains(status) {
      let detail = service == "BaniDB" ? apiErrorMessage().map { ": \($0)" } ?? "" : ""
      throw ProviderError("\(service): HTTP \(status)\(detail)", retryAfter: status == 503 ? retryAfter : nil)
    }
    let first = body.first {
      !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF)
    }
    guard let first else { throw ProviderError("\(service): empty response") }
    if first == UInt8(ascii: "<") { throw ProviderError("\(service): got an HTML page instead of JSON") }
    guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
      throw ProviderError("\(service): response is not JSON")
    }
    return body
  }

  /// Seconds from a `Retry-After` header: delta-seconds, or an HTTP date measured from
  /// `now` (never the system clock, so tests and replays agree).
  public func retryAfter(now: Int64) -> Int64? {
    guard let value = headers["retry-after"]?.trimmingCharacters(in: .whitespaces) else { return nil }
    if let seconds = Int64(value) { return Swift.max(0, Swift.min(seconds, 86_400)) }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    guard let date = formatter.date(from: value) else { return nil }
    // Clamped as a Double first: converting a far date's interval to Int64 could trap.
    return Int64(Swift.max(0, Swift.min(date.timeIntervalSince1970 - Double(now), 86_400)))
  }

  /// BaniDB's `{"error":true,"data":{"error":"…"}}` message, one line, at most 120 chars.
  func apiErrorMessage() -> String? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
      let data = object["data"] as? [String: Any], let message = data["error"] as? String
    else { return nil }
    return CleanText.oneLine(message, limit: 120)
  }
}
