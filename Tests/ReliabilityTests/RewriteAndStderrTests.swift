import Foundation
import Testing
import TimelineTestSupport

/// A cache rewritten in place under its readers, and reports written to a standard error
/// that fails: the built binaries against real files, /dev/full, a closed descriptor and
/// a pipe whose reader has gone. Each case adds a row to docs/reliability.md.
@Suite struct RewriteAndStderrTests {
  static let json = #"echo '{"entries":[{"text":"hi"}]}'"#

  /// A command widget whose output is `count` entries a minute apart around now.
  func bigWidget(_ scene: CommandScene, count: Int) throws {
    let now = Int64(Date().timeIntervalSince1970)
    let entries = (0..<count).map {
      #"{"date":\#(now - Int64(count / 2) * 60 + Int64($0) * 60),"text":"entry \#($0)"}"#
    }
    try scene.dir.write("big.json", #"{"entries":["# + entries.joined(separator: ",") + "]}")
    try scene.config([("w", "cat big.json\n")])
  }

  /// `cat good.json > w.json` in a loop (what `cp`, `rsync --inplace` or a restore do)
  /// while the emitter and the CLI read the file: no reader may die of SIGBUS; the
  /// emitter exits 0 every time.
  @Test func aCacheRewrittenInPlaceNeverKillsAReader() throws {
    let scene = try CommandScene()
    try bigWidget(scene, count: 10_000)
    let first = try scene.timelineRun(["refresh"])
    try #require(first.status == 0, "\(first)")
    let size = (try? FileManager.default.attributesOfItem(atPath: scene.cacheDir + "/w.json")[.size] as? Int) ?? 0
    #expect(size > 256 << 10, "the cache is only \(size) bytes")
    let ran = try scene.shell(
      """
      cp "$D/w.json" good.json
      ( while :; do cat good.json > "$D/w.json"; done ) & loop=$!
      each() { # label count command...
        label=$1 n=$2; shift 2; i=0
        while [ $i -lt $n ]; do
          "$@" >/dev/null 2>&1; s=$?
          if [ $s -gt 128 ]; then echo "$label signal $((s - 128))"; elif [ $s -ne 0 ]; then echo "$label exit $s"; fi
          i=$((i + 1))
        done
      }
      export TIMELINE_CACHE_DIR="$D"
      each emit 300 "$E" plain w
      each emit-waybar 100 "$E" waybar w
      each status 40 "$T" status --config "$C" --cache-dir "$D"
      each show 40 "$T" show w --config "$C" --cache-dir "$D"
      each refresh 30 "$T" refresh --quiet --config "$C" --cache-dir "$D"
      kill $loop; wait $loop 2>/dev/null
      echo done
      """, timeout: 300)
    #expect(!ran.timedOut && ran.stdout.contains("done"), "\(ran)")
    let lines = ran.stdout.split(separator: "\n").map(String.init)
    let signals = lines.filter { $0.contains(" signal ") }
    let emitFailures = lines.filter { $0.hasPrefix("emit") && $0.contains(" exit ") }
    #expect(signals.isEmpty, "readers killed: \(signals)")
    #expect(emitFailures.isEmpty, "the emitter failed: \(emitFailures)")
    Report.add(
      "concurrency",
      [
        "case":
          "`cat good.json > w.json` in a loop (a \(size / 1024) KB cache) while 400 emits, 40 `status`, 40 `show` and 30 `refresh` read it",
        "result": "\(signals.count) readers killed by a signal, \(emitFailures.count) emits exited non-zero",
        "ok": signals.isEmpty && emitFailures.isEmpty,
      ])
  }

  /// The three ways a report write fails. `refresh` still does its work and its exit
  /// status still means what `--help` says (0: all refreshed, 1: one failed).
  @Test(arguments: [
    ("stderr is /dev/full", "2>/dev/full"), ("stderr closed", "2>&-"), ("stderr's reader gone", "gone"),
  ])
  func aFailingStderrNeverCrashesRefreshOrRegions(_ label: String, _ redirect: String) throws {
    let scene = try CommandScene()
    try scene.config([("good", Self.json), ("bad", "\(Self.json)\nexit ${FAIL:-0}\n")])
    // A pipe whose read end is closed before the program starts: each write gets EPIPE.
    let gone =
      #"python3 -c 'import os, subprocess, sys; r, w = os.pipe(); os.close(r); sys.exit(subprocess.run(sys.argv[1:], stderr=w).returncode)'"#
    let prefix = redirect == "gone" ? gone + " " : ""
    let suffix = redirect == "gone" ? "" : " " + redirect
    let port = try closedPort()
    let ran = try scene.shell(
      """
      \(prefix)"$T" refresh --config "$C" --cache-dir "$D"\(suffix); echo "ok=$?"
      FAIL=3 \(prefix)"$T" refresh --force --config "$C" --cache-dir "$D"\(suffix); echo "failing=$?"
      FAIL=3 \(prefix)"$T" refresh --force --quiet --config "$C" --cache-dir "$D"\(suffix); echo "quiet=$?"
      \(prefix)"$T" regions --varsom http://127.0.0.1:\(port)/api --lavinprognoser http://127.0.0.1:\(port)/wfs >regions.txt\(suffix); echo "regions=$?"
      """, timeout: 120)
    #expect(!ran.timedOut, "\(ran)")
    let expected = ["ok=0", "failing=1", "quiet=1", "regions=0"]
    let got = ran.stdout.split(separator: "\n").map(String.init)
    #expect(got == expected, "\(label): \(ran)")
    #expect(scene.cache("good") != nil, "\(label): the refresh did not write the cache")
    let listed = (try? String(contentsOfFile: scene.dir.file("regions.txt"), encoding: .utf8)) ?? ""
    #expect(listed.contains("3022"), "\(label): regions printed no list: \(listed.prefix(200))")
    Report.add(
      "hangs",
      [
        "case": "\(label) (`refresh`, `refresh --quiet` with a failing widget, `regions` offline)",
        "result": got.joined(separator: ", ") + (got == expected ? " as documented" : ""),
        "ok": got == expected,
      ])
  }
}
