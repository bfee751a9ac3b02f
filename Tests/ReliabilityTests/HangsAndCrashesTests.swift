import Foundation
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

/// Issue 13's findings, each against the built `timeline` with real commands, real stopped
/// processes and real files. Each case adds a row to the "hangs and crashes" table of
/// docs/reliability.md. The runner's own deadline only bounds a hang: a case that hangs
/// fails on `timedOut`, not on a measured time.
@Suite struct HangsAndCrashesTests {
  typealias Commands = CommandScene

  static let json = #"echo '{"entries":[{"text":"hi"}]}'"#

  func row(_ name: String, _ result: String, ok: Bool) {
    Report.add("hangs", ["case": name, "result": result, "ok": ok])
  }

  // MARK: 1. Commands that close their output but keep running

  @Test func aCommandThatClosesItsOutputButKeepsRunningIsStoppedAtItsTimeout() throws {
    let scene = try Commands()
    try scene.config(
      [("w", "echo $$ > group\n\(Self.json)\nexec >/dev/null 2>&1\nsleep 100000\n")], timeout: 2)
    let ran = try scene.timelineRun(["refresh"], timeout: 30)
    let group = try #require(scene.number("group"))
    defer { kill(-group, SIGKILL) }
    #expect(!ran.timedOut, "refresh hung")
    #expect(ran.status == 1, "\(ran)")
    #expect(ran.stderr.contains("timed out after 2 s"), "\(ran.stderr)")
    let alive = groupAlive(group)
    #expect(!alive, "the command's process group outlived the refresh")
    row(
      "command closes its output, keeps running (timeout = 2)",
      "exit \(ran.status) after \((ran.seconds * 10).rounded() / 10) s, \"timed out after 2 s\", group \(alive ? "ALIVE" : "gone")",
      ok: !ran.timedOut && ran.status == 1 && !alive)
  }

  @Test func aCommandThatDaemonizesIsReportedAsSuchNotAsATimeout() throws {
    let scene = try Commands()
    try scene.config([("w", "echo $$ > group\n\(Self.json)\nsetsid sleep 1000 &\necho $! > daemon\n")], timeout: 20)
    let ran = try scene.timelineRun(["refresh"], timeout: 60)
    let group = try #require(scene.number("group"))
    let daemon = scene.number("daemon")
    defer { if let daemon { kill(daemon, SIGKILL) } }
    #expect(!ran.timedOut && ran.status == 1, "\(ran)")
    #expect(ran.stderr.contains("still holds its output open"), "\(ran.stderr)")
    #expect(!ran.stderr.contains("timed out"), "\(ran.stderr)")
    #expect(!groupAlive(group))
    // The daemon left the command's group, so the refresh adopted it and ended it.
    let daemonAlive = daemon.map { kill($0, 0) == 0 } ?? true
    #expect(!daemonAlive, "the daemon outlived the refresh")
    row(
      "command daemonizes (`setsid sleep 1000 &`) holding its output",
      firstLine(ran.stderr) + (daemonAlive ? "; daemon ALIVE" : "; daemon ended"),
      ok: ran.status == 1 && ran.stderr.contains("still holds its output open") && !daemonAlive)
  }

  @Test func whatACommandLeavesInItsGroupIsStoppedWhenItExits() throws {
    let scene = try Commands()
    try scene.config([("w", "echo $$ > group\nsleep 1000 >/dev/null 2>&1 &\n\(Self.json)\n")])
    let ran = try scene.timelineRun(["refresh"])
    let group = try #require(scene.number("group"))
    defer { kill(-group, SIGKILL) }
    #expect(ran.status == 0, "\(ran)")
    let alive = groupAlive(group)
    #expect(!alive, "a background job of the command outlived the refresh")
    row(
      "command leaves `sleep 1000 &` in its group", "exit \(ran.status), group \(alive ? "ALIVE" : "gone")",
      ok: ran.status == 0 && !alive)
  }

  @Test func aTerminatedRefreshTakesTheCommandsGroupWithIt() throws {
    let scene = try Commands()
    try scene.config([("w", "echo $$ > group\nexec sleep 100000\n")], timeout: 600)
    let ran = try scene.shell(
      """
      "$T" refresh --config "$C" --cache-dir "$D" & r=$!
      while [ ! -s group ]; do sleep 0.05; done
      sleep 0.2; kill -TERM $r; wait $r; echo "refresh=$?"
      """, timeout: 60)
    let group = try #require(scene.number("group"))
    defer { kill(-group, SIGKILL) }
    #expect(!ran.timedOut, "\(ran)")
    #expect(ran.stdout.contains("refresh=143"), "\(ran)")
    let alive = groupAlive(group)
    #expect(!alive, "the command's group outlived the terminated refresh")
    row(
      "SIGTERM to a refresh running a command", "refresh ends by SIGTERM, command group \(alive ? "ALIVE" : "gone")",
      ok: !alive && !ran.timedOut)
  }

  // MARK: 2. The widget lock

  @Test func aStoppedRefreshHoldingTheLockDelaysOthersOnlyBoundedly() throws {
    let scene = try Commands()
    let slow = "if [ -e slow ]; then echo started > started; sleep 60; fi\n\(Self.json)\n"
    try scene.config([("w", slow), ("v", Self.json)])
    let first = try scene.timelineRun(["refresh"])
    try #require(first.status == 0, "\(first)")
    let before = try #require(scene.cache("w"))
    try scene.dir.write("slow", "")
    let ran = try scene.shell(
      """
      "$T" refresh --force --config "$C" --cache-dir "$D" w & r=$!
      while [ ! -s started ]; do sleep 0.05; done
      kill -STOP $r; echo $r > holder
      "$T" refresh --force --lock-wait 1 --config "$C" --cache-dir "$D"; echo "second=$?"
      "$T" reload --quiet --lock-wait 1 --config "$C" --cache-dir "$D" w; echo "reload=$?"
      "$T" refresh --force --quiet --config "$C" --cache-dir "$D" w; echo "default=$?"
      kill -CONT $r; kill -TERM $r; wait $r
      """, timeout: 60)
    let holder = try #require(scene.number("holder"))
    #expect(!ran.timedOut, "a later refresh waited for the stopped one: \(ran)")
    // Also with the default wait (15 s): bounded, not forever.
    #expect(
      ran.stdout.contains("second=1") && ran.stdout.contains("reload=1") && ran.stdout.contains("default=1"), "\(ran)")
    let message = "widget w is being refreshed by PID \(holder)"
    #expect(ran.stderr.contains(message), "\(ran.stderr)")
    #expect(scene.cache("w") == before, "the cache changed")
    #expect(ran.stderr.contains("v: refreshed"), "the other widget was not refreshed: \(ran.stderr)")
    row(
      "refresh holding the lock is stopped (SIGSTOP); `refresh --force --lock-wait 1`",
      ran.stdout.contains("second=1")
        ? "exit 1: \"\(message)\"; cache unchanged; other widget refreshed" : firstLine(ran.stderr),
      ok: !ran.timedOut && ran.stderr.contains(message) && scene.cache("w") == before)
  }

  // MARK: 3 and 7. Config files that are not readable regular files

  @Test func aFIFOAsTheConfigIsRefused() throws {
    let scene = try Commands()
    let fifo = scene.dir.file("fifo.toml")
    try #require(mkfifo(fifo, 0o600) == 0)
    let ran = try run(timeline(scene), ["status", "--config", fifo, "--cache-dir", scene.cacheDir], timeout: 20)
    #expect(!ran.timedOut, "status blocked on the FIFO")
    #expect(ran.status == 2 && ran.stderr.contains("\(fifo): cannot read the config file: is a FIFO"), "\(ran)")
    row(
      "config file is a FIFO (`status`)", ran.timedOut ? "hangs" : "exit \(ran.status): \(firstLine(ran.stderr))",
      ok: ran.status == 2)
  }

  @Test func aDirectoryAsTheConfigIsRefused() throws {
    let scene = try Commands()
    let dir = scene.dir.file("conf.d")
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let ran = try run(timeline(scene), ["refresh", "--config", dir, "--cache-dir", scene.cacheDir])
    #expect(ran.status == 2 && ran.stderr.contains("is a directory, not a regular file"), "\(ran)")
    row("config path is a directory (`refresh`)", "exit \(ran.status): \(firstLine(ran.stderr))", ok: ran.status == 2)
  }

  /// Mode 000 at the default location and as TIMELINE_CONFIG. Root reads anything, so as
  /// root the binary runs as nobody (setpriv, util-linux) on a directory nobody may enter.
  @Test func anUnreadableConfigIsAnErrorNotTheDefault() throws {
    let scene = try Commands()
    let home = scene.dir.file("xdg")
    try FileManager.default.createDirectory(atPath: home + "/timeline", withIntermediateDirectories: true)
    let file = home + "/timeline/config.toml"
    try "[widgets.mine]\nkind = \"command\"\ncommand = [\"true\"]\n".write(
      toFile: file, atomically: false, encoding: .utf8)
    chmod(file, 0)
    var prefix: [String] = []
    if getuid() == 0 {
      chmod(scene.dir.path, 0o711)
      chmod(home, 0o711)
      chmod(home + "/timeline", 0o711)
      prefix = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    }
    for (label, environment) in [
      ("default location", ["XDG_CONFIG_HOME": home, "TIMELINE_CONFIG": ""]),
      ("TIMELINE_CONFIG", ["TIMELINE_CONFIG": file]),
    ] {
      let argv = prefix + [timeline(scene), "status", "--cache-dir", "/nonexistent/cache"]
      let ran = try run(argv[0], Array(argv.dropFirst()), environment: environment)
      #expect(ran.status == 2, "\(label): \(ran)")
      #expect(ran.stderr.contains("\(file): cannot read the config file: Permission denied"), "\(label): \(ran.stderr)")
      row("config mode 000 (\(label), `status`)", "exit \(ran.status): \(firstLine(ran.stderr))", ok: ran.status == 2)
      // doctor must not say "✓ config" for a file it could not read.
      let doctorArgv = prefix + [timeline(scene), "doctor", "--cache-dir", "/nonexistent/cache"]
      let doctor = try run(doctorArgv[0], Array(doctorArgv.dropFirst()), environment: environment)
      #expect(doctor.stdout.contains("✗ config") && doctor.stdout.contains("Permission denied"), "\(label): \(doctor)")
      row(
        "config mode 000 (\(label), `doctor`)",
        doctor.stdout.contains("✗ config") ? "✗ config: Permission denied" : "✓ config",
        ok: doctor.stdout.contains("✗ config"))
    }
  }

  func timeline(_ scene: Commands) -> String { scene.timeline }

  // MARK: 4. Durations

  @Test(arguments: [
    ("[widgets.w]\nkind = \"random-shabad\"\ninterval = \"9999999999999999d\"\n", "interval"),
    ("[refresh]\ngrace = \"9999999999999999h\"\n", "grace"),
  ])
  func hugeDurationsAreConfigErrors(_ config: TextArgument, key: String) throws {
    let scene = try Commands()
    try scene.dir.write("config.toml", config.text)
    // refresh and preview exit 2 naming the key; doctor fails its config check naming it;
    // status (which builds no provider) must simply not crash.
    for (argv, expected) in [
      (["refresh", "--cache-dir", scene.cacheDir], Int32(2)), (["preview"], 2),
      (["doctor", "--cache-dir", scene.cacheDir], 1),
      (["status", "--cache-dir", scene.cacheDir], 0),
    ] {
      let ran = try run(scene.timeline, argv + ["--config", scene.configFile])
      #expect(ran.signal == nil, "\(argv[0]) crashed: \(ran)")
      #expect(ran.status == expected || (argv[0] == "status" && ran.status == 2), "\(argv[0]): \(ran)")
      if expected != 0 { #expect(ran.stderr.contains(key) || ran.stdout.contains(key), "\(argv[0]): \(ran)") }
      row(
        "`\(key) = 9999999999999999…` (`\(argv[0])`)", "exit \(ran.status)\(expected != 0 ? ", names \(key)" : "")",
        ok: ran.signal == nil)
    }
  }

  // MARK: 5. Dates near Int64.min

  @Test(arguments: [
    (#"{"entries":[{"date":-9223372036854775808,"text":"x"}]}"#, "entries[0].date"),
    (#"{"entries":[{"text":"x"}],"end":-9223372036854775808}"#, "end"),
    (#"{"entries":[{"text":"x"}],"policy":{"after":-9223372036854775808}}"#, "policy.after"),
    (#"{"entries":[{"date":9223372036854775807,"text":"x"}]}"#, "entries[0].date"),
    (#"{"entries":[{"date":"0000-01-01T00:00:00Z","text":"x"}]}"#, "entries[0].date"),
  ])
  func extremeDatesFromACommandAreRefusedNamingTheField(_ output: String, field: String) throws {
    let scene = try Commands()
    try scene.config([("w", "echo '\(output)'\n")])
    let ran = try scene.timelineRun(["refresh", "--quiet"])
    #expect(ran.signal == nil && ran.status == 1, "\(ran)")
    #expect(ran.stderr.contains("\(field) ") && ran.stderr.contains("out of range"), "\(ran.stderr)")
    let status = try scene.timelineRun(["status"])
    #expect(status.signal == nil && status.status == 0, "\(status)")
    row(
      "command prints \(field) = \(output.contains("922337") ? (output.contains("-9") ? "Int64.min" : "Int64.max") : "year 0")",
      "refresh exit \(ran.status) naming \(field); status exit \(status.status)",
      ok: ran.signal == nil && status.signal == nil)
  }

  /// A cache file and a state file edited to hold Int64.min: refresh and status carry on.
  @Test(arguments: ["lastSuccess", "retryAt", "lastAttempt", "end", "failures"])
  func extremeDatesInTheCacheOrStateFileNeverCrash(_ key: String) throws {
    let scene = try Commands()
    try scene.config([("w", "\(Self.json)\nexit ${FAIL:-0}\n")])
    _ = try scene.shell("FAIL=3 \"$T\" refresh --config \"$C\" --cache-dir \"$D\"")
    let good = try scene.timelineRun(["refresh", "--force"])
    try #require(good.status == 0, "\(good)")
    _ = try scene.shell("FAIL=3 \"$T\" refresh --force --config \"$C\" --cache-dir \"$D\"")
    let isState = ["lastAttempt", "retryAt", "failures"].contains(key)
    // failures is a count the refresh adds one to: its extreme is the top, not the bottom.
    let extreme = key == "failures" ? "9223372036854775807" : "-9223372036854775808"
    let path = scene.cacheDir + (isState ? "/.w.state.json" : "/w.json")
    var text = try String(contentsOfFile: path, encoding: .utf8)
    let pattern = try NSRegularExpression(pattern: "\"\(key)\":(-?[0-9]+|null)")
    let range = NSRange(text.startIndex..., in: text)
    #expect(pattern.firstMatch(in: text, range: range) != nil, "no \(key) in \(text.prefix(300))")
    text = pattern.stringByReplacingMatches(in: text, range: range, withTemplate: "\"\(key)\":\(extreme)")
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    var results: [String] = []
    for argv in [["status"], ["status", "--json"], ["refresh", "--quiet"], ["doctor"]] {
      let ran = try scene.timelineRun(argv)
      #expect(ran.signal == nil, "\(argv) crashed: \(ran)")
      results.append("\(argv.joined(separator: " ")) exit \(ran.status)")
    }
    // A failing forced refresh does the backoff arithmetic on what it read.
    let failing = try scene.shell("FAIL=3 \"$T\" refresh --force --quiet --config \"$C\" --cache-dir \"$D\"")
    #expect(failing.signal == nil && failing.status == 1, "failing refresh: \(failing)")
    results.append("failing refresh --force exit \(failing.status)")
    row(
      "\(isState ? "state" : "cache") file with \(key) = Int64.\(key == "failures" ? "max" : "min")",
      results.joined(separator: "; "),
      ok: !results.contains { $0.hasSuffix("132") })
  }

  // MARK: 8. Only our own temporaries are swept

  @Test func refreshNeverDeletesAUsersFileThatLooksLikeATemporary() throws {
    let scene = try Commands()
    try scene.config([("w", Self.json)])
    _ = try scene.timelineRun(["refresh"])
    let mine = scene.cacheDir + "/w.json.backup"
    let stray = scene.cacheDir + "/.timeline-tmp.w.json.Ab12Cd"
    for path in [mine, stray] {
      try "keep?".write(toFile: path, atomically: false, encoding: .utf8)
      try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: path)
    }
    let ran = try scene.timelineRun(["refresh", "--force"])
    #expect(ran.status == 0, "\(ran)")
    let kept = FileManager.default.fileExists(atPath: mine)
    #expect(kept, "w.json.backup was deleted")
    #expect(!FileManager.default.fileExists(atPath: stray), "an old temporary of ours was left")
    row(
      "user's `w.json.backup` (an hour old) beside the cache", kept ? "kept; our own stray temporary swept" : "DELETED",
      ok: kept)
  }

  // MARK: 12. Disk full, even for the state file

  @Test func aFailureThatCannotBeRecordedSaysSo() throws {
    let scene = try Commands()
    try scene.config([("w", "\(Self.json)\nexit ${FAIL:-0}\n")])
    try FileManager.default.createDirectory(atPath: scene.cacheDir, withIntermediateDirectories: true)
    let mounted = try run("/bin/mount", ["-t", "tmpfs", "-o", "size=4k,mode=0700", "tmpfs", scene.cacheDir])
    try #require(mounted.status == 0, "mount a tmpfs (root needed, as for the disk-full fault): \(mounted)")
    defer { _ = try? run("/bin/umount", ["-l", scene.cacheDir]) }
    // Fill it to the last byte, so neither the cache nor the state file can be written.
    let filler = scene.cacheDir + "/filler"
    _ = try run("/bin/sh", ["-c", "cat /dev/zero > \"$0\" 2>/dev/null; true", filler])
    let ran = try scene.shell("FAIL=3 \"$T\" refresh --config \"$C\" --cache-dir \"$D\"")
    #expect(ran.status == 1, "\(ran)")
    #expect(
      ran.stderr.contains("could not be recorded") && ran.stderr.contains("No space left on device"), "\(ran.stderr)")
    #expect(!ran.stderr.contains("retry after"), "a retry time was promised: \(ran.stderr)")
    row(
      "disk full, the state file cannot be written either", firstLine(ran.stderr),
      ok: ran.status == 1 && !ran.stderr.contains("retry after"))
  }

  func firstLine(_ text: String) -> String {
    String(text.split(separator: "\n").first ?? "").replacingOccurrences(of: NSTemporaryDirectory(), with: "$TMP/")
  }
}
