/// Checks a `[sources]` URL: https anywhere; plain http only to a loopback host, because
/// tests point sources at 127.0.0.1 and nothing else should travel unencrypted.
enum SourceURL {
  enum Verdict { case ok, insecure, invalid }

  static func check(_ url: String) -> Verdict {
    let lower = url.lowercased()
    let rest: Substring
    if lower.hasPrefix("https://") {
      rest = lower.dropFirst(8)
    } else if lower.hasPrefix("http://") {
      rest = lower.dropFirst(7)
    } else {
      return .invalid
    }
    guard !url.contains(where: { $0.isWhitespace || $0 == "\0" }) else { return .invalid }
    let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    guard !authority.isEmpty, !authority.contains("@") else { return .invalid }
    if lower.hasPrefix("https://") { return .ok }
    let host: Substring
    if authority.hasPrefix("[") {
      host = authority.prefix { $0 != "]" }.dropFirst()
    } else {
      host = authority.prefix { $0 != ":" }
    }
    return host == "localhost" || host == "::1" || isLoopbackIPv4(host) ? .ok : .insecure
  }

  /// `127.a.b.c` written as four decimal numbers; a name such as `127.0.0.1.example.com`
  /// is a DNS name like any other and is not loopback.
  static func isLoopbackIPv4(_ host: Substring) -> Bool {
    let parts = host.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4 && parts[0] == "127"
      && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { ("0"..."9").contains($0) } && UInt8($0) != nil }
  }
}
