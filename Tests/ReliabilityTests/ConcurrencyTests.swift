import Foundation
import Spawning
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

/// Real processes racing on a real cache directory, with HTTP providers (the `command`
/// versions are in Tests/CLITests/ConcurrencyAndCrashTests.swift).
@Suite struct ConcurrencyTests {
  /// Three avalanche widgets, one region each, all served by the scene's server.
  func threeWidgets(_ scene: Scene, delay: Double) async throws {
    var routes: [String: Any] = [:]
    var widgets = ""
    for region in [3022, 3011, 3016] {
      let file = try scene.dir.write("reply-\(region).json", try Avalanche.reply(region: region))
      routes["/api/AvalancheWarningByRegion/Detail/\(region)/2/*"] = ["file": file, "delay": delay]
      widgets += "[widgets.a\(region)]\nkind = \"avalanche\"\nregion = \(region)\n\n"
    }
    try await scene.server.setRoutes(routes)
    try scene.config(widgets: widgets)
  }

  func start(_ scene: Scene, _ arguments: [String]) throws -> pid_t {
    try Subprocess.spawn(
      [scene.timeline] + arguments + ["--config", scene.configFile, "--cache-dir", scene.cacheDir], stdout: .null,
      stderr: .null)
  }

  @Test func tenRefreshesAtOnceFetchEachWidgetOnce() async throws {
    let scene = try Scene()
    try await threeWidgets(scene, delay: 0.5)
    let processes = try (0..<10).map { _ in try start(scene, ["refresh"]) }
    let exits = processes.map { Subprocess.wait($0, within: 120) }
    #expect(exits.allSatisfy { $0?.status == 0 }, "\(exits)")
    let paths = try await scene.server.log().paths
    var perRegion: [Int: Int] = [:]
    for region in [3022, 3011, 3016] {
      perRegion[region] = paths.filter { $0.contains("/Detail/\(region)/") }.count
      #expect(perRegion[region] == 1, "region \(region) fetched \(perRegion[region] ?? 0) times: \(paths)")
      #expect(try scene.timelineFile("a\(region)").entries.count == 3)
    }
    Report.add(
      "concurrency",
      [
        "case": "10 `timeline refresh` at once, 3 avalanche widgets (server delay 0.5 s)",
        "result":
          "\(paths.count) requests for 3 widgets (\(perRegion.sorted { $0.key < $1.key }.map { "\($0.value)" }.joined(separator: "/")) per widget)",
        "ok": paths.count == 3,
      ])
  }

  /// `kill -9` of a forced HTTP refresh at a random moment, 100 times: the cache file
  /// always parses and always holds a whole timeline, the old one or the new one.
  @Test func killingAnHTTPRefreshAtRandomMomentsNeverBreaksTheFile() async throws {
    let scene = try Scene()
    try scene.config()
    #expect(try scene.refresh().status == 0)
    let path = scene.cacheDir + "/avalanche.json"
    var generator = SystemRandomNumberGenerator()
    var changed = 0
    var broken = 0
    for round in 0..<100 {
      let before = scene.cache()
      let pid = try start(scene, ["refresh", "--force"])
      usleep(UInt32.random(in: 0...120_000, using: &generator))
      kill(pid, SIGKILL)
      _ = Subprocess.wait(pid)
      let after = scene.cache()
      if after != before { changed += 1 }
      do {
        let timeline = try CacheReader.timeline(path: path)
        #expect(timeline.entries.count == 3, "round \(round)")
      } catch {
        broken += 1
        Issue.record("round \(round): \(error)")
      }
      let view = CacheReader.view(path: path, at: Int64(Date().timeIntervalSince1970))
      #expect(view.error == nil && view.current != nil, "round \(round): \(String(describing: view.error))")
    }
    Report.add(
      "concurrency",
      [
        "case": "`kill -9` of `timeline refresh --force` (HTTP) at a random moment, 100 rounds",
        "result":
          "\(broken) unreadable files; \(changed) rounds replaced the file whole, \(100 - changed) left it as it was",
        "ok": broken == 0,
      ])
  }

  /// The built `timeline-emit` in a tight loop (a shell loop, as a bar would run it) while
  /// the cache file is rewritten 1 000 times: every line it prints is one of the two
  /// whole timelines' entries, never a placeholder from a partial file.
  @Test func theEmitterNeverSeesAPartialFileDuring1000Rewrites() throws {
    let dir = try TempDir()
    let store = CacheStore(directory: dir.file("cache"))
    let base: Int64 = 1_800_000_000
    func timeline(_ word: String) -> Timeline {
      // 2 000 entries, so a file is ~150 KB and a write takes many pages.
      let entries = (0..<2000).map { i in
        Entry(
          date: base + Int64(i) * 60, runs: [TextRun("\(word) \(i)", color: "#88c0d0")],
          tooltip: ["line one of \(word) \(i)", String(repeating: "x", count: 20)], alt: word)
      }
      return Timeline(
        widget: "w", kind: "command", entries: entries,
        placeholder: Entry(date: 0, runs: [TextRun("PLACEHOLDER")], alt: "p"),
        generated: base, grace: 3600, configHash: "h")
    }
    let a = timeline("alpha")
    let b = timeline("bravo")
    try store.write(a)
    let stop = dir.file("stop")
    let out = dir.file("out.txt")
    let at = ISOTime.format(base + 1000 * 60 + 30)
    let loop = try Subprocess.spawn(
      [
        "/bin/sh", "-c", "while [ ! -e \"$1\" ]; do \"$2\" plain w --at \"$3\" || echo EXIT$?; done > \"$4\"", "sh",
        stop, Paths.binary("timeline-emit"), at, out,
      ], environment: ["TIMELINE_CACHE_DIR": dir.file("cache"), "PATH": "/usr/bin:/bin"], stdout: .null,
      stderr: .null)
    // Wait until the loop is reading, so the writes really overlap with reads.
    while (try? FileManager.default.attributesOfItem(atPath: out)[.size] as? Int) ?? 0 == 0 { usleep(2000) }
    for i in 0..<1000 { try store.write(i % 2 == 0 ? b : a) }
    #expect(FileManager.default.createFile(atPath: stop, contents: nil))
    #expect(Subprocess.wait(loop, within: 60)?.status == 0)
    let lines = try String(contentsOfFile: out, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false
    )
    .dropLast()
    let bad = lines.filter { $0 != "alpha 1000" && $0 != "bravo 1000" }
    #expect(lines.count > 50, "only \(lines.count) reads")
    #expect(bad.isEmpty, "\(bad.count) bad reads, e.g. \(bad.prefix(3))")
    Report.add(
      "concurrency",
      [
        "case": "`timeline-emit plain` in a tight loop during 1 000 rewrites of a 2 000-entry cache",
        "result": "\(lines.count) reads, \(bad.count) partial or placeholder",
        "ok": bad.isEmpty,
      ])
  }
}
