import CCurl
import Glibc
import Spawning
import Synchronization
import TimelineCore

// The package's one use of libcurl's C API (used directly rather than through Foundation's
// networking, which would bring Foundation's internationalisation and ICU's data with it).

/// libcurl's process-wide set-up, not thread-safe in itself: a lazy global, run once.
private let curlReady: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

/// The process's malloc arenas: glibc gives each thread that allocates an arena of its own,
/// and each transfer has a thread, which mostly waits on the network; one arena for all
/// keeps a refresh's peak memory down.
public enum MallocArenas {
  /// Call first thing in `main`, before any other thread exists: glibc applies the limit to
  /// the arenas it makes after the call.
  public static func limitToOne() { timeline_malloc_one_arena() }
}

/// An easy handle; libcurl allows it on one thread at a time, which `CurlHandles` ensures.
struct CurlHandle: @unchecked Sendable {
  let raw: UnsafeMutableRawPointer
}

/// A client's idle easy handles: a used one keeps its connection to the host open.
final class CurlHandles: Sendable {
  private let idle = Mutex<[CurlHandle]>([])

  func take() -> CurlHandle? {
    if let handle = idle.withLock({ $0.popLast() }) {
      curl_easy_reset(handle.raw)
      return handle
    }
    guard curlReady, let raw = curl_easy_init() else { return nil }
    return CurlHandle(raw: raw)
  }

  func give(_ handle: CurlHandle) { idle.withLock { $0.append(handle) } }

  deinit {
    for handle in idle.withLock({ $0 }) { curl_easy_cleanup(handle.raw) }
  }
}

/// An http or https URL as libcurl reads it, so that the host we compare for redirects is
/// the one libcurl connects to.
struct CurlURL: Equatable {
  var scheme: String
  var host: String
  var port: String

  init?(_ text: String) {
    guard let url = curl_url() else { return nil }
    defer { curl_url_cleanup(url) }
    guard curl_url_set(url, CURLUPART_URL, text, 0) == CURLUE_OK else { return nil }
    func part(_ which: CURLUPart, _ flags: UInt32 = 0) -> String? {
      var value: UnsafeMutablePointer<CChar>?
      guard curl_url_get(url, which, &value, flags) == CURLUE_OK, let value else { return nil }
      defer { curl_free(value) }
      return String(cString: value)
    }
    guard let scheme = part(CURLUPART_SCHEME)?.lowercased(), scheme == "http" || scheme == "https",
      let host = part(CURLUPART_HOST), !host.isEmpty, let port = part(CURLUPART_PORT, UInt32(CURLU_DEFAULT_PORT))
    else { return nil }
    (self.scheme, self.host, self.port) = (scheme, host.lowercased(), port)
  }
}

/// A transfer's failure in our words, and whether it was a timeout (`FetchBudget` counts those).
struct CurlFailure: Error {
  var error: ProviderError
  var timedOut: Bool
}

struct CurlRequest: Sendable {
  var url: String
  var host: String
  var headers: [String: String]
  var connectTimeout: Double
  var totalTimeout: Double
  var maxBody: Int
}

/// One GET on its own thread: `curl_easy_perform` blocks, which a thread of Swift's
/// cooperative pool must not.
final class CurlTransfer: @unchecked Sendable {
  private let request: CurlRequest
  private let handles: CurlHandles
  private let cancelled = Atomic<Bool>(false)
  // Written only by the transfer's thread, between perform's start and its end.
  private var body: [UInt8] = []
  private var headers: [String: String] = [:]
  private var headerBytes = 0
  private var headersTooLarge = false
  private var tooLarge = false

  init(_ request: CurlRequest, handles: CurlHandles) {
    self.request = request
    self.handles = handles
  }

  /// The response (status, headers, body) and the absolute URL of a redirect, if any.
  func run() async throws -> (HTTPResponse, redirect: String?) {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let started = DetachedThread.start { [self] in continuation.resume(with: perform()) }
        if !started { continuation.resume(throwing: ProviderError("cannot start a thread for \(request.host)")) }
      }
    } onCancel: {
      cancelled.store(true, ordering: .relaxed)
    }
  }

  private func perform() -> Result<(HTTPResponse, redirect: String?), any Error> {
    guard let handle = handles.take() else {
      return .failure(CurlFailure(error: ProviderError("cannot set up HTTP (libcurl)"), timedOut: false))
    }
    var list: UnsafeMutablePointer<curl_slist>? = nil
    list = curl_slist_append(list, "Accept: application/json")
    for (name, value) in request.headers { list = curl_slist_append(list, "\(name): \(value)") }
    defer { curl_slist_free_all(list) }
    let raw = handle.raw
    let me = Unmanaged.passUnretained(self).toOpaque()
    timeline_curl_set_pointer(raw, CURLOPT_URL, request.url)
    timeline_curl_set_pointer(raw, CURLOPT_PROTOCOLS_STR, "http,https")
    timeline_curl_set_pointer(raw, CURLOPT_USERAGENT, "timeline/\(TimelineVersion.string)")
    timeline_curl_set_pointer(raw, CURLOPT_HTTPHEADER, list)
    // "" offers every encoding this libcurl decodes; the body cap applies to decoded bytes.
    timeline_curl_set_pointer(raw, CURLOPT_ACCEPT_ENCODING, "")
    timeline_curl_set_long(raw, CURLOPT_NOSIGNAL, 1)
    timeline_curl_set_long(raw, CURLOPT_FOLLOWLOCATION, 0)
    timeline_curl_set_long(raw, CURLOPT_SSL_VERIFYPEER, 1)
    timeline_curl_set_long(raw, CURLOPT_SSL_VERIFYHOST, 2)
    timeline_curl_set_long(raw, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1)
    timeline_curl_set_long(raw, CURLOPT_CONNECTTIMEOUT_MS, milliseconds(request.connectTimeout))
    timeline_curl_set_long(raw, CURLOPT_TIMEOUT_MS, milliseconds(request.totalTimeout))
    timeline_curl_set_offset(raw, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.maxBody))
    timeline_curl_set_write(raw, CURLOPT_WRITEFUNCTION, onBody)
    timeline_curl_set_pointer(raw, CURLOPT_WRITEDATA, me)
    timeline_curl_set_write(raw, CURLOPT_HEADERFUNCTION, onHeader)
    timeline_curl_set_pointer(raw, CURLOPT_HEADERDATA, me)
    timeline_curl_set_long(raw, CURLOPT_NOPROGRESS, 0)
    timeline_curl_set_progress(raw, onProgress)
    timeline_curl_set_pointer(raw, CURLOPT_XFERINFODATA, me)
    let code = curl_easy_perform(raw)
    defer { handles.give(handle) }
    if code != CURLE_OK {
      return .failure(CurlFailure(error: failure(code, raw), timedOut: code == CURLE_OPERATION_TIMEDOUT))
    }
    var status = 0
    timeline_curl_get_long(raw, CURLINFO_RESPONSE_CODE, &status)
    var location: UnsafeMutablePointer<CChar>? = nil
    timeline_curl_get_string(raw, CURLINFO_REDIRECT_URL, &location)
    return .success((HTTPResponse(status: status, headers: headers, body: body), location.map { String(cString: $0) }))
  }

  private func milliseconds(_ seconds: Double) -> Int { Int(Swift.max(1, Swift.min(seconds, 86_400)) * 1000) }

  private func failure(_ code: CURLcode, _ raw: UnsafeMutableRawPointer) -> ProviderError {
    let host = request.host
    switch code {
    case CURLE_WRITE_ERROR where headersTooLarge:
      return ProviderError("response headers from \(host) are larger than \(Self.maxHeaderBytes >> 10) KB")
    case CURLE_WRITE_ERROR where tooLarge, CURLE_FILESIZE_EXCEEDED:
      return ProviderError("response from \(host) is larger than \(request.maxBody >> 20) MB")
    case CURLE_ABORTED_BY_CALLBACK: return ProviderError("request to \(host) was cancelled")
    case CURLE_COULDNT_RESOLVE_HOST: return ProviderError("cannot resolve host \(host)")
    case CURLE_COULDNT_RESOLVE_PROXY: return ProviderError("cannot resolve the proxy for \(host)")
    case CURLE_COULDNT_CONNECT:
      var error = 0
      timeline_curl_get_long(raw, CURLINFO_OS_ERRNO, &error)
      return ProviderError(error == Int(ECONNREFUSED) ? "connection refused by \(host)" : "cannot connect to \(host)")
    case CURLE_OPERATION_TIMEDOUT:
      var connected: curl_off_t = 0
      timeline_curl_get_offset(raw, CURLINFO_CONNECT_TIME_T, &connected)
      if connected == 0 {
        return ProviderError("cannot connect to \(host) within \(Int(request.connectTimeout)) s")
      }
      return ProviderError(
        "timed out waiting for \(host) (no complete response within \(Int(request.totalTimeout.rounded())) s)")
    case CURLE_PARTIAL_FILE: return ProviderError("connection to \(host) closed before the response was complete")
    case CURLE_GOT_NOTHING, CURLE_WEIRD_SERVER_REPLY: return ProviderError("invalid HTTP response from \(host)")
    case CURLE_RECV_ERROR, CURLE_SEND_ERROR: return ProviderError("connection to \(host) was lost")
    case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE,
      CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER:
      return ProviderError("TLS connection to \(host) failed")
    default:
      return ProviderError("request to \(host) failed (\(String(cString: curl_easy_strerror(code))))")
    }
  }

  fileprivate func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard body.count + bytes.count <= request.maxBody else {
      tooLarge = true
      return false
    }
    body.append(contentsOf: bytes)
    return true
  }

  /// The most header bytes a transfer takes, all responses counted: below libcurl's own
  /// limit, whose failure would read as a lost connection.
  static let maxHeaderBytes = 256 << 10

  /// One header line; false (which stops the transfer) past `maxHeaderBytes`. A status line
  /// starts a new response (a proxy's, a 100 Continue): only the final one's are kept.
  fileprivate func header(_ line: UnsafeRawBufferPointer) -> Bool {
    headerBytes += line.count
    guard headerBytes <= Self.maxHeaderBytes else {
      headersTooLarge = true
      return false
    }
    let text = String(decoding: line, as: UTF8.self)
    if text.hasPrefix("HTTP/") {
      headers = [:]
      return true
    }
    guard let colon = text.firstIndex(of: ":") else { return true }
    let name = text[..<colon].lowercased()
    let value = text[text.index(after: colon)...].trimmed
    headers[name] = headers[name].map { "\($0), \(value)" } ?? value
    return true
  }

  fileprivate var isCancelled: Bool { cancelled.load(ordering: .relaxed) }
}

private func transfer(_ data: UnsafeMutableRawPointer?) -> CurlTransfer? {
  data.map { Unmanaged<CurlTransfer>.fromOpaque($0).takeUnretainedValue() }
}

private let onBody: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = {
  bytes, size, count, data in
  guard let transfer = transfer(data), let bytes else { return 0 }
  // Returning less than given makes libcurl stop with CURLE_WRITE_ERROR.
  return transfer.append(UnsafeRawBufferPointer(start: bytes, count: size * count)) ? size * count : 0
}

private let onHeader: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = {
  bytes, size, count, data in
  guard let transfer = transfer(data), let bytes else { return 0 }
  // Returning less than given makes libcurl stop with CURLE_WRITE_ERROR.
  return transfer.header(UnsafeRawBufferPointer(start: bytes, count: size * count)) ? size * count : 0
}

// Called about once a second at least, even while nothing arrives: the point where a
// cancelled task (a terminated refresh, a spent budget) stops its transfer.
private let onProgress:
  @convention(c) (UnsafeMutableRawPointer?, curl_off_t, curl_off_t, curl_off_t, curl_off_t) ->
    Int32 = { data, _, _, _, _ in
      transfer(data)?.isCancelled == true ? 1 : 0
    }
