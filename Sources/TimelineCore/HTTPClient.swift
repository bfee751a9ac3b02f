/// What a provider needs from HTTP, kept free of Foundation so the core stays small.
public protocol HTTPClient: Sendable {
  /// Fetches `url` with a GET and returns the response, or throws `ProviderError`.
  func get(_ url: String, headers: [String: String]) async throws -> HTTPResponse
}

/// A complete HTTP response.
public struct HTTPResponse: Sendable {
  /// The status code.
  public var status: Int
  /// Header names lower-cased.
  public var headers: [String: String]
  /// The body bytes.
  public var body: [UInt8]

  /// Creates a response.
  public init(status: Int, headers: [String: String] = [:], body: [UInt8]) {
    self.status = status
    self.headers = headers
    self.body = body
  }
}
