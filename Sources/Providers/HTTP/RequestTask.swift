import Foundation
import TimelineCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The session's delegate: it keeps one `RequestState` per task, so the body cap and the
/// redirect rule apply while bytes arrive rather than after a large body is in memory.
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  private let maxBody: Int
  private let lock = NSLock()
  private var states: [Int: RequestState] = [:]

  init(maxBody: Int) { self.maxBody = maxBody }

  func run(_ task: URLSessionDataTask, request: URLRequest, total: TimeInterval) async throws -> HTTPResponse {
    let state = RequestState(host: request.url?.host ?? "server", maxBody: maxBody, original: request)
    lock.withLock { states[task.taskIdentifier] = state }
    defer { lock.withLock { states[task.taskIdentifier] = nil } }
    // A watchdog on top of URLSession's own timeouts: a trickling body must not hold a
    // refresh past the total timeout.
    let deadline = Task { [weak state] in
      try await Task.sleep(nanoseconds: UInt64(total * 1_000_000_000))
      state?.finish(
        .failure(
          ProviderError(
            "timed out waiting for \(state?.host ?? "server") (no complete response within \(Int(total)) s)")))
      task.cancel()
    }
    defer { deadline.cancel() }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        state.start(continuation)
        task.resume()
      }
    } onCancel: {
      task.cancel()
    }
  }

  private func state(_ task: URLSessionTask) -> RequestState? {
    lock.withLock { states[task.taskIdentifier] }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    completionHandler(state(dataTask)?.received(response) ?? true ? .allow : .cancel)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    if state(dataTask)?.append(data) == false { dataTask.cancel() }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
  ) {
    completionHandler(state(task)?.allows(newRequest) ?? false ? newRequest : nil)
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    state(task)?.complete(error)
  }
}

/// One request's bytes and outcome.
final class RequestState: @unchecked Sendable {
  let host: String
  private let maxBody: Int
  private let original: URLRequest
  private let lock = NSLock()
  private var body = Data()
  private var response: HTTPURLResponse?
  private var failure: ProviderError?
  private var continuation: CheckedContinuation<HTTPResponse, any Error>?
  private var finished = false

  init(host: String, maxBody: Int, original: URLRequest) {
    self.host = host
    self.maxBody = maxBody
    self.original = original
  }

  func start(_ continuation: CheckedContinuation<HTTPResponse, any Error>) {
    lock.lock()
    self.continuation = continuation
    let early = finished
    lock.unlock()
    if early { continuation.resume(throwing: ProviderError("request to \(host) was cancelled")) }
  }

  /// Whether to go on receiving; false when the announced length is over the cap.
  func received(_ response: URLResponse) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    if response.expectedContentLength > Int64(maxBody) {
      failure = tooLarge()
      return false
    }
    self.response = response as? HTTPURLResponse
    return true
  }

  /// Adds bytes; false when the body went over the cap.
  func append(_ data: Data) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    body.append(data)
    if body.count > maxBody {
      failure = tooLarge()
      return false
    }
    return true
  }

  /// Same scheme, host and port only: a redirect elsewhere is refused, not followed.
  func allows(_ next: URLRequest) -> Bool {
    guard let from = original.url, let to = next.url else { return false }
    return to.host?.lowercased() == from.host?.lowercased() && to.scheme?.lowercased() == from.scheme?.lowercased()
      && to.port == from.port
  }

  func complete(_ error: (any Error)?) {
    lock.lock()
    let failure = self.failure
    let response = self.response
    let body = self.body
    lock.unlock()
    if let failure { return finish(.failure(failure)) }
    if let error { return finish(.failure(HTTPErrors.describe(error, host: host))) }
    guard let response else { return finish(.failure(ProviderError("no HTTP response from \(host)"))) }
    var headers: [String: String] = [:]
    for (name, value) in response.allHeaderFields {
      if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
    }
    finish(.success(HTTPResponse(status: response.statusCode, headers: headers, body: [UInt8](body))))
  }

  func finish(_ result: Result<HTTPResponse, ProviderError>) {
    lock.lock()
    guard !finished else {
      lock.unlock()
      return
    }
    finished = true
    let continuation = self.continuation
    lock.unlock()
    continuation?.resume(with: result.mapError { $0 as any Error })
  }

  private func tooLarge() -> ProviderError {
    ProviderError("response from \(host) is larger than \(maxBody >> 20) MB")
  }
}
