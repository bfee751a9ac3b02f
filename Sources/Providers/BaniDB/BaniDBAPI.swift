import Foundation
import TimelineCore

/// The few BaniDB v2 calls the Gurbani kinds make, against the `[sources] banidb` base.
struct BaniDBAPI: Sendable {
  static let defaultBase = "https://api.banidb.com/v2"
  /// Requests in flight per provider. The shared client enforces the same cap per client;
  /// this one also holds if a client is ever shared between providers.
  static let concurrency = 4

  let base: String
  let http: any HTTPClient

  init(_ context: ProviderContext) {
    var base = context.sources["banidb"] ?? Self.defaultBase
    while base.hasSuffix("/") { base.removeLast() }
    self.base = base
    http = context.http
  }

  /// What came back: a body, or a 404 (which each kind treats differently).
  enum Answer: Sendable {
    case found(JSON)
    case notFound
  }

  func get(_ path: String) async throws -> Answer {
    let response = try await http.get(base + path, headers: [:])
    if response.status == 404 { return .notFound }
    let body = try response.jsonBody(from: "BaniDB")
    do {
      return .found(try JSON.parse(body))
    } catch {
      throw ProviderError("BaniDB: response is not valid JSON")
    }
  }

  func shabad(_ path: String) async throws -> Shabad? {
    switch try await get(path) {
    case .notFound: return nil
    case .found(let json):
      guard let shabad = Shabad(json) else { throw ProviderError("BaniDB: unexpected shabad format from \(path)") }
      return shabad
    }
  }

  /// Runs `work` for every item with at most `concurrency` at once, and returns each
  /// item's result in order; a failure costs only its own item.
  static func each<T: Sendable, R: Sendable>(
    _ items: [T], _ work: @escaping @Sendable (T) async throws -> R
  ) async -> [Result<R, ProviderError>] {
    await withTaskGroup(of: (Int, Result<R, ProviderError>).self) { group in
      var results = [Result<R, ProviderError>?](repeating: nil, count: items.count)
      var next = 0
      func start() {
        guard next < items.count else { return }
        let (index, item) = (next, items[next])
        next += 1
        group.addTask {
          do {
            return (index, .success(try await work(item)))
          } catch let error as ProviderError {
            return (index, .failure(error))
          } catch {
            return (index, .failure(ProviderError("BaniDB: request failed")))
          }
        }
      }
      for _ in 0..<min(concurrency, items.count) { start() }
      for await (index, result) in group {
        results[index] = result
        start()
      }
      return results.map { $0 ?? .failure(ProviderError("BaniDB: request not made")) }
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
