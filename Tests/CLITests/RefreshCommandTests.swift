import Foundation
import Spawning
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

/// Runs the built `timeline` against a temporary cache and a `command` widget whose script
/// appends to a log, so each test can count how often the command really ran.
@Suite struct RefreshCommandTests {
  let dir: TempDir
  let config: String
  let log: String

  init() throws {
    dir = try TempDir()
    log = dir.file("runs.log")
    config = try CommandWidget.config(
      script:
        """
        #!/bin/sh
        echo run >> "\(dir.file("runs.log"))"
        sleep "${DELAY:-0}"
        now=$(date +%s)
        printf '{"entries":[{"date":%s,"text":"tick & <b>","color":"#ff8800","level":2},{"date":%s,"text":"tock"}],"policy":{"after":%s}}' $now $((now+60)) $((now+3600))
        """, in: dir)
  }

  var env: [String: String] { ["TIMELINE_CACHE_DIR": dir.file("cache"), "TIMELINE_CONFIG": config] }
  var runs: Int { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").count }

  func timeline(_ args: [String], extra: [String: String] = [:]) throws -> RunResult {
    try run(Paths.binary("timeline"), args, environment: env.merging(extra) { $1 })
  }

  @Test func refreshWritesTheCacheAndASecondRunDoesNotFetch() throws {
    let first = try timeline(["refresh"])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr.contains("ticker: refreshed, 2 entries"))
    let cached = try CacheReader.timeline(path: dir.file("cache/ticker.json"))
    #expect(cached.entries.count == 2)
    #expect(cached.entries[0].text == "tick & <b>")
    #expect(runs == 1)

    let second = try timeline(["refresh"])
    #expect(second.status == 0)
    #expect(second.stderr.contains("ticker: not due until"))
    #expect(runs == 1)

    let forced = try timeline(["refresh", "--force"])
    #expect(forced.status == 0)
    #expect(runs == 2)
  }

  @Test func twoRefreshesStartedTogetherRunTheCommandOnce() throws {
    let pids = try (0..<2).map { _ in
      try Subprocess.spawn(
        [Paths.binary("timeline"), "refresh", "--quiet"], environment: env.merging(["DELAY": "1"]) { $1 },
        stdout: .null, stderr: .null)
    }
    for pid in pids { #expect(Subprocess.wait(pid, within: 60)?.status == 0) }
    #expect(runs == 1)
  }

  @Test func aFailingCommandKeepsThePreviousTimeline() throws {
    #expect(try timeline(["refresh"]).status == 0)
    let path = dir.file("cache/ticker.json")
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    try dir.write(
      "config.toml",
      """
      [widgets.ticker]
      kind = "command"
      command = ["sh", "-c", "echo oops >&2; exit 3"]
      """)
    let failed = try timeline(["refresh"])
    #expect(failed.status == 1)
    #expect(failed.stderr.contains("ticker: failed: sh exited with status 3: oops"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    let status = try timeline(["status", "--json"])
    let rows = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [[String: Any]]
    #expect(rows?.first?["lastError"] as? String == "sh exited with status 3: oops")
  }

  @Test(arguments: [
    ("not json", "sh output: not valid JSON"),
    ("{\"entries\":\"x\"}", "sh output: \"entries\" must be an array"),
    ("{\"entries\":[{\"date\":true}]}", "sh output: entries[0].date must be epoch seconds"),
    ("{\"entries\":[{\"level\":9}]}", "sh output: entries[0].level must be an integer 0-5"),
    ("", "sh output: empty, expected a JSON timeline"),
  ])
  func badOutputIsAFailedRefreshWithAClearError(output: String, message: String) throws {
    try dir.write("out.txt", output)
    try dir.write(
      "config.toml",
      """
      [widgets.ticker]
      kind = "command"
      command = ["sh", "-c", "cat \(dir.file("out.txt"))"]
      """)
    let result = try timeline(["refresh"])
    #expect(result.status == 1)
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }

  @Test func aCommandThatHangsIsKilledAtItsTimeout() throws {
    try dir.write(
      "config.toml",
      """
      [widgets.ticker]
      kind = "command"
      command = ["sleep", "30"]
      timeout = 1
      """)
    let result = try timeline(["refresh"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("sleep timed out after 1 s"))
  }

  @Test func statusJSONHasExactlyTheDocumentedKeys() throws {
    #expect(try timeline(["refresh"]).status == 0)
    let result = try timeline(["status", "--json"])
    #expect(result.status == 0)
    let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    #expect(rows.count == 1)
    #expect(
      Set(rows[0].keys) == [
        "widget", "kind", "entries", "current", "nextRefresh", "lastSuccess", "lastError", "stale", "relevance",
        "entryRelevance",
      ])
    // A command entry without a `relevance` field scores the default 10.
    #expect(rows[0]["relevance"] as? Int == 10)
    #expect(rows[0]["widget"] as? String == "ticker")
    #expect(rows[0]["entries"] as? Int == 2)
    #expect(rows[0]["current"] as? String == "tick & <b>")
    #expect((rows[0]["nextRefresh"] as? String)?.hasSuffix("Z") == true)
    #expect(rows[0]["stale"] as? Bool == false)
  }
}
