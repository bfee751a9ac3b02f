import Foundation
import Testing
import TimelineCache
import TimelineTestSupport

@testable import TimelineCore

/// Issue 23 items 7, 8 and 10, run for the record: the installer and the user's own files,
/// a cache damaged by one byte, and outside text on the terminal. Real install.sh from a
/// staged tree, real binaries, real files, a real loopback server.
@Suite struct LostDataAndTerminalTests {
  func row(_ name: String, _ result: String, ok: Bool) {
    Report.add("hangs", ["case": name, "result": result, "ok": ok])
  }

  /// Every file and directory under `root`, relative, sorted.
  static func entries(under root: String) -> [String] {
    ((try? FileManager.default.subpathsOfDirectory(atPath: root)) ?? []).sorted()
  }

  @Test func theInstallerNeverOverwritesOrDeletesTheUsersFiles() throws {
    let dir = try TempDir()
    // The manual's text plays no part here; scripts/stage only copies it.
    let manual = try dir.write("timeline.1", ".Dd 2026-01-01\n.Dt TIMELINE 1\n.Sh NAME\n.Nm timeline\n")
    let staged = try run(
      Paths.repo + "/scripts/stage",
      [
        "--out", dir.file("stage"), "--timeline", Paths.binary("timeline"), "--emit", Paths.binary("timeline-emit"),
        "--man1", manual,
      ])
    try #require(staged.status == 0, "scripts/stage: \(staged)")
    func install(_ arguments: [String]) throws -> RunResult {
      try run("/bin/sh", [dir.file("stage/install.sh")] + arguments, environment: ["HOME": "/nonexistent"])
    }
    let prefix = dir.file("prefix")
    let own = ["bin/timeline", "share/fish/vendor_completions.d/timeline.fish"]
    for path in own {
      try FileManager.default.createDirectory(
        atPath: prefix + "/" + (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try "mine\n".write(toFile: prefix + "/" + path, atomically: false, encoding: .utf8)
    }
    let before = Self.entries(under: prefix)
    let refused = try install(["--prefix", prefix])
    let kept = try own.allSatisfy { try String(contentsOfFile: prefix + "/" + $0, encoding: .utf8) == "mine\n" }
    let untouched = Self.entries(under: prefix) == before
    let named = own.allSatisfy { refused.stderr.contains(prefix + "/" + $0) }
    #expect(refused.status == 1 && kept && untouched && named, "\(refused)")

    // With those moved away the install goes through; a file of the user's beside the
    // installed ones, and a manifest line pointing outside the prefix, survive --uninstall.
    for path in own { try FileManager.default.removeItem(atPath: prefix + "/" + path) }
    try "notes\n".write(toFile: prefix + "/bin/mine", atomically: false, encoding: .utf8)
    let installed = try install(["--prefix", prefix])
    let outside = try dir.write("outside", "keep\n")
    let manifest = try #require(FileHandle(forWritingAtPath: prefix + "/share/timeline/installed-files"))
    manifest.seekToEndOfFile()
    manifest.write(Data("\(prefix)/../outside\n\(outside)\n".utf8))
    try manifest.close()
    let removed = try install(["--uninstall", "--prefix", prefix])
    let left = Self.entries(under: prefix)
    let outsideKept = (try? String(contentsOfFile: outside, encoding: .utf8)) == "keep\n"
    // The manifest still lists the lines outside (never dropped while it lists files that
    // exist), and the uninstall says so with exit 1; everything of timeline's is gone.
    let ok2 =
      installed.status == 0 && removed.status == 1 && left.contains("bin/mine") && outsideKept
      && !left.contains("bin/timeline") && left.contains("share/timeline/installed-files")
    #expect(ok2, "install: \(installed)\nuninstall: \(removed)\nleft: \(left)")
    row(
      "`install.sh` over the user's own `bin/timeline` and fish completion",
      "exit \(refused.status), both named, both kept byte for byte, nothing written", ok: kept && untouched && named)
    row(
      "`install.sh --uninstall` with a user's file beside ours and manifest lines outside the prefix",
      "exit \(removed.status); user's file \(left.contains("bin/mine") ? "kept" : "DELETED"); file outside "
        + (outsideKept ? "kept" : "DELETED") + "; ours removed", ok: ok2)
  }

  /// One byte more in an entry line: still valid JSON, but the meta line's sizes no
  /// longer add up. The one validity rule makes every reader refuse it and a plain refresh
  /// repair it, also for `policy = "never"`.
  @Test func aCacheDamagedByOneByteIsRefusedEverywhereAndRepaired() throws {
    let scene = try CommandScene()
    try scene.config([
      (
        "w",
        #"now=$(date +%s); printf '{"entries":[{"date":%s,"text":"tick"}],"policy":"never"}' $((now-60))"#
      )
    ])
    try #require(try scene.timelineRun(["refresh"]).status == 0)
    let path = scene.cacheDir + "/w.json"
    let good = try String(contentsOfFile: path, encoding: .utf8)
    try #require(good.contains(#"{"t":"tick"}"#))
    try Data(good.replacingOccurrences(of: #"{"t":"tick"}"#, with: #"{"t":"tic k"}"#).utf8)
      .write(to: URL(fileURLWithPath: path))
    let emit = try run(
      Paths.binary("timeline-emit"), ["plain", "w"], environment: ["TIMELINE_CACHE_DIR": scene.cacheDir])
    let status = try scene.timelineRun(["status", "--json"])
    let rows = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [[String: Any]]
    let statusSays = (rows?.first?["lastError"] as? String)?.contains(path) == true
    let doctor = try scene.timelineRun(["doctor"])
    let refresh = try scene.timelineRun(["refresh"])
    let repaired = try run(
      Paths.binary("timeline-emit"), ["plain", "w"], environment: ["TIMELINE_CACHE_DIR": scene.cacheDir])
    let ok =
      emit.status == 0 && !emit.stdout.contains("tic") && statusSays && doctor.stdout.contains("✗ last refresh")
      && refresh.status == 0 && repaired.stdout == "tick\n"
    #expect(ok, "emit: \(emit)\nstatus: \(status)\ndoctor: \(doctor)\nrefresh: \(refresh)\nafter: \(repaired)")
    row(
      "cache entry line one byte longer (still valid JSON), `policy = \"never\"`",
      "emit shows \"\(emit.stdout.trimmingCharacters(in: .whitespacesAndNewlines))\"; status "
        + (statusSays ? "names the damage" : "says all is well") + "; doctor "
        + (doctor.stdout.contains("✗ last refresh") ? "fails" : "passes") + "; plain `refresh` exit \(refresh.status), "
        + "then emit shows \"\(repaired.stdout.trimmingCharacters(in: .whitespacesAndNewlines))\"", ok: ok)
  }

  /// A title change, a screen clear, BEL, NUL, U+202E and a C1 CSI.
  static let hostileJSON = #"\u001b]0;pwned\u0007\u001b[2J bell\u0007 nul\u0000 \u202Eevil \u009b31m end"#
  static let forbidden: [Unicode.Scalar] = ["\u{1B}", "\u{07}", "\u{0}", "\u{202E}", "\u{9B}"]

  static func dirty(_ text: String) -> Int { text.unicodeScalars.filter { forbidden.contains($0) }.count }

  @Test func outsideTextReachesTheTerminalClean() throws {
    let scene = try CommandScene()
    try scene.config([
      (
        "w",
        "printf '%s' '{\"entries\":[{\"date\":'$(date +%s)',\"text\":\"\(Self.hostileJSON)\","
          + "\"tooltip\":[\"\(Self.hostileJSON)\"]}],\"policy\":\"never\"}'"
      )
    ])
    try #require(try scene.timelineRun(["refresh"]).status == 0)
    var found: [String] = []
    for args in [["status"], ["status", "--json"], ["show", "w"], ["doctor"]] {
      let ran = try scene.timelineRun(args)
      let count = Self.dirty(ran.stdout + ran.stderr)
      if count > 0 { found.append("\(args.joined(separator: " ")): \(count)") }
    }
    let shown = try scene.timelineRun(["status"]).stdout.contains("pwned")
    #expect(found.isEmpty && shown, "\(found)")
    row(
      "an entry with ESC, BEL, NUL, U+202E and CSI (`status`, `status --json`, `show`, `doctor`)",
      found.isEmpty
        ? "no control reaches the terminal; the text is shown" : "controls: " + found.joined(separator: "; "),
      ok: found.isEmpty && shown)

    // A tampered state file: 19 MB of lastError made of escape sequences.
    let huge = String(repeating: "\u{1B}[2J\u{07}x\u{202E}", count: 1_000_000)
    var bytes = Array(#"{"lastAttempt":1,"lastError":""#.utf8)
    JSONEscape.append(huge, to: &bytes)
    bytes += Array(#"","failures":1}"#.utf8) + [0x0A]
    try Data(bytes).write(to: URL(fileURLWithPath: scene.cacheDir + "/.w.state.json"))
    let table = try scene.timelineRun(["status"])
    let line = table.stdout.split(separator: "\n").first { $0.contains("last error:") } ?? ""
    let cut = Self.dirty(table.stdout) == 0 && line.unicodeScalars.count < CleanText.errorLimit + 40
    #expect(table.status == 0 && cut, "\(line.utf8.count) bytes")
    row(
      "a tampered 19 MB `lastError` of escape sequences (`status`)",
      "exit \(table.status), \(table.stdout.utf8.count) bytes printed, no control, last error cut to "
        + "\(line.unicodeScalars.count) characters", ok: table.status == 0 && cut)

    // Region names from the service (through a loopback server in place of Varsom).
    let server = try FixtureServer(routes: [
      "/RegionSummary/*": [
        "status": 200, "body": "[{\"Id\":3011,\"Name\":\"\(Self.hostileJSON)\",\"TypeName\":\"A\\u001b[2J\"}]",
        "headers": ["Content-Type": "application/json"],
      ]
    ])
    var regions: [String] = []
    var regionsOK = true
    for args in [["regions", "--country", "no"], ["regions", "--json", "--country", "no"]] {
      let ran = try run(
        scene.timeline, args + ["--varsom", server.baseURL],
        environment: ["TIMELINE_CONFIG": scene.configFile, "TIMELINE_CACHE_DIR": scene.cacheDir])
      let ok =
        ran.status == 0 && ran.stdout.contains("pwned") && Self.dirty(ran.stdout) == 0
        && !ran.stdout.contains(#"\u001b"#)
      regionsOK = regionsOK && ok
      regions.append("\(args.joined(separator: " ")): " + (ok ? "clean" : "exit \(ran.status), NOT clean"))
    }
    #expect(regionsOK, "\(regions)")
    row(
      "a region name with ESC, BEL, NUL, U+202E from the service (`regions`)", regions.joined(separator: "; "),
      ok: regionsOK)
  }
}
