import Synchronization
import TimelineCore

/// A provider's HTTP client, made at its first request: a widget that never fetches (a
/// `command`) makes none, so a command-only refresh sets up no connection machinery.
final class LazyHTTPClient: HTTPClient, Sendable {
  private let make: @Sendable () -> any HTTPClient
  private let client = Mutex<(any HTTPClient)?>(nil)

  init(make: @escaping @Sendable () -> any HTTPClient) { self.make = make }

  func get(_ url: String, headers: [String: String]) async throws -> HTTPResponse {
    try await current().get(url, headers: headers)
  }

  private func current() -> any HTTPClient {
    client.withLock { client in
      if let client { return client }
      let made = make()
      client = made
      return made
    }
  }
}
