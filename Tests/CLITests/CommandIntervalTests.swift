import Foundation
import Testing
import TimelineTestSupport

/// A command whose output names no `policy` runs again after the widget's `interval`
/// (default one hour): the smallest timeline, one entry dated 1970, is fresh until then,
/// not stale and due on every run. Through the real `timeline` and `timeline-emit`.
@Suite struct CommandIntervalTests {
  let dir: TempDir
  let log: String

  init() throws {
    dir = try TempDir()
    log = dir.file("runs.log")
  }

  /// A config with the widget `hello`, whose program prints the minimal timeline and
  /// counts its runs; `extra` lines go into the widget's table.
  func config(_ extra: String = "") throws -> String {
    let script = try dir.write(
      "hello.sh", "#!/bin/sh\necho run >> '\(log)'\nprintf '{\"entries\":[{\"date\":0,\"text\":\"hello\"}]}'\n")
    chmod(script, 0o755)
    return try dir.write(
      "config.toml", "[widgets.hello]\nkind = \"command\"\ncommand = [\"/bin/sh\", \"\(script)\"]\n\(extra)")
  }

  var runs: Int { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").count }

  func timeline(_ arguments: [String], config: String) throws -> RunResult {
    try run(
      Paths.binary("timeline"), arguments,
      environment: ["TIMELINE_CACHE_DIR": dir.file("cache"), "TIMELINE_CONFIG": config, "HOME": dir.path])
  }

  /// `timeline status --json`'s row for `hello`.
  func status(config: String) throws -> [String: Any] {
    let result = try timeline(["status", "--json"], config: config)
    let rows = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
    return try #require(rows?.first, "status: \(result)")
  }

  /// Seconds since 1970 of an ISO 8601 time as `status --json` writes it.
  func seconds(_ text: Any?) throws -> Int64 {
    let string = try #require(text as? String)
    let date = try #require(ISO8601DateFormatter().date(from: string), "\(string)")
    return Int64(date.timeIntervalSince1970)
  }

  @Test func noPolicyMeansTheDefaultHour() throws {
    let config = try config()
    let before = Int64(Date().timeIntervalSince1970)
    let first = try timeline(["refresh"], config: config)
    let after = Int64(Date().timeIntervalSince1970)
    #expect(first.status == 0 && runs == 1, "\(first)")

    let row = try status(config: config)
    let next = try seconds(row["nextRefresh"])
    #expect(next >= before + 3600 && next <= after + 3600, "next refresh \(row["nextRefresh"] ?? "none")")
    #expect(row["stale"] as? Bool == false)

    // The bar shows the entry in its own look, not the grey stale one.
    let line = try run(
      Paths.binary("timeline-emit"), ["waybar", "hello"], environment: ["TIMELINE_CACHE_DIR": dir.file("cache")])
    let object = try JSONSerialization.jsonObject(with: Data(line.stdout.utf8)) as? [String: Any]
    let classes = try #require(object?["class"] as? [String], "\(line.stdout)")
    #expect(!classes.contains("stale") && !classes.contains("placeholder"), "\(classes)")
    #expect((object?["text"] as? String)?.contains("hello") == true)

    // Not due again on the next run.
    let second = try timeline(["refresh"], config: config)
    #expect(second.status == 0 && second.stderr.contains("hello: not due until"), "\(second)")
    #expect(runs == 1)
  }

  @Test func theWidgetsIntervalSetsTheNextRun() throws {
    let config = try config("interval = \"2h\"\n")
    let before = Int64(Date().timeIntervalSince1970)
    #expect(try timeline(["refresh"], config: config).status == 0)
    let after = Int64(Date().timeIntervalSince1970)
    let next = try seconds(try status(config: config)["nextRefresh"])
    #expect(next >= before + 7200 && next <= after + 7200)
  }

  @Test func anIntervalUnderAMinuteIsAConfigError() throws {
    let result = try timeline(["refresh"], config: try config("interval = \"10s\"\n"))
    #expect(result.status == 2 && result.stderr.contains("interval"), "\(result)")
    #expect(runs == 0)
  }
}
