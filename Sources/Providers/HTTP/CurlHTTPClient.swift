import TimelineCore

/// The providers' HTTP client, on libcurl (`CurlTransfer`), with the limits a status-bar
/// tool needs (docs/reliability.md, "The network"); every request also draws on the
/// refresh's `FetchBudget`, when it has one.
public final class CurlHTTPClient: HTTPClient, Sendable {
  /// The version sent in `User-Agent`.
  static let version = TimelineVersion.string
  /// Redirects followed within the same host before the last one is handed back as is.
  static let maxRedirects = 5

  let connectTimeout: Double
  let totalTimeout: Double
  let maxBody: Int
  let budget: FetchBudget?
  private let gate: RequestGate
  private let handles = CurlHandles()

  /// Creates a client; `concurrency` requests at most in flight.
  public init(
    connectTimeout: Double = 5, totalTimeout: Double = 20, maxBody: Int = 5 << 20, concurrency: Int = 4,
    budget: FetchBudget? = nil
  ) {
    self.connectTimeout = connectTimeout
    self.totalTimeout = totalTimeout
    self.maxBody = maxBody
    self.budget = budget
    gate = RequestGate(limit: concurrency)
  }

  /// GETs `url` with `headers` through libcurl, within the client's request cap and the run's budget.
  public func get(_ url: String, headers: [String: String]) async throws -> HTTPResponse {
    guard var origin = CurlURL(url) else { throw ProviderError("invalid URL \(url)") }
    await gate.enter()
    defer { Task { await gate.leave() } }
    var current = url
    for _ in 0...Self.maxRedirects {
      let (response, redirect) = try await fetch(current, host: origin.host, headers: headers)
      // A redirect elsewhere is not followed: the caller sees the 3xx and says so.
      guard (300..<400).contains(response.status), let redirect, let next = CurlURL(redirect), next == origin else {
        return response
      }
      (current, origin) = (redirect, next)
    }
    throw ProviderError("\(origin.host) redirected more than \(Self.maxRedirects) times; not followed")
  }

  private func fetch(_ url: String, host: String, headers: [String: String]) async throws -> (
    HTTPResponse, redirect: String?
  ) {
    var total = totalTimeout
    var connect = connectTimeout
    var clipped = false
    if let budget {
      try budget.admit(host)
      let left = budget.remaining()
      clipped = left < total
      (total, connect) = (Swift.min(total, left), Swift.min(connect, left))
    }
    let request = CurlRequest(
      url: url, host: host, headers: headers, connectTimeout: connect, totalTimeout: total, maxBody: maxBody)
    do {
      return try await CurlTransfer(request, handles: handles).run()
    } catch let failure as CurlFailure {
      guard failure.timedOut, let budget else { throw failure.error }
      budget.timedOut(host)
      guard clipped else { throw failure.error }
      throw ProviderError(
        "timed out waiting for \(host): the refresh's \(Int(budget.seconds)) s for network requests ran out")
    }
  }
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
