import Foundation
import TimelineCore

/// A provider's HTTP client, made at its first request: a widget that never fetches (a
/// `command`) makes none, so a command-only refresh opens no connection machinery and
/// leaves nothing behind in the user's home (Foundation's URLSession makes cache and
/// cookie directories there as it starts).
final class LazyHTTPClient: HTTPClient, @unchecked Sendable {
  private let make: @Sendable () -> any HTTPClient
  private var client: (any HTTPClient)?
  private let lock = NSLock()

  init(make: @escaping @Sendable () -> any HTTPClient) { self.make = make }

  func get(_ url: String, headers: [String: String]) async throws -> HTTPResponse {
    try await current().get(url, headers: headers)
  }

  private func current() -> any HTTPClient {
    lock.lock()
    defer { lock.unlock() }
    if let client { return client }
    let made = make()
    client = made
    return made
  }
}
