import Foundation
import Testing
import TimelineTestSupport

/// The smaller findings of the second round of hostile testing: messages that say the
/// wrong thing, files made where they do not belong, a directory listed for nothing,
/// a relative cache directory, unbounded class names. Real binaries, real files.
@Suite struct SmallFindingsTests {
  func row(_ name: String, _ result: String, ok: Bool) {
    Report.add("hangs", ["case": name, "result": result, "ok": ok])
  }

  @Test func anEmptyRegionListOnANorwegianWidgetSpeaksOfNorway() throws {
    let scene = try CommandScene()
    try scene.dir.write("config.toml", "[widgets.a]\nkind = \"avalanche\"\nregions = []\n")
    let ran = try scene.timelineRun(["refresh"])
    let said = ran.stderr
    let ok = ran.status == 2 && said.contains("regions") && said.contains("--country no") && !said.contains("area")
    #expect(ok, "\(ran)")
    row("`regions = []` on a Norwegian widget", "exit \(ran.status): \(firstLine(said))", ok: ok)
  }

  /// What a command printed or how it died, said as it is.
  @Test(arguments: [
    ("Latin-1 output", #"printf '{"entries":[{"text":"caf\351"}]}'"#, "not UTF-8"),
    ("1 000 levels of nesting", "cat deep.json", "too deep"),
    ("killed by SIGSEGV", "kill -SEGV $$", "killed by signal 11"),
  ])
  func aCommandsBadOutputOrDeathIsNamed(_ label: String, _ script: String, _ expected: String) throws {
    let scene = try CommandScene()
    try scene.dir.write(
      "deep.json",
      #"{"entries":[{"text":"x","tooltip":"# + String(repeating: "[", count: 1000) + String(repeating: "]", count: 1000)
        + "}]}")
    try scene.config([("w", script + "\n")])
    let ran = try scene.timelineRun(["refresh"])
    #expect(ran.status == 1 && ran.stderr.contains(expected), "\(ran)")
    row("command: \(label)", firstLine(ran.stderr), ok: ran.status == 1 && ran.stderr.contains(expected))
  }

  /// A command-only refresh leaves the user's home as it was.
  @Test func refreshMakesNothingInTheHomeDirectory() throws {
    let scene = try CommandScene()
    try scene.config([("w", #"echo '{"entries":[{"text":"hi"}]}'"#)])
    let home = scene.dir.file("home")
    try #require(mkdir(home, 0o700) == 0)
    let ran = try scene.shell(
      #"HOME="$H" XDG_CACHE_HOME= XDG_DATA_HOME= "$T" refresh --config "$C" --cache-dir "$D"; echo "status=$?"; cd "$H" && find . -mindepth 1"#,
      environment: ["H": home])
    let made = ran.stdout.split(separator: "\n").dropFirst().map(String.init)
    #expect(ran.stdout.hasPrefix("status=0") && !made.contains { $0.hasPrefix("./.local") }, "\(ran)")
    row(
      "command-only `refresh` with an empty HOME",
      made.isEmpty ? "nothing made in HOME" : "made " + made.joined(separator: ", "),
      ok: !made.contains { $0.hasPrefix("./.local") })
  }

  /// `timeline-emit plain MISSING` without `--verbose` does not read the directory (its
  /// access time, set two days back, stays; relatime updates it on any listing).
  @Test func aMissingWidgetDoesNotListTheCacheDirectory() throws {
    let scene = try CommandScene()
    let cache = scene.cacheDir
    try #require(mkdir(cache, 0o700) == 0)
    for index in 0..<50 { try "x".write(toFile: cache + "/w\(index).json", atomically: false, encoding: .utf8) }
    func atime() -> Int {
      var info = stat()
      return stat(cache, &info) == 0 ? info.st_atim.tv_sec : -1
    }
    func backdate() {
      var info = stat()
      _ = stat(cache, &info)
      var times = [timespec(tv_sec: time(nil) - 2 * 86_400, tv_nsec: 0), info.st_mtim]
      _ = utimensat(AT_FDCWD, cache, &times, 0)
    }
    backdate()
    let before = atime()
    let quiet = try run(
      Paths.binary("timeline-emit"), ["plain", "missing"], environment: ["TIMELINE_CACHE_DIR": cache])
    let untouched = atime() == before
    // The same check sees a listing: --verbose does list, to name the widgets that exist.
    backdate()
    let verboseBefore = atime()
    let verbose = try run(
      Paths.binary("timeline-emit"), ["plain", "missing", "--verbose"], environment: ["TIMELINE_CACHE_DIR": cache])
    let listed = atime() != verboseBefore
    #expect(quiet.status == 0 && untouched, "the directory was read without --verbose")
    #expect(verbose.status == 0 && listed && verbose.stderr.contains("w1"), "\(verbose)")
    row(
      "`timeline-emit plain MISSING` in a directory of 50 files",
      untouched ? "directory not listed (listed only with --verbose)" : "directory LISTED", ok: untouched && listed)
  }

  @Test func aRelativeCacheDirectoryIsRefused() throws {
    let scene = try CommandScene()
    try scene.config([("w", #"echo '{"entries":[{"text":"hi"}]}'"#)])
    let ran = try scene.shell(
      #"""
      TIMELINE_CACHE_DIR=cache "$T" refresh --config "$C"; echo "refresh=$?"
      TIMELINE_CACHE_DIR=cache "$E" plain w --verbose; echo "emit=$?"
      ls
      """#)
    let lines = ran.stdout.split(separator: "\n").map(String.init)
    let refused =
      lines.contains("refresh=2") && ran.stderr.contains("TIMELINE_CACHE_DIR")
      && ran.stderr.contains("absolute")
    #expect(refused && lines.contains("emit=0") && !lines.contains("cache"), "\(ran)")
    row(
      "relative `TIMELINE_CACHE_DIR=cache`",
      refused ? "refresh exit 2: \(firstLine(ran.stderr)); emitter exit 0" : "USED",
      ok: refused && !lines.contains("cache"))
  }

  @Test func waybarClassNamesAreCapped() throws {
    let scene = try CommandScene()
    let long = String(repeating: "a", count: 100_000)
    try scene.dir.write("long.json", #"{"entries":[{"text":"hi","class":["\#(long)","b"]}]}"#)
    try scene.config([("w", "cat long.json\n")])
    try #require(try scene.timelineRun(["refresh"]).status == 0)
    let ran = try run(
      Paths.binary("timeline-emit"), ["waybar", "w"], environment: ["TIMELINE_CACHE_DIR": scene.cacheDir])
    let classes = waybarClasses(ran.stdout)
    let longest = classes.map(\.count).max() ?? 0
    #expect(ran.status == 0 && classes.contains("b") && longest <= 64, "\(classes.map { $0.prefix(80) })")
    row("waybar class name of 100 000 characters", "longest class \(longest) characters", ok: longest <= 64)
  }

  func firstLine(_ text: String) -> String {
    String(text.split(separator: "\n").first ?? "").replacingOccurrences(of: NSTemporaryDirectory(), with: "$TMP/")
  }
}
