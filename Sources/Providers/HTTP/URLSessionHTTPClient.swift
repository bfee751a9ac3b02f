import Foundation
import TimelineCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The one HTTP client every provider shares: one URLSession (so connections are reused
/// across a provider's requests) with the limits a status-bar tool needs. At most 5 s to
/// connect, 20 s in all, a 5 MB body cap, redirects only within the same host,
/// `User-Agent: timeline/<version>`, and at most `concurrency` requests in flight per
/// client (each provider gets its own client).
public final class URLSessionHTTPClient: HTTPClient, @unchecked Sendable {
  /// The version sent in `User-Agent`.
  public static let version = TimelineVersion.string

  let connectTimeout: TimeInterval
  let totalTimeout: TimeInterval
  let maxBody: Int
  private let gate: RequestGate
  private let tasks: SessionDelegate
  private let session: URLSession
  private let probed = ProbedHosts()

  /// Creates a client.
  public init(
    connectTimeout: TimeInterval = 5, totalTimeout: TimeInterval = 20, maxBody: Int = 5 << 20,
    concurrency: Int = 4
  ) {
    self.connectTimeout = connectTimeout
    self.totalTimeout = totalTimeout
    self.maxBody = maxBody
    gate = RequestGate(limit: concurrency)
    tasks = SessionDelegate(maxBody: maxBody)
    let config = URLSessionConfiguration.ephemeral
    // URLSession on Linux has no connect timeout of its own: its request timeout is an
    // idle timeout, so `ConnectProbe` enforces the 5 s and the request's own watchdog the
    // total; URLSession's limits sit just past it as a backstop.
    config.timeoutIntervalForRequest = totalTimeout + 5
    config.timeoutIntervalForResource = totalTimeout + 5
    config.urlCache = nil
    config.httpShouldSetCookies = false
    config.httpMaximumConnectionsPerHost = concurrency
    session = URLSession(configuration: config, delegate: tasks, delegateQueue: nil)
  }

  deinit { session.finishTasksAndInvalidate() }

  public func get(_ url: String, headers: [String: String]) async throws -> HTTPResponse {
    guard let target = URL(string: url), let scheme = target.scheme?.lowercased(),
      scheme == "http" || scheme == "https", let host = target.host
    else { throw ProviderError("invalid URL \(url)") }
    await gate.enter()
    defer { Task { await gate.leave() } }
    let port = target.port ?? (scheme == "https" ? 443 : 80)
    if await probed.needsProbe(host, port) {
      try await ConnectProbe.check(host: host, port: port, timeout: connectTimeout)
      await probed.mark(host, port)
    }
    var request = URLRequest(url: target)
    request.httpMethod = "GET"
    request.cachePolicy = .reloadIgnoringLocalCacheData
    request.setValue("timeline/\(Self.version)", forHTTPHeaderField: "User-Agent")
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    return try await tasks.run(session.dataTask(with: request), request: request, total: totalTimeout)
  }
}

/// Hosts already reached by this client: a connection to them was made, so the connect
/// probe is not repeated for every request.
actor ProbedHosts {
  private var seen: Set<String> = []
  func needsProbe(_ host: String, _ port: Int) -> Bool { !seen.contains("\(host):\(port)") }
  func mark(_ host: String, _ port: Int) { seen.insert("\(host):\(port)") }
}

/// A counting semaphore for async callers.
actor RequestGate {
  private let limit: Int
  private var active = 0
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(limit: Int) { self.limit = Swift.max(1, limit) }

  func enter() async {
    if active < limit {
      active += 1
    } else {
      await withCheckedContinuation { waiting.append($0) }
    }
  }

  func leave() {
    if waiting.isEmpty {
      active -= 1
    } else {
      waiting.removeFirst().resume()
    }
  }
}
