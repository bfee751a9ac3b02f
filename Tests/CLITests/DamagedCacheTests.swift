import Foundation
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

/// Issue 23 item 8: one validity rule for a cache. A cache whose entry line changed length by
/// one byte is still valid JSON, but the emitter refuses it (the meta line's `entryBytes` no
/// longer adds up); `status`, `doctor` and `refresh` refuse it too, and a plain `refresh`
/// repairs it, also for a `policy = "never"` widget, which no due time would ever repair.
@Suite struct DamagedCacheTests {
  let dir: TempDir

  init() throws { dir = try TempDir() }

  func config(policy: String) throws -> String {
    try CommandWidget.config(
      script: """
        #!/bin/sh
        now=$(date +%s)
        printf '{"entries":[{"date":%s,"text":"tick"},{"date":%s,"text":"tock"}],"policy":%s}' \
          $((now-60)) $((now+3600)) "\(policy)"
        """, in: dir)
  }

  func timeline(_ args: [String], config: String) throws -> RunResult {
    try run(
      Paths.binary("timeline"), args, environment: ["TIMELINE_CACHE_DIR": dir.file("cache"), "TIMELINE_CONFIG": config])
  }

  func emit() throws -> RunResult {
    try run(Paths.binary("timeline-emit"), ["plain", "ticker"], environment: ["TIMELINE_CACHE_DIR": dir.file("cache")])
  }

  /// `policy` is shell text inside double quotes: JSON once the shell has expanded it.
  @Test(arguments: [#"\"never\""#, #"{\"after\":$((now+86400))}"#])
  func aCacheTheEmitterRefusesIsRefusedEverywhereAndRepairedByAPlainRefresh(policy: String) throws {
    let config = try config(policy: policy)
    #expect(try timeline(["refresh"], config: config).status == 0)
    #expect(try emit().stdout == "tick\n")
    // One byte longer, still valid JSON: "tick" becomes "tic k".
    let path = dir.file("cache/ticker.json")
    let good = try String(contentsOfFile: path, encoding: .utf8)
    #expect(good.contains(#"{"t":"tick"}"#))
    try Data(good.replacingOccurrences(of: #"{"t":"tick"}"#, with: #"{"t":"tic k"}"#).utf8)
      .write(to: URL(fileURLWithPath: path))
    #expect(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) is [String: Any])
    let verbose = try run(
      Paths.binary("timeline-emit"), ["plain", "ticker", "--verbose"],
      environment: ["TIMELINE_CACHE_DIR": dir.file("cache")])
    #expect(verbose.stdout != "tick\n" && verbose.stdout != "tic k\n", "the emitter refuses it: \(verbose.stdout)")
    #expect(verbose.stderr.contains("not valid") || verbose.stderr.contains("truncated"), "\(verbose.stderr)")

    let status = try timeline(["status", "--json"], config: config)
    let rows = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [[String: Any]])
    #expect(rows.first?["entries"] as? Int == 0, "status reads no entries from it: \(status.stdout)")
    #expect((rows.first?["lastError"] as? String)?.contains(path) == true, "status names the damage: \(status.stdout)")
    let doctor = try timeline(["doctor"], config: config)
    #expect(doctor.stdout.contains("✗ last refresh"), "\(doctor.stdout)")
    #expect(doctor.stdout.contains("ticker:"), "\(doctor.stdout)")

    let refresh = try timeline(["refresh"], config: config)
    #expect(refresh.status == 0, "\(refresh.stderr)")
    #expect(
      (refresh.stdout + refresh.stderr).contains("ticker: refreshed"), "a plain refresh repairs it: \(refresh.stderr)")
    #expect(try emit().stdout == "tick\n")
    let again = try timeline(["refresh"], config: config)
    #expect((again.stdout + again.stderr).contains("not due"))
  }
}
