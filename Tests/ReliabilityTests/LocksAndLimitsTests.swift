import Foundation
import Testing
import TimelineCache
import TimelineTestSupport

/// Overlapping `timeline browse` processes, descriptors a command inherits, repeated
/// widget names and a low descriptor limit: real processes against a real cache.
@Suite struct LocksAndLimitsTests {
  static let output = #"{"entries":[{"text":"hi"}]}"#

  func row(_ table: String, _ name: String, _ result: String, ok: Bool) {
    Report.add(table, ["case": name, "result": result, "ok": ok])
  }

  /// `count` concurrent `timeline browse w next` (a fast mouse wheel): every step counts.
  @Test(arguments: [10, 40])
  func concurrentBrowseStepsAreAllCounted(_ count: Int) throws {
    let scene = try CommandScene.hourlyEntries()
    let runtime = scene.dir.file("run")
    try #require(mkdir(runtime, 0o700) == 0)
    let ran = try scene.shell(
      """
      i=0; while [ $i -lt \(count) ]; do
        { "$T" browse w next --quiet --config "$C" --cache-dir "$D" || echo x >> failures; } & i=$((i + 1))
      done
      wait
      echo "failed=$(cat failures 2>/dev/null | wc -l)"; cat run/timeline/\(BrowseStore.key(cache: scene.cacheDir))/w.browse
      """, environment: ["XDG_RUNTIME_DIR": runtime], timeout: 240)
    let offset = ran.stdout.split(separator: "\n").first { $0.hasPrefix("offset ") }.flatMap {
      Int($0.dropFirst("offset ".count))
    }
    #expect(ran.stdout.hasPrefix("failed=0\n") && offset == count, "\(ran)")
    row(
      "concurrency", "\(count) `timeline browse w next` at once",
      "offset \(offset.map(String.init) ?? "none") after \(count) steps", ok: offset == count)
  }

  /// A command child holds only 0, 1 and 2, however many widgets are configured: a daemon
  /// it starts keeps nothing of ours.
  @Test func aCommandInheritsOnlyItsStandardStreams() throws {
    let scene = try CommandScene()
    let ok = try scene.dir.write("ok.json", Self.output)
    let listing = scene.dir.file("fds.txt")
    var config = ""
    for index in 0..<11 {
      config += "[widgets.w\(index)]\nkind = \"command\"\ncommand = [\"/bin/cat\", \"\(ok)\"]\n\n"
    }
    // stat(2) of each /proc/self/fd/N: the check itself opens nothing.
    let script =
      "import os; fds = [str(fd) for fd in range(4096) if os.path.exists(\"/proc/self/fd/%d\" % fd)]; "
      + "open(\"\(listing)\", \"w\").write(\"\\n\".join(fds)); print(open(\"\(ok)\").read())"
    config += "[widgets.lister]\nkind = \"command\"\ncommand = [\"python3\", \"-c\", '\(script)']\n"
    try scene.dir.write("config.toml", config)
    let ran = try scene.timelineRun(["refresh"])
    #expect(ran.status == 0, "\(ran)")
    let fds = ((try? String(contentsOfFile: listing, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    #expect(fds == ["0", "1", "2"], "the command's descriptors: \(fds)")
    row(
      "hangs", "descriptors a command inherits (12 widgets)", "\(fds.joined(separator: ", "))",
      ok: fds == ["0", "1", "2"])
  }

  @Test func aRepeatedWidgetNameIsRefreshedOnce() throws {
    let scene = try CommandScene()
    try scene.config([("w", "echo '\(Self.output)'\n")])
    let ran = try scene.timelineRun(["refresh", "--force", "--lock-wait", "2", "w", "w", "w", "w"])
    let lines = ran.stderr.split(separator: "\n").filter { $0.hasPrefix("w:") }
    #expect(ran.status == 0 && lines.count == 1 && lines[0].hasPrefix("w: refreshed"), "\(ran)")
    row(
      "hangs", "`refresh --force w w w w`",
      "exit \(ran.status), \(lines.count) report line\(lines.count == 1 ? "" : "s")",
      ok: ran.status == 0 && lines.count == 1)
  }

  /// 300 command widgets under `ulimit -n 256`: a low limit slows the refresh, it fails
  /// nothing.
  @Test func aLowDescriptorLimitFailsNoWidget() throws {
    let scene = try CommandScene()
    let ok = try scene.dir.write("ok.json", Self.output)
    var config = ""
    for index in 0..<300 {
      config += "[widgets.w\(index)]\nkind = \"command\"\ncommand = [\"/bin/cat\", \"\(ok)\"]\n\n"
    }
    try scene.dir.write("config.toml", config)
    let ran = try scene.shell(
      #"ulimit -n 256 && exec "$T" refresh --quiet --config "$C" --cache-dir "$D""#, timeout: 300)
    let written = ((try? FileManager.default.contentsOfDirectory(atPath: scene.cacheDir)) ?? []).filter {
      $0.hasPrefix("w") && $0.hasSuffix(".json")
    }
    #expect(ran.status == 0 && written.count == 300, "\(written.count) written: \(ran.stderr.prefix(500))")
    let failed = ran.stderr.split(separator: "\n").filter { $0.contains(": failed:") }.count
    row(
      "hangs", "300 command widgets under `ulimit -n 256`",
      "exit \(ran.status), \(written.count) of 300 refreshed, \(failed) failed",
      ok: ran.status == 0 && written.count == 300)
  }
}
