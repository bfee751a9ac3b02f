import Foundation
import Testing
import TimelineTestSupport

/// The CLI and the bars give one answer on a hand-edited cache file (docs/cache-format.md,
/// "One answer" and "Selection"): the real `timeline` and `timeline-emit` on a real cache.
@Suite struct OneAnswerCLITests {
  let dir: TempDir
  let config: String
  let path: String

  /// A `command` widget of four entries, the second current, due again in a day.
  init() throws {
    dir = try TempDir()
    config = try CommandWidget.config(
      script: """
        #!/bin/sh
        now=$(date +%s)
        printf '{"entries":[{"date":%s,"text":"first"},{"date":%s,"text":"second"},{"date":%s,"text":"third"},{"date":%s,"text":"fourth"}],"policy":{"after":%s}}' \
          $((now-7200)) $((now-60)) $((now+3600)) $((now+7200)) $((now+86400))
        """, in: dir)
    path = dir.file("cache/ticker.json")
  }

  func timeline(_ args: [String]) throws -> RunResult {
    try run(
      Paths.binary("timeline"), args, environment: ["TIMELINE_CACHE_DIR": dir.file("cache"), "TIMELINE_CONFIG": config])
  }

  func emit(_ format: String) throws -> RunResult {
    try run(Paths.binary("timeline-emit"), [format, "ticker"], environment: ["TIMELINE_CACHE_DIR": dir.file("cache")])
  }

  /// The cache file with `old` replaced by `new` (once).
  func edit(_ change: (String) -> String) throws {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let changed = change(text)
    #expect(changed != text)
    try Data(changed.utf8).write(to: URL(fileURLWithPath: path))
  }

  /// A hand-edited `due`: `status` (and `doctor`) call the widget stale exactly when the
  /// bars do, from the meta's `due` and `grace`, not from the policy it was written from.
  @Test(arguments: [("-7200", true), ("-3000", false), ("null", false), ("864000", false), ("-864000", true)])
  func aHandEditedDueIsJudgedAlike(due: String, stale: Bool) throws {
    #expect(try timeline(["refresh"]).status == 0)
    let now = Int64(Date().timeIntervalSince1970)
    let value = due == "null" ? "null" : "\(now + Int64(due)!)"
    try edit { $0.replacingOccurrences(of: #""due":\d+"#, with: "\"due\":\(value)", options: .regularExpression) }
    let status = try timeline(["status", "--json"])
    let rows = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [[String: Any]])
    #expect(rows.first?["stale"] as? Bool == stale, "\(due): \(status.stdout)")
    let bar = try emit("waybar")
    #expect(bar.stdout.contains(#""stale""#) == stale, "\(due): \(bar.stdout)")
    let doctor = try timeline(["doctor"])
    #expect(doctor.stdout.contains("stale: ticker") == stale, "\(due): \(doctor.stdout)")
  }

  /// Entry lines out of date order: the bar shows an entry (the one its binary search
  /// finds), `timeline show` shows the same with a warning, `status` and `doctor` warn, and
  /// a plain refresh rewrites the file.
  @Test func entryLinesOutOfOrderShowWhatTheBarShowsWithAWarning() throws {
    #expect(try timeline(["refresh"]).status == 0)
    #expect(try emit("plain").stdout == "second\n")
    // The first two entry lines swapped.
    try edit { text in
      var lines = text.components(separatedBy: "\n")
      lines.swapAt(1, 2)
      return lines.joined(separator: "\n")
    }
    let bar = try emit("plain")
    // The search probes the third line (later than now), then the second ("first"): it
    // shows "first", where a sorted read would show "second".
    #expect(bar.status == 0 && bar.stdout == "first\n", "\(bar)")
    let show = try timeline(["show", "ticker"])
    #expect(show.status == 0 && show.stdout.hasPrefix(bar.stdout), "\(show)")
    #expect(show.stderr.contains("warning: \(path): the entry lines are not in date order"), "\(show.stderr)")
    let status = try timeline(["status", "--json"])
    let rows = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [[String: Any]])
    #expect(rows.first?["current"] as? String == String(bar.stdout.dropLast()), "\(status.stdout)")
    #expect((rows.first?["warnings"] as? [String])?.first?.contains("not in date order") == true, "\(status.stdout)")
    let doctor = try timeline(["doctor"])
    #expect(doctor.stdout.contains("entry lines out of date order") && doctor.stdout.contains("ticker"), "\(doctor)")
    let refresh = try timeline(["refresh"])
    #expect((refresh.stdout + refresh.stderr).contains("ticker: refreshed"), "\(refresh)")
    #expect(try emit("plain").stdout == "second\n")
    #expect(try timeline(["show", "ticker"]).stderr.isEmpty)
  }
}
