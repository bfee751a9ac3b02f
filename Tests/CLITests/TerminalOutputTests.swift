import Foundation
import Testing
import TimelineCache
import TimelineTestSupport

@testable import TimelineCore

/// Issue 23 item 10: text from outside (an entry, a region name from the service, a
/// tampered `lastError`) never reaches the terminal with ESC sequences, BEL, NUL or bidi
/// overrides, and a huge `lastError` is printed cut to one line.
@Suite struct TerminalOutputTests {
  /// What a terminal must never get from outside text.
  static let forbidden: [Unicode.Scalar] = ["\u{1B}", "\u{07}", "\u{0}", "\u{202E}", "\u{9B}"]
  /// A hostile line as JSON source: a title change, a screen clear, BEL, NUL, U+202E, CSI.
  static let hostileJSON = #"\u001b]0;pwned\u0007\u001b[2J bell\u0007 nul\u0000 \u202Eevil \u009b31m end"#

  static func clean(_ output: String) -> Bool {
    !output.unicodeScalars.contains { forbidden.contains($0) }
  }

  let dir: TempDir
  let config: String

  init() throws {
    dir = try TempDir()
    let now = "$(date +%s)"
    config = try CommandWidget.config(
      script: """
        #!/bin/sh
        now=\(now)
        printf '%s' '{"entries":[{"date":'$now',"text":"\(Self.hostileJSON)","tooltip":["\(Self.hostileJSON)"]}],"policy":"never"}'
        """, in: dir)
  }

  var env: [String: String] { ["TIMELINE_CACHE_DIR": dir.file("cache"), "TIMELINE_CONFIG": config] }

  func timeline(_ args: [String]) throws -> RunResult {
    try run(Paths.binary("timeline"), args, environment: env)
  }

  @Test func anEntrysControlsNeverReachTheTerminal() throws {
    let refreshed = try timeline(["refresh"])
    #expect(refreshed.status == 0, "\(refreshed.stderr)")
    let cache = try String(contentsOfFile: dir.file("cache/ticker.json"), encoding: .utf8)
    #expect(cache.contains(#"\u001b"#), "the cache keeps the data as it came")
    for args in [["status"], ["status", "--json"], ["show", "ticker"], ["doctor"]] {
      let result = try timeline(args)
      #expect(Self.clean(result.stdout), "\(args): \(result.stdout.debugDescription)")
      #expect(Self.clean(result.stderr), "\(args): \(result.stderr.debugDescription)")
    }
    #expect(try timeline(["status"]).stdout.contains("pwned"), "the text itself is still shown")
  }

  @Test func aTamperedHugeLastErrorIsCleanedAndCut() throws {
    #expect(try timeline(["refresh"]).status == 0)
    // 19 MB of error with escape sequences, as a tampered or corrupted state file holds it.
    let huge = String(repeating: "\u{1B}[2J\u{07}x\u{202E}", count: 1_000_000)
    var writer = [UInt8]()
    writer += Array(#"{"lastAttempt":1,"lastError":""#.utf8)
    JSONEscape.append(huge, to: &writer)
    writer += Array(#"","failures":1}"#.utf8) + [0x0A]
    try Data(writer).write(to: URL(fileURLWithPath: dir.file("cache/.ticker.state.json")))
    let table = try timeline(["status"])
    #expect(table.status == 0, "\(table.stderr)")
    #expect(Self.clean(table.stdout))
    let line = try #require(table.stdout.split(separator: "\n").first { $0.contains("last error:") })
    #expect(line.unicodeScalars.count < CleanText.errorLimit + 40, "\(line.utf8.count) bytes")
    let json = try timeline(["status", "--json"])
    let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    let lastError = try #require(rows.first?["lastError"] as? String)
    #expect(lastError.unicodeScalars.count <= CleanText.errorLimit + 1 && Self.clean(lastError))
    let doctor = try timeline(["doctor"])
    #expect(Self.clean(doctor.stdout) && doctor.stdout.utf8.count < 20_000)
  }

  @Test func regionNamesFromTheServiceAreCleaned() throws {
    let body = """
      [{"Id":3011,"Name":"\(Self.hostileJSON)","TypeName":"A\\u001b[2J"}]
      """
    let server = try FixtureServer(routes: [
      "/RegionSummary/*": ["status": 200, "body": body, "headers": ["Content-Type": "application/json"]]
    ])
    for args in [
      ["regions", "--country", "no", "--varsom", server.baseURL],
      [
        "regions", "--json", "--country", "no",
        "--varsom", server.baseURL,
      ],
    ] {
      let result = try timeline(args)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.contains("pwned"), "the live list was printed: \(result.stdout)")
      #expect(Self.clean(result.stdout), "\(args): \(result.stdout.debugDescription)")
      #expect(!result.stdout.contains(#"\u001b"#), "an escaped ESC is still an ESC for a JSON reader")
    }
  }
}
