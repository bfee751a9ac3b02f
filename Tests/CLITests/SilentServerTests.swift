import Testing
import TimelineTestSupport

/// `refresh` and `reload` against a real loopback server that accepts every request and
/// never answers: the run gives up on the host after two timeouts instead of sending all
/// 48 requests of `entries = 48` (4 at a time, 20 s each: four minutes before), and no
/// request outlives the run's network budget.
@Suite struct SilentServerTests {
  let dir: TempDir
  let server: FixtureServer
  let env: [String: String]

  init() throws {
    dir = try TempDir()
    server = try FixtureServer(routes: ["/v2/random/*": ["fault": "timeout", "seconds": 300]])
    let config = try dir.write(
      "config.toml",
      """
      [sources]
      banidb = "\(server.baseURL)/v2"

      [widgets.shabad]
      kind = "random-shabad"
      entries = 48
      """)
    env = [
      // TMUX_TMPDIR empty: `reload` finds no tmux server of ours to nudge.
      "TIMELINE_CACHE_DIR": dir.file("cache"), "TIMELINE_CONFIG": config, "TMUX_TMPDIR": dir.path, "TMUX": "",
      "http_proxy": "", "https_proxy": "", "HTTPS_PROXY": "", "all_proxy": "", "ALL_PROXY": "",
    ]
  }

  @Test func refreshStopsAskingAHostThatKeepsTimingOut() async throws {
    let result = try run(Paths.binary("timeline"), ["refresh"], environment: env, timeout: 200)
    #expect(result.status == 1, "\(result)")
    #expect(result.stderr.contains("shabad: failed"), "\(result.stderr)")
    #expect(result.stderr.contains("timed out"), "\(result.stderr)")
    // The first four (the client's limit in flight) time out, and one more may start
    // between the first timeout and the second; the other 43 are never sent.
    let sent = try await server.log().paths.count
    #expect(sent <= 5, "\(sent) requests reached the silent server")
  }

  @Test func reloadSpendsAtMostItsBudgetOnTheNetwork() async throws {
    let result = try run(Paths.binary("timeline"), ["reload", "--quiet"], environment: env, timeout: 200)
    #expect(result.status == 1, "\(result)")
    #expect(result.stderr.contains("the refresh's 20 s for network requests ran out"), "\(result.stderr)")
    #expect(try await server.log().paths.count <= 5)
  }
}
