import Foundation
import Testing
import TimelineTestSupport

/// Issue 23 item 5: a host that accepts every connection and never answers. A real
/// loopback server holds each request for five minutes; the built `timeline` must give up
/// on the host after repeated timeouts and stay inside its network budget, for `refresh`
/// and for `reload`, which bars bind to clicks.
@Suite struct SilentHostTests {
  /// A random-shabad widget with `entries = 48` (48 requests) against the silent server.
  func scene() throws -> (dir: TempDir, server: FixtureServer, env: [String: String]) {
    let dir = try TempDir()
    let server = try FixtureServer(routes: ["/v2/random/*": ["fault": "timeout", "seconds": 300]])
    let config = try dir.write(
      "config.toml",
      "[sources]\nbanidb = \"\(server.baseURL)/v2\"\n\n[widgets.shabad]\nkind = \"random-shabad\"\nentries = 48\n")
    let env = [
      // TMUX_TMPDIR in the test's directory: `reload` finds no tmux server to nudge.
      "TIMELINE_CACHE_DIR": dir.file("cache"), "TIMELINE_CONFIG": config, "TMUX_TMPDIR": dir.path, "TMUX": "",
      "http_proxy": "", "https_proxy": "", "HTTPS_PROXY": "", "all_proxy": "", "ALL_PROXY": "",
    ]
    return (dir, server, env)
  }

  @Test(arguments: ["refresh", "reload"])
  func aSilentHostIsGivenUpWithinTheBudget(_ command: String) async throws {
    let (dir, server, env) = try scene()
    defer { withExtendedLifetime(dir) {} }
    let ran = try run(Paths.binary("timeline"), [command, "--quiet"], environment: env, timeout: 200)
    let sent = try await server.log().paths.count
    let said = ran.stderr.split(separator: "\n").first { $0.contains("shabad") }.map(String.init) ?? ran.stderr
    // Four requests in flight time out; one more may start between the first timeout and
    // the second. The other 43 must never be sent.
    let ok = !ran.timedOut && ran.status == 1 && sent <= 5 && said.contains("timed out")
    #expect(ok, "\(sent) requests; \(ran)")
    Report.add(
      "hangs",
      [
        "case": "`timeline \(command)` against a host that never answers (random-shabad, `entries = 48`)",
        "result": ran.timedOut
          ? "still running after 200 s"
          : "exit \(ran.status) after \(String(format: "%.1f", ran.seconds)) s, \(sent) of 48 requests sent: \(said)",
        "ok": ok,
      ])
  }
}
