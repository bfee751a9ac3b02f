import Foundation
import TimelineCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One request with its own session and delegate, so the body cap and the redirect rule
/// apply while bytes arrive rather than after a large body is in memory.
final class RequestTask: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  private let client: URLSessionHTTPClient
  private let request: URLRequest
  private let lock = NSLock()
  private var body = Data()
  private var response: HTTPURLResponse?
  private var failure: ProviderError?
  private var continuation: CheckedContinuation<HTTPResponse, any Error>?
  private var finished = false

  init(client: URLSessionHTTPClient, request: URLRequest) {
    self.client = client
    self.request = request
  }

  func run() async throws -> HTTPResponse {
    let config = URLSessionConfiguration.ephemeral
    config.timeoutIntervalForRequest = client.idleTimeout
    config.timeoutIntervalForResource = client.totalTimeout
    config.urlCache = nil
    config.httpShouldSetCookies = false
    let session = URLSession(configuration: config, delegate: self, delegateQueue: nil)
    defer { session.invalidateAndCancel() }
    let task = session.dataTask(with: request)
    let host = request.url?.host ?? "server"
    // A watchdog on top of URLSession's own timeouts: a trickling body must not hold a
    // refresh past the total timeout.
    let total = client.totalTimeout
    let deadline = Task { [weak self] in
      try await Task.sleep(nanoseconds: UInt64(total * 1_000_000_000))
      self?.finish(.failure(ProviderError("no complete response from \(host) within \(Int(total)) s")))
      task.cancel()
    }
    defer { deadline.cancel() }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        lock.lock()
        self.continuation = continuation
        lock.unlock()
        task.resume()
      }
    } onCancel: {
      task.cancel()
    }
  }

  private func finish(_ result: Result<HTTPResponse, ProviderError>) {
    lock.lock()
    guard !finished, let continuation else {
      lock.unlock()
      return
    }
    finished = true
    lock.unlock()
    continuation.resume(with: result.mapError { $0 as any Error })
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    let http = response as? HTTPURLResponse
    if response.expectedContentLength > Int64(client.maxBody) {
      lock.lock(); failure = tooLarge(); lock.unlock()
      completionHandler(.cancel)
      return
    }
    lock.lock(); self.response = http; lock.unlock()
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    lock.lock()
    body.append(data)
    let over = body.count > client.maxBody
    if over { failure = tooLarge() }
    lock.unlock()
    if over { dataTask.cancel() }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
  ) {
    let sameHost = newRequest.url?.host?.lowercased() == request.url?.host?.lowercased()
      && newRequest.url?.scheme == request.url?.scheme
    completionHandler(sameHost ? newRequest : nil)
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    lock.lock()
    let failure = self.failure
    let response = self.response
    let body = self.body
    lock.unlock()
    if let failure { return finish(.failure(failure)) }
    if let error { return finish(.failure(describe(error))) }
    guard let response else { return finish(.failure(ProviderError("no HTTP response from \(host)"))) }
    var headers: [String: String] = [:]
    for (name, value) in response.allHeaderFields {
      if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
    }
    finish(.success(HTTPResponse(status: response.statusCode, headers: headers, body: [UInt8](body))))
  }

  private var host: String { request.url?.host ?? "server" }

  private func tooLarge() -> ProviderError {
    ProviderError("response from \(host) is larger than \(client.maxBody >> 20) MB")
  }

  private func describe(_ error: any Error) -> ProviderError {
    let code = (error as? URLError)?.code
    switch code {
    case .timedOut?: return ProviderError("timed out waiting for \(host)")
    case .cannotFindHost?, .dnsLookupFailed?: return ProviderError("cannot resolve host \(host)")
    case .cannotConnectToHost?: return ProviderError("connection refused by \(host)")
    case .networkConnectionLost?: return ProviderError("connection to \(host) was lost")
    case .notConnectedToInternet?: return ProviderError("no network connection")
    case .secureConnectionFailed?, .serverCertificateUntrusted?, .serverCertificateHasBadDate?:
      return ProviderError("TLS connection to \(host) failed")
    case .httpTooManyRedirects?, .redirectToNonExistentLocation?:
      return ProviderError("\(host) redirected elsewhere; not followed")
    default: return ProviderError("request to \(host) failed (\(code.map { "\($0.rawValue)" } ?? "network error"))")
    }
  }
}
