import Foundation
import TimelineCore

/// An HTTP client that answers from memory, for in-process tests of the engine: each
/// request's URL path is looked up in `routes` (exact, else the longest `prefix*` route),
/// and every request is logged. An unrouted path is a 404; `failing` makes every request
/// throw as a dropped connection would, and `status`/`headers` can turn answers into
/// errors (a 503 with `Retry-After`, say).
public final class MemoryHTTPClient: HTTPClient, @unchecked Sendable {
  private let lock = NSLock()
  private var routes: [String: [UInt8]] = [:]
  private var answer: (status: Int, headers: [String: String])?
  private var offline = false
  private var requested: [String] = []

  /// A client with no routes: every request fails until one is added.
  public init() {}

  /// Serves `body` for `path` (a trailing `*` matches any rest).
  public func route(_ path: String, _ body: [UInt8]) { locked { routes[path] = body } }

  /// Serves the file at `file` for `path`.
  public func route(_ path: String, file: String) throws {
    guard let data = FileManager.default.contents(atPath: file) else { throw TestSupportError("no fixture \(file)") }
    route(path, Array(data))
  }

  /// Every request fails like a lost network (true) or is answered again (false).
  public func setOffline(_ value: Bool) { locked { offline = value } }

  /// Every answer gets this status and these headers, until `nil`.
  public func setAnswer(status: Int, headers: [String: String] = [:]) { locked { answer = (status, headers) } }

  /// The paths asked for so far, in order.
  public var paths: [String] { locked { requested } }

  /// The answer routed for `url`'s path; records the request.
  public func get(_ url: String, headers: [String: String]) async throws -> HTTPResponse {
    let path = Self.path(of: url)
    return try locked { () throws -> HTTPResponse in
      requested.append(path)
      if offline { throw ProviderError("\(url): the network is unreachable") }
      if let answer { return HTTPResponse(status: answer.status, headers: answer.headers, body: []) }
      if let body = routes[path] {
        return HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: body)
      }
      let prefix = routes.keys.filter { $0.hasSuffix("*") && path.hasPrefix(String($0.dropLast())) }
        .max { $0.count < $1.count }
      if let prefix, let body = routes[prefix] {
        return HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: body)
      }
      return HTTPResponse(status: 404, headers: [:], body: Array("{\"error\":\"not found\"}".utf8))
    }
  }

  /// The path of `url` without scheme, host and query.
  static func path(of url: String) -> String {
    var rest = Substring(url)
    if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
    let path = rest.firstIndex(of: "/").map { rest[$0...] } ?? "/"
    return String(path.prefix { $0 != "?" })
  }

  private func locked<T>(_ body: () throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }
}
