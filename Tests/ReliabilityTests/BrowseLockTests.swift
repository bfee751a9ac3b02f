import Foundation
import Testing
import TimelineCache
import TimelineTestSupport

/// The browse directory's lock outside a login session: no `$XDG_RUNTIME_DIR` (cron, a bare
/// ssh, a bar started by hand), or one naming a directory that is gone. Real `timeline
/// browse` and `timeline-emit` processes against a real cache.
@Suite struct BrowseLockTests {
  /// `CommandScene.hourlyEntries`, with a `tmp` directory for `$TMPDIR`.
  func scene() throws -> CommandScene {
    let scene = try CommandScene.hourlyEntries()
    try #require(mkdir(scene.dir.file("tmp"), 0o755) == 0)
    return scene
  }

  /// How each case sets the session: `unset` has no `$XDG_RUNTIME_DIR` (the state goes to
  /// `$TMPDIR/timeline-UID`, kept inside the test's directory); `missing` names one that
  /// does not exist.
  /// The browse states of `cache` are in its own folder there (`BrowseStore.key`).
  static func session(_ kind: String, cache: String) -> (setup: String, directory: String) {
    let folder = "/" + BrowseStore.key(cache: cache)
    return kind == "unset"
      ? ("unset XDG_RUNTIME_DIR; export TMPDIR=\"$PWD/tmp\"", "tmp/timeline-\(getuid())" + folder)
      : ("export XDG_RUNTIME_DIR=\"$PWD/gone/run\"", "gone/run/timeline" + folder)
  }

  /// 30 `timeline browse w next` at once, with emitters reading all the while: every step
  /// is counted, every emit shows an entry, and the directory is made private.
  @Test(arguments: ["unset", "missing"])
  func concurrentStepsAreAllCounted(_ kind: String) throws {
    let scene = try scene()
    let (setup, directory) = Self.session(kind, cache: scene.cacheDir)
    let count = 30
    let ran = try scene.shell(
      """
      \(setup)
      i=0; while [ $i -lt \(count) ]; do
        { "$T" browse w next --quiet --config "$C" --cache-dir "$D" 2>> errors || echo x >> failures; } &
        { TIMELINE_CACHE_DIR="$D" "$E" plain w >> emits; } &
        i=$((i + 1))
      done
      wait
      echo "failed=$(cat failures 2>/dev/null | wc -l)"
      cat errors 2>/dev/null
      cat \(directory)/w.browse
      echo "final=$(TIMELINE_CACHE_DIR="$D" "$E" plain w)"
      """, timeout: 300)
    let lines = ran.stdout.split(separator: "\n")
    let offset = lines.first { $0.hasPrefix("offset ") }.flatMap { Int($0.dropFirst("offset ".count)) }
    let header = "failed=0\ntimeline-browse 1\noffset "
    #expect(ran.status == 0 && ran.stdout.hasPrefix(header) && offset == count, "\(ran)")
    #expect(lines.last?.hasPrefix("final=") == true && lines.last?.hasSuffix("entry \(count)") == true, "\(ran)")
    let emits = (try? String(contentsOfFile: scene.dir.file("emits"), encoding: .utf8)) ?? ""
    let shown = emits.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(shown.count == count && shown.allSatisfy { $0.contains("entry ") }, "\(emits)")
    var info = stat()
    #expect(lstat(scene.dir.file(directory), &info) == 0 && info.st_mode & 0o777 == 0o700, "\(directory)")
  }

  /// A browse directory that is not the user's private one (group or world writable, or a
  /// link) is refused: the browse fails with a message, runs nothing and writes nothing;
  /// the bar goes on showing now.
  @Test(arguments: ["group-writable", "world-writable", "link"])
  func aDirectoryNotPrivateIsRefused(_ kind: String) throws {
    let scene = try scene()
    let directory = scene.dir.file("tmp/timeline-\(getuid())")
    let target = scene.dir.file("elsewhere")
    switch kind {
    case "group-writable":
      try #require(mkdir(directory, 0o700) == 0 && chmod(directory, 0o770) == 0)
    case "world-writable":
      try #require(mkdir(directory, 0o700) == 0 && chmod(directory, 0o1777) == 0)
    default:
      try #require(mkdir(target, 0o700) == 0 && symlink(target, directory) == 0)
    }
    let ran = try scene.shell(
      """
      unset XDG_RUNTIME_DIR; export TMPDIR="$PWD/tmp"
      "$T" browse w next --config "$C" --cache-dir "$D"; echo "status=$?"
      echo "shown=$(TIMELINE_CACHE_DIR="$D" "$E" plain w)"
      """, timeout: 120)
    #expect(ran.stdout.hasPrefix("status=1\nshown=entry 0\n"), "\(ran)")
    #expect(ran.stderr.contains("not a private directory of this user"), "\(ran)")
    let left = (try? FileManager.default.contentsOfDirectory(atPath: kind == "link" ? target : directory)) ?? ["?"]
    #expect(left.isEmpty, "\(kind): \(left)")
  }
}
