import Foundation
import TimelineCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The one HTTP client every provider shares: URLSession with the limits a status-bar tool
/// needs. Connect and idle timeout 5 s, 20 s in all, a 5 MB body cap, redirects only within
/// the same host, `User-Agent: timeline/<version>`, and at most `concurrency` requests in
/// flight per client (each provider gets its own client).
public final class URLSessionHTTPClient: HTTPClient, @unchecked Sendable {
  /// The version sent in `User-Agent`.
  public static let version = "0.1.0"

  let idleTimeout: TimeInterval
  let totalTimeout: TimeInterval
  let maxBody: Int
  private let gate: RequestGate

  /// Creates a client.
  public init(
    idleTimeout: TimeInterval = 5, totalTimeout: TimeInterval = 20, maxBody: Int = 5 << 20,
    concurrency: Int = 4
  ) {
    self.idleTimeout = idleTimeout
    self.totalTimeout = totalTimeout
    self.maxBody = maxBody
    self.gate = RequestGate(limit: concurrency)
  }

  /// The most requests that were ever in flight at once; for tests of the cap.
  public var peakConcurrency: Int { get async { await gate.peak } }

  public func get(_ url: String, headers: [String: String]) async throws -> HTTPResponse {
    guard let target = URL(string: url), let scheme = target.scheme?.lowercased(),
      scheme == "http" || scheme == "https", target.host != nil
    else { throw ProviderError("invalid URL \(url)") }
    await gate.enter()
    defer { Task { await gate.leave() } }
    var request = URLRequest(url: target)
    request.httpMethod = "GET"
    request.cachePolicy = .reloadIgnoringLocalCacheData
    request.setValue("timeline/\(Self.version)", forHTTPHeaderField: "User-Agent")
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    return try await RequestTask(client: self, request: request).run()
  }
}

/// A counting semaphore for async callers.
actor RequestGate {
  private let limit: Int
  private var active = 0
  private(set) var peak = 0
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(limit: Int) { self.limit = Swift.max(1, limit) }

  func enter() async {
    if active < limit {
      active += 1
    } else {
      await withCheckedContinuation { waiting.append($0) }
    }
    peak = Swift.max(peak, active)
  }

  func leave() {
    if waiting.isEmpty {
      active -= 1
    } else {
      waiting.removeFirst().resume()
    }
  }
}
