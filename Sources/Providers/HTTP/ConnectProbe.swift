import Glibc
import TimelineCore

/// A TCP connect with a deadline, made once per host before the first request: URLSession
/// on Linux cannot limit the connect phase on its own, and a dead host should fail in
/// 5 s, not 20. Skipped when a proxy is configured, since the host is then not dialled.
enum ConnectProbe {
  static func check(host: String, port: Int, timeout: Double) async throws {
    for name in ["https_proxy", "HTTPS_PROXY", "http_proxy", "HTTP_PROXY", "all_proxy", "ALL_PROXY"] {
      if let value = getenv(name), value.pointee != 0 { return }
    }
    try await Task.detached { try connect(host: host, port: port, timeout: timeout) }.value
  }

  private static func connect(host: String, port: Int, timeout: Double) throws {
    var hints = addrinfo()
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    hints.ai_family = AF_UNSPEC
    var list: UnsafeMutablePointer<addrinfo>?
    let bare = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
    guard getaddrinfo(bare, String(port), &hints, &list) == 0, let first = list else {
      throw ProviderError("cannot resolve host \(host)")
    }
    defer { freeaddrinfo(list) }
    var refused = false
    var node: UnsafeMutablePointer<addrinfo>? = first
    let deadline = Int32(timeout * 1000)
    while let info = node {
      node = info.pointee.ai_next
      let fd = socket(
        info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue),
        info.pointee.ai_protocol)
      guard fd >= 0 else { continue }
      defer { close(fd) }
      if Glibc.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return }
      guard errno == EINPROGRESS else {
        refused = refused || errno == ECONNREFUSED
        continue
      }
      var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
      guard poll(&poller, 1, deadline) == 1 else { continue }
      var error: Int32 = 0
      var length = socklen_t(MemoryLayout<Int32>.size)
      getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
      if error == 0 { return }
      refused = refused || error == ECONNREFUSED
    }
    throw ProviderError(
      refused ? "connection refused by \(host)" : "cannot connect to \(host) within \(Int(timeout)) s")
  }
}
