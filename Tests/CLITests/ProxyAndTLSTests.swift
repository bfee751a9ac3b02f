import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

/// The built `timeline refresh` through a real loopback proxy and against a real TLS
/// server: libcurl reads `http_proxy`, `https_proxy` and `no_proxy` as curl does, and
/// verifies certificates against the system's CA store.
@Suite struct ProxyAndTLSTests {
  let dir: TempDir
  let proxy: LoopbackProxy

  init() throws {
    dir = try TempDir()
    proxy = try LoopbackProxy()
  }

  func refresh(_ server: FixtureServer, _ variables: [String: String]) throws -> RunResult {
    let config = try dir.write(
      "config.toml",
      """
      [sources]
      banidb = "\(server.baseURL)/v2"

      [widgets.shabad]
      kind = "random-shabad"
      entries = 2
      """)
    // Every proxy variable set, to empty unless given, so the test's own environment cannot leak in.
    var environment = ["TIMELINE_CACHE_DIR": dir.file("cache"), "TIMELINE_CONFIG": config]
    for name in ["http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY"] {
      environment[name] = variables[name] ?? ""
    }
    return try run(Paths.binary("timeline"), ["refresh", "--force"], environment: environment)
  }

  func shabadServer(tls: Bool = false) throws -> FixtureServer {
    try FixtureServer(
      routes: ["/v2/random/*": ["file": Paths.fixture("ProvidersTests/Fixtures/banidb/random-3492.json")]], tls: tls)
  }

  @Test func plainRequestsGoThroughHTTPProxy() async throws {
    let server = try shabadServer()
    let result = try refresh(server, ["http_proxy": proxy.url])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try CacheReader.timeline(path: dir.file("cache/shabad.json")).entries.count >= 2)
    let expected = "GET \(server.baseURL)/v2/random/G"
    #expect(proxy.log().count == 2 && proxy.log().allSatisfy { $0 == expected }, "\(proxy.log())")
    // The origin saw the proxy's forwarded requests, with our User-Agent intact.
    let agents = try await server.requestHeaders().map { $0["user-agent"] }
    #expect(agents == [String?](repeating: "timeline/\(TimelineVersion.string)", count: 2))
  }

  @Test func httpsRequestsTunnelThroughHTTPSProxyAndAnUntrustedCertificateIsRefused() throws {
    let server = try shabadServer(tls: true)
    let result = try refresh(server, ["https_proxy": proxy.url])
    #expect(result.status == 1)
    #expect(result.stderr.contains("TLS connection to 127.0.0.1 failed"), "\(result.stderr)")
    #expect(proxy.log().contains("CONNECT 127.0.0.1:\(server.port)"), "\(proxy.log())")
  }

  @Test func anUntrustedCertificateIsRefusedWithoutAProxyToo() throws {
    let server = try shabadServer(tls: true)
    let result = try refresh(server, [:])
    #expect(result.status == 1)
    #expect(result.stderr.contains("TLS connection to 127.0.0.1 failed"), "\(result.stderr)")
    #expect(proxy.log().isEmpty)
  }

  @Test func noProxyBypassesTheProxy() async throws {
    let server = try shabadServer()
    let result = try refresh(server, ["http_proxy": proxy.url, "no_proxy": "127.0.0.1"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(proxy.log().isEmpty, "\(proxy.log())")
    #expect(try await server.log().paths.count == 2)
  }
}
