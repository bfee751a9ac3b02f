import Foundation
import Testing
import TimelineTestSupport

// Helpers of HangsAndCrashesTests: a world of `command` widgets, and a look at process
// groups through /proc.

/// A config of `command` widgets in a temporary directory, and the built binary.
final class CommandScene: @unchecked Sendable {
  let dir: TempDir
  let timeline = Paths.binary("timeline")
  var cacheDir: String { dir.file("cache") }
  var configFile: String { dir.file("config.toml") }

  init() throws { dir = try TempDir() }

  /// A scene with one command widget, `w`, of 80 hourly entries (`entry 0` current),
  /// refreshed: what the browsing tests step through.
  static func hourlyEntries() throws -> CommandScene {
    let scene = try CommandScene()
    let now = Int64(Date().timeIntervalSince1970)
    let entries = (0..<80).map { #"{"date":\#(now - 600 + Int64($0) * 3600),"text":"entry \#($0)"}"# }
    try scene.dir.write("entries.json", #"{"entries":["# + entries.joined(separator: ",") + "]}")
    try scene.config([("w", "cat entries.json\n")])
    try #require(try scene.timelineRun(["refresh"]).status == 0)
    return scene
  }

  /// Writes one widget per (name, shell script) pair; the script runs with `sh`, in
  /// the temporary directory.
  func config(_ widgets: [(String, String)], timeout: Int = 30, extra: String = "") throws {
    var text = extra
    for (name, script) in widgets {
      let file = try dir.write("\(name).sh", "cd \"\(dir.path)\" || exit 9\n" + script)
      text += "[widgets.\(name)]\nkind = \"command\"\ntimeout = \(timeout)\ncommand = [\"/bin/sh\", \"\(file)\"]\n\n"
    }
    try dir.write("config.toml", text)
  }

  func timelineRun(_ arguments: [String], timeout: Double = 60) throws -> RunResult {
    try run(timeline, arguments + ["--config", configFile, "--cache-dir", cacheDir], timeout: timeout)
  }

  /// A shell script run with `sh -c`, given the binary as $T, the emitter as $E, the
  /// config as $C and the cache directory as $D, in the temporary directory.
  func shell(_ script: String, environment: [String: String] = [:], timeout: Double = 60) throws -> RunResult {
    try run(
      "/bin/sh", ["-c", "cd \"$0\" || exit 9\n" + script, dir.path],
      environment: ["T": timeline, "E": Paths.binary("timeline-emit"), "C": configFile, "D": cacheDir].merging(
        environment, uniquingKeysWith: { $1 }), timeout: timeout)
  }

  /// A Python script run with `python3 -c`, with the same variables as `shell` in its
  /// environment, in the temporary directory.
  func python(_ script: String, timeout: Double = 60) throws -> RunResult {
    try shell("exec python3 -c \"$PY\"", environment: ["PY": script], timeout: timeout)
  }

  func number(_ file: String) -> Int32? {
    (try? String(contentsOfFile: dir.file(file), encoding: .utf8)).flatMap {
      Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
  }

  func cache(_ widget: String) -> Data? { FileManager.default.contents(atPath: cacheDir + "/\(widget).json") }
}

/// Whether any process of group `pgid` is alive. Read from /proc, not with kill(2):
/// a killed member whose parent died waits as a zombie until init reaps it, and
/// kill(-pgid, 0) counts zombies.
func groupAlive(_ pgid: Int32) -> Bool {
  let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
  for pid in entries where pid.allSatisfy(\.isNumber) {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { continue }
    // After "(comm)": state, ppid, pgrp.
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    if fields.count > 2, fields[2] == "\(pgid)", fields[0] != "Z" { return true }
  }
  return false
}
