import Foundation
import Testing
import TimelineTestSupport

/// What a new user reads: status before the first refresh, doctor after a failed one, a
/// misspelled widget, and help text that wraps cleanly.
@Suite struct NewUserMessagesTests {
  let dir: TempDir
  let config: String

  init() throws {
    dir = try TempDir()
    config = try CommandWidget.config(
      script:
        """
        #!/bin/sh
        [ -e "\(dir.file("fail"))" ] && { echo 'HTTP 500 from the server' >&2; exit 3; }
        now=$(date +%s)
        printf '{"entries":[{"date":%s,"text":"tick"}],"policy":{"after":%s}}' $now $((now+3600))
        """, in: dir)
  }

  func timeline(_ args: [String]) throws -> RunResult {
    try run(
      Paths.binary("timeline"), args,
      environment: ["TIMELINE_CACHE_DIR": dir.file("cache"), "TIMELINE_CONFIG": config, "NO_COLOR": "1"])
  }

  @Test func statusSaysNoDataYetBeforeTheFirstRefresh() throws {
    let before = try timeline(["status"])
    #expect(before.status == 0)
    #expect(before.stdout.contains("ticker [command] (no data yet)"), "\(before.stdout)")
    #expect(!before.stdout.contains("(stale)"))
    #expect(before.stdout.contains("run `timeline refresh`"))
    #expect(try timeline(["refresh"]).status == 0)
    let after = try timeline(["status"])
    #expect(after.stdout.contains("ticker [command]\n"), "\(after.stdout)")
    #expect(after.stdout.contains("current:      tick"))
  }

  @Test func doctorReportsAFailedLastRefreshWhileTheDataIsStillCurrent() throws {
    #expect(try timeline(["refresh"]).status == 0)
    let healthy = try timeline(["doctor"])
    let healthyLine = try #require(
      healthy.stdout.split(separator: "\n").first { $0.contains("last refresh") }, "\(healthy.stdout)")
    #expect(healthyLine.contains("all 1 widgets current"), "\(healthyLine)")

    #expect(FileManager.default.createFile(atPath: dir.file("fail"), contents: Data()))
    #expect(try timeline(["refresh", "--force"]).status == 1)
    let doctor = try timeline(["doctor"])
    let line = try #require(
      doctor.stdout.split(separator: "\n").first { $0.contains("last refresh") }, "\(doctor.stdout)")
    #expect(!line.contains("all 1 widgets current"), "\(line)")
    #expect(line.contains("last refresh failed for ticker") && line.contains("HTTP 500 from the server"), "\(line)")
    #expect(line.contains("✗"), "\(line)")
  }

  @Test(arguments: [["show", "tickr"], ["open", "tickr"], ["open", "--print", "tickr"]])
  func aMisspelledWidgetIsUnknownAndTheConfiguredOnesAreListed(arguments: [String]) throws {
    #expect(try timeline(["refresh"]).status == 0)
    let result = try timeline(arguments)
    #expect(result.status != 0)
    #expect(result.stderr.contains("unknown widget \"tickr\""), "\(result.stderr)")
    #expect(result.stderr.contains("(configured: ticker)"), "\(result.stderr)")
    #expect(!result.stderr.contains("timeline refresh tickr"), "\(result.stderr)")
  }

  @Test func refreshIsUnknownTooWithTheSameWords() throws {
    let result = try timeline(["refresh", "tickr"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("unknown widget \"tickr\"") && result.stderr.contains("(configured: ticker)"))
  }

  /// Help paragraphs are wrapped by the parser at 80 columns; a hard line break in the
  /// source on top of that leaves a stub line ("24-bit" alone). No line may end where the
  /// next line's first word would still have fitted.
  @Test(arguments: ["refresh", "status", "config", "emit", "show", "open", "regions", "reload", "preview", "doctor"])
  func helpParagraphsWrapCleanly(command: String) throws {
    let help = try run(Paths.binary("timeline"), [command, "--help"], environment: ["COLUMNS": "80"])
    #expect(help.status == 0)
    let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let body = lines.prefix { !$0.hasPrefix("USAGE:") }
    for (line, next) in zip(body, body.dropFirst()) where !line.isEmpty && !next.isEmpty && !next.hasPrefix(" ") {
      guard !line.hasSuffix(".") && !line.hasSuffix(":") && !line.hasPrefix(" ") && !line.hasPrefix("OVERVIEW") else {
        continue
      }
      let word = next.split(separator: " ").first.map(String.init) ?? ""
      #expect(line.count + 1 + word.count >= 80, "`timeline \(command) --help` breaks early after \"\(line)\"")
    }
  }

  /// `regions --varsom/--lavinprognoser` are checked as `[sources]` is: a bad URL stops the
  /// listing with a usage error (status 2) naming the flag, before anything is asked of a service.
  @Test func regionsChecksItsURLFlagsAsTheConfigDoes() throws {
    for (flag, url, words) in [
      (
        "--varsom", "ftp://example.org/api",
        "--varsom: expected an http:// or https:// URL, got \"ftp://example.org/api\""
      ),
      ("--lavinprognoser", "http://example.org/ows", "--lavinprognoser: plain http is allowed only to a loopback host"),
    ] {
      let result = try timeline(["regions", flag, url])
      #expect(result.status == 2, "\(result)")
      #expect(result.stderr.contains(words), "\(result.stderr)")
      #expect(result.stdout.isEmpty)
    }
  }
}
