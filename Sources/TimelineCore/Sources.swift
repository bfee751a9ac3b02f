/// A service a provider calls, whose base URL the config's `[sources]` table may set; each
/// provider declares the services it calls (`TimelineProvider.services`).
public struct Service: Sendable, Hashable {
  /// The `[sources]` key: "banidb", "varsom".
  public let key: String
  /// The production base URL, used when the config names none.
  public let defaultURL: SourceURL

  /// A service at its production URL, an https URL with no trailing slash (checked by the tests).
  public init(key: String, defaultURL: String) {
    self.key = key
    self.defaultURL = SourceURL(normalised: defaultURL)
  }
}

/// A service's base URL, checked once where it enters: http or https with a host and no user
/// part; plain http only to a loopback host (tests point sources at 127.0.0.1). Trailing
/// slashes are dropped, so a request path appends to `text` as it is.
public struct SourceURL: Sendable, Hashable, CustomStringConvertible {
  /// The URL, without trailing slashes.
  public let text: String
  /// The URL.
  public var description: String { text }

  /// Why a URL was refused.
  public enum Problem: Error, Sendable, Equatable {
    /// Not an http(s) URL with a host (or it holds whitespace, a control character or a user part).
    case invalid
    /// Plain http to a host that is not loopback.
    case insecure
  }

  /// Checks `text` and drops its trailing slashes.
  public init(_ text: String) throws(Problem) {
    let lower = text.lowercased()
    let secure = lower.hasPrefix("https://")
    guard secure || lower.hasPrefix("http://") else { throw .invalid }
    let rest = lower.dropFirst(secure ? 8 : 7)
    // Controls (C0, DEL, C1) would reach a request line or a terminal.
    let control = text.unicodeScalars.contains { $0.value < 0x20 || (0x7f..<0xa0).contains($0.value) }
    guard !control, !text.contains(where: \.isWhitespace) else { throw .invalid }
    let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    guard !authority.isEmpty, !authority.contains("@") else { throw .invalid }
    if !secure {
      let host =
        authority.hasPrefix("[") ? authority.prefix { $0 != "]" }.dropFirst() : authority.prefix { $0 != ":" }
      guard host == "localhost" || host == "::1" || Self.isLoopbackIPv4(host) else { throw .insecure }
    }
    var trimmed = Substring(text)
    while trimmed.hasSuffix("/") { trimmed.removeLast() }
    self.text = String(trimmed)
  }

  fileprivate init(normalised: String) { text = normalised }

  /// `127.a.b.c` written as four decimal numbers; a name such as `127.0.0.1.example.com`
  /// is a DNS name like any other and is not loopback.
  static func isLoopbackIPv4(_ host: Substring) -> Bool {
    let parts = host.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4 && parts[0] == "127"
      && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { ("0"..."9").contains($0) } && UInt8($0) != nil }
  }
}

/// The base URL of every service: the defaults, with whatever the config set instead.
public struct Sources: Sendable, Equatable {
  /// The URLs the config set, by `[sources]` key.
  private(set) var overrides: [String: SourceURL] = [:]

  /// Every service at its production URL.
  public init() {}

  /// Every service at its production URL, except those given.
  public init(_ overrides: [Service: SourceURL]) {
    for (service, url) in overrides { self.overrides[service.key] = url }
  }

  /// The URL of `service`.
  public subscript(service: Service) -> SourceURL {
    get { overrides[service.key] ?? service.defaultURL }
    set { overrides[service.key] = newValue }
  }
}
