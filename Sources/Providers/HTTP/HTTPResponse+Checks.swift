import TimelineCore

extension HTTPResponse {
  /// Maps a response to the body of a successful JSON answer, or throws a one-line error
  /// that names what happened without quoting upstream text (except BaniDB's own error
  /// message, which is cut to one line; any other service's body is never quoted).
  /// `now` (the provider's clock) turns a `Retry-After` date into seconds.
  func jsonBody(from service: String, now: Int64) throws -> [UInt8] {
    let retryAfter = retryAfter(now: now)
    if status == 429 {
      throw ProviderError("\(service): rate limited (HTTP 429)", retryAfter: retryAfter)
    }
    if !(200..<300).contains(status) {
      let detail = service == "BaniDB" ? apiErrorMessage().map { ": \($0)" } ?? "" : ""
      throw ProviderError("\(service): HTTP \(status)\(detail)", retryAfter: status == 503 ? retryAfter : nil)
    }
    guard let first = firstByte else { throw ProviderError("\(service): empty response") }
    if first == UInt8(ascii: "<") { throw ProviderError("\(service): got an HTML page instead of JSON") }
    guard looksLikeJSON else { throw ProviderError("\(service): response is not JSON") }
    return body
  }

  /// The body's first byte after white space and a BOM; nil when there is none.
  var firstByte: UInt8? {
    body.first { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF) }
  }

  /// Whether the body starts like a JSON object or array.
  var looksLikeJSON: Bool { firstByte == UInt8(ascii: "{") || firstByte == UInt8(ascii: "[") }

  /// Seconds from a `Retry-After` header: delta-seconds, or an HTTP date measured from
  /// `now` (never the system clock, so tests and replays agree).
  func retryAfter(now: Int64) -> Int64? {
    guard let raw = headers["retry-after"] else { return nil }
    let value = String(raw.unicodeScalars.filter { $0 != " " && $0 != "\t" }.map(Character.init))
    if let seconds = Int64(value) { return Swift.max(0, Swift.min(seconds, 86_400)) }
    guard let date = HTTPDate.parse(raw) else { return nil }
    let (delta, overflow) = date.subtractingReportingOverflow(now)
    return overflow ? nil : Swift.max(0, Swift.min(delta, 86_400))
  }

  /// BaniDB's `{"error":true,"data":{"error":"…"}}` message, one line, at most 120 chars.
  func apiErrorMessage() -> String? {
    guard let message = JSONValue.parse(body)?["data"]?["error"]?.string else { return nil }
    return CleanText.oneLine(message, limit: 120)
  }
}

extension HTTPClient {
  /// GETs `url` asking for JSON: the body of a successful answer (`jsonBody`), or an error
  /// naming `service`.
  func json(_ url: String, from service: String, now: Int64) async throws -> [UInt8] {
    try await get(url, headers: ["Accept": "application/json"]).jsonBody(from: service, now: now)
  }
}
