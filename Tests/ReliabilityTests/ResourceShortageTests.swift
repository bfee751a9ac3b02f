import Foundation
import Testing
import TimelineTestSupport

/// A refresh that finds no descriptor for a command's pipe (`ulimit -n 10`): a shortage
/// of the system, not the widget's failure. The widget keeps its timeline, is not backed
/// off, and the next refresh runs it.
@Suite struct ResourceShortageTests {
  @Test func aDescriptorShortageIsNotTheWidgetsFailure() throws {
    let scene = try CommandScene()
    let ok = try scene.dir.write("ok.json", #"{"entries":[{"text":"kept"}]}"#)
    try scene.dir.write("config.toml", "[widgets.w]\nkind = \"command\"\ncommand = [\"/bin/cat\", \"\(ok)\"]\n")
    #expect(try scene.timelineRun(["refresh"]).status == 0)
    var cached = try #require(scene.cache("w"))

    // The descriptors a refresh holds before it makes the pipes vary with the threads the
    // runtime has started by then; so the limit goes down from 12 until the pipes are what
    // runs short (below that, reading the config fails first).
    var found: RunResult?
    for limit in (4...12).reversed() {
      // A limit that still lets the refresh through rewrites the cache: the one to keep is
      // what the cache held before the run that ran short.
      cached = try #require(scene.cache("w"))
      let ran = try scene.shell(
        #"ulimit -n "$N" && exec "$T" refresh --force --config "$C" --cache-dir "$D""#,
        environment: ["N": "\(limit)"])
      if (ran.stdout + ran.stderr).contains("cannot create a pipe") {
        found = ran
        break
      }
    }
    let short = try #require(found, "no descriptor limit from 12 down made the pipes run short")
    #expect(short.status == 1, "\(short)")
    // The report line (on stderr) says what ran short and what happens next.
    let report = short.stdout + short.stderr
    #expect(report.contains("w: failed: cannot create a pipe"), "\(short)")
    #expect(report.contains("not the widget: its last timeline stays and the next refresh tries again"), "\(short)")
    #expect(scene.cache("w") == cached, "the cached timeline changed")
    let shown = try run(
      Paths.binary("timeline-emit"), ["plain", "w"], environment: ["TIMELINE_CACHE_DIR": scene.cacheDir])
    #expect(shown.stdout.hasPrefix("kept"), "\(shown)")

    // No backoff: status names no retry hours away, and a plain refresh (not forced)
    // finds the widget due and refreshes it.
    let status = try scene.timelineRun(["status", "--json"])
    #expect(!status.stdout.contains("\"retryAt\""), "\(status.stdout)")
    let next = try scene.timelineRun(["refresh"])
    #expect(next.status == 0 && (next.stdout + next.stderr).contains("w: refreshed"), "\(next)")
  }
}
