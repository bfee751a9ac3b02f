import Foundation
import Spawning
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

/// Real processes racing on a real cache directory: no mocks of files or processes.
@Suite struct ConcurrencyAndCrashTests {
  let dir: TempDir
  init() throws { dir = try TempDir() }

  /// A config with `count` command widgets; each run appends the widget name to a log and
  /// prints `lines` entries, so the file is big enough for a kill to land mid-write.
  func config(widgets count: Int, lines: Int = 2000, delay: String = "0") throws -> String {
    let script = try dir.write(
      "gen.sh",
      """
      #!/bin/sh
      echo "$1" >> "\(dir.file("runs.log"))"
      sleep \(delay)
      now=$(date +%s)
      printf '{"entries":['
      i=0
      while [ $i -lt \(lines) ]; do
        [ $i -gt 0 ] && printf ','
        printf '{"date":%s,"text":"%s entry %s"}' $((now - 10 + i)) "$1" $i
        i=$((i+1))
      done
      printf '],"policy":"atEnd"}'
      """)
    chmod(script, 0o755)
    // Run through sh: exec'ing a file this process has just written can fail with
    // ETXTBSY while a parallel test's fork still holds a descriptor to it.
    var toml = ""
    for i in 0..<count {
      toml += "[widgets.w\(i)]\nkind = \"command\"\ncommand = [\"/bin/sh\", \"\(script)\", \"w\(i)\"]\n\n"
    }
    return try dir.write("config.toml", toml)
  }

  func start(_ args: [String], config: String) throws -> pid_t {
    try Subprocess.spawn(
      [Paths.binary("timeline")] + args + ["--config", config, "--cache-dir", dir.file("cache")], stdout: .null,
      stderr: .null)
  }

  var runLog: [String] {
    ((try? String(contentsOfFile: dir.file("runs.log"), encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
  }

  @Test func tenRefreshesAtOnceFetchEachWidgetOnce() throws {
    let config = try config(widgets: 3, lines: 50, delay: "0.5")
    let processes = try (0..<10).map { _ in try start(["refresh"], config: config) }
    let exits = processes.map { Subprocess.wait($0, within: 120) }
    #expect(exits.allSatisfy { $0?.status == 0 }, "\(exits)")
    #expect(runLog.sorted() == ["w0", "w1", "w2"])
    for i in 0..<3 {
      let timeline = try CacheReader.timeline(path: dir.file("cache/w\(i).json"))
      #expect(timeline.entries.count == 50)
    }
  }

  @Test func killingRefreshAtRandomMomentsNeverLeavesABrokenFile() throws {
    let config = try config(widgets: 1, lines: 3000)
    let path = dir.file("cache/w0.json")
    var generator = SystemRandomNumberGenerator()
    for round in 0..<100 {
      let before = try? Data(contentsOf: URL(fileURLWithPath: path))
      let pid = try start(["refresh", "--force"], config: config)
      usleep(UInt32.random(in: 0...150_000, using: &generator))
      kill(pid, SIGKILL)
      _ = Subprocess.wait(pid)
      guard FileManager.default.fileExists(atPath: path) else { continue }
      let after = try Data(contentsOf: URL(fileURLWithPath: path))
      let timeline = try CacheReader.timeline(path: path)
      #expect(timeline.entries.count == 3000, "round \(round)")
      if let before, after != before {
        #expect(try CacheReader.timeline(path: path).generated >= 0)
      }
    }
    // A SIGKILL can strand a temporary file; the next complete write sweeps those older
    // than a minute. Age the strays instead of waiting.
    let cache = dir.file("cache")
    for name in try FileManager.default.contentsOfDirectory(atPath: cache)
    where name.hasPrefix(".timeline-tmp.w0.json.") {
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSinceNow: -120)], ofItemAtPath: cache + "/" + name)
    }
    let final = try start(["refresh", "--force"], config: config)
    #expect(Subprocess.wait(final, within: 120)?.status == 0)
    let names = try FileManager.default.contentsOfDirectory(atPath: dir.file("cache"))
    #expect(names.filter { $0.hasPrefix(".timeline-tmp.w0.json.") }.isEmpty, "\(names)")
  }
}
