import FoundationEssentials
import TimelineCore

extension Service {
  /// BaniDB v2, which every Gurbani kind calls.
  static let banidb = Service(key: "banidb", defaultURL: "https://api.banidb.com/v2")
}

/// The few BaniDB v2 calls the Gurbani kinds make, against the `[sources] banidb` base.
struct BaniDBAPI: Sendable {
  /// Requests in flight per provider. The shared client enforces the same cap per client;
  /// this one also holds if a client is ever shared between providers.
  static let concurrency = 4

  let base: SourceURL
  let http: any HTTPClient
  let clock: any WallClock

  init(_ context: ProviderContext) {
    base = context.sources[.banidb]
    http = context.http
    clock = context.clock
  }

  /// What came back: a body, or a 404 (which each kind treats differently).
  enum Answer: Sendable {
    case found(JSONValue)
    case notFound
  }

  /// Like `answer(_:)`, but with only the `lastError` side of a failure, for kinds that
  /// hand errors straight to the engine.
  func get(_ path: String) async throws -> Answer {
    do {
      return try await answer(path)
    } catch {
      throw error.error
    }
  }

  func answer(_ path: String) async throws(BaniDBRequestError) -> Answer {
    let response: HTTPResponse
    do {
      response = try await http.get(base.text + path, headers: [:])
    } catch {
      throw BaniDBRequestError(error, reason: "network error")
    }
    if response.status == 404 { return .notFound }
    let body: [UInt8]
    do {
      body = try response.jsonBody(from: "BaniDB", now: clock.now())
    } catch {
      throw BaniDBRequestError(
        error, else: "BaniDB: HTTP \(response.status)", reason: Self.reason(status: response.status))
    }
    guard let json = JSONValue.parse(body) else {
      throw BaniDBRequestError("BaniDB: response is not valid JSON", reason: "unexpected response")
    }
    return .found(json)
  }

  /// Our own short wording for a status that did not give a usable body.
  static func reason(status: Int) -> String {
    switch status {
    case 429: return "rate limited"
    case 200..<300: return "unexpected response"
    default: return "HTTP \(status)"
    }
  }

  func shabad(_ path: String) async throws(BaniDBRequestError) -> Shabad? {
    switch try await answer(path) {
    case .notFound: return nil
    case .found(let json):
      guard let shabad = Shabad(json) else {
        throw BaniDBRequestError("BaniDB: unexpected shabad format from \(path)", reason: "unexpected response")
      }
      return shabad
    }
  }

  /// Runs `work` for every item with at most `concurrency` at once, and returns each
  /// item's result in order; a failure costs only its own item.
  static func each<T: Sendable, R: Sendable>(
    _ items: [T], _ work: @escaping @Sendable (T) async throws -> R
  ) async -> [Result<R, BaniDBRequestError>] {
    await withTaskGroup(of: (Int, Result<R, BaniDBRequestError>).self) { group in
      var results = [Result<R, BaniDBRequestError>?](repeating: nil, count: items.count)
      var next = 0
      func start() {
        guard next < items.count else { return }
        let (index, item) = (next, items[next])
        next += 1
        group.addTask {
          do {
            return (index, .success(try await work(item)))
          } catch let failure as BaniDBRequestError {
            return (index, .failure(failure))
          } catch {
            return (index, .failure(BaniDBRequestError(error, reason: "request failed")))
          }
        }
      }
      for _ in 0..<min(concurrency, items.count) { start() }
      for await (index, result) in group {
        results[index] = result
        start()
      }
      return results.map { $0 ?? .failure(BaniDBRequestError("BaniDB: request not made", reason: "request not made")) }
    }
  }

  /// The error to throw when every request failed: the first one, with the longest
  /// Retry-After any of them asked for.
  static func combined(_ errors: [ProviderError]) -> ProviderError {
    var error = errors.first ?? ProviderError("BaniDB: no shabad could be fetched")
    error.retryAfter = errors.compactMap(\.retryAfter).max()
    if errors.count > 1 { error.message += " (all \(errors.count) requests failed)" }
    return error
  }
}

/// A failed request, twice over: `error` is the one-line reason for `lastError` (it may
/// quote BaniDB's own error message), `reason` is our own wording for a tooltip or the
/// bar ("HTTP 500", "rate limited", "not found", …) and never carries upstream text.
struct BaniDBRequestError: Error, Sendable {
  var error: ProviderError
  var reason: String

  init(_ message: String, reason: String) { (error, self.reason) = (ProviderError(message), reason) }

  /// `error` as it is when it is a `ProviderError`, else `message`.
  init(_ error: any Error, else message: String = "BaniDB: request failed", reason: String) {
    (self.error, self.reason) = (error as? ProviderError ?? ProviderError(message), reason)
  }
}
