import Foundation
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

// Shared machinery for the reliability tests: the built binaries run as subprocesses
// against a real loopback server (Tests/Support/fixture_server.py) and a real cache
// directory. Nothing here mocks a file, a socket or a process.

/// Recorded avalanche replies, moved to today's dates in Oslo (the provider asks for
/// today … today+2 there), as the ProvidersTests do.
enum Avalanche {
  static let fixture = "ProvidersTests/Fixtures/avalanche/detail-3022-en-2023-03-01.json"
  static let route = "/api/AvalancheWarningByRegion/Detail/3022/2/*"

  /// Today's date in Europe/Oslo, `yyyy-MM-dd`.
  static func osloToday() throws -> String { try today(in: "Europe/Oslo") }

  /// The Trollheimen (3022) Detail reply with every date moved so its first day is today
  /// in Oslo, and its region id set to `region`.
  static func reply(region: Int = 3022) throws -> String {
    let text = try String(contentsOfFile: Paths.fixture(fixture), encoding: .utf8)
    let shifted = try DateShift.shift(text, from: "2023-03-01", to: try osloToday())
    return shifted.replacingOccurrences(of: "\"RegionId\": 3022", with: "\"RegionId\": \(region)")
  }

  /// The reply decoded, edited by `edit` (one warning at a time) and encoded again.
  static func edited(_ edit: (inout [String: Any]) -> Void) throws -> String {
    var warnings = try JSONSerialization.jsonObject(with: Data(reply().utf8)) as? [[String: Any]] ?? []
    for index in warnings.indices { edit(&warnings[index]) }
    return String(decoding: try JSONSerialization.data(withJSONObject: warnings), as: UTF8.self)
  }
}

/// One widget's world: a loopback server, a config file and a cache directory, plus the
/// built `timeline` and `timeline-emit` to act on them.
final class Scene: @unchecked Sendable {
  let dir: TempDir
  let server: FixtureServer
  let timeline = Paths.binary("timeline")
  let emitter = Paths.binary("timeline-emit")
  var cacheDir: String { dir.file("cache") }

  /// Starts a server that serves the good Trollheimen reply.
  init() throws {
    dir = try TempDir()
    let good = try dir.write("good.json", try Avalanche.reply())
    server = try FixtureServer(routes: [Avalanche.route: ["file": good]])
  }

  /// Writes a config with one avalanche widget (or `widgets`) and `varsom` as its source.
  @discardableResult
  func config(varsom: String? = nil, widgets: String? = nil, name: String = "config.toml") throws -> String {
    let source = varsom ?? server.baseURL + "/api"
    let body = widgets ?? "[widgets.avalanche]\nkind = \"avalanche\"\nregion = 3022\n"
    return try dir.write(name, "[sources]\nvarsom = \"\(source)\"\n\n" + body)
  }

  var configFile: String { dir.file("config.toml") }

  /// `timeline refresh [--force] --config … --cache-dir …`, optionally through `wrapper`
  /// (an argv prefix such as `sh -c 'ulimit -f 8; exec "$0" "$@"'`).
  func refresh(force: Bool = false, config: String? = nil, wrapper: [String] = []) throws -> RunResult {
    var argv = [timeline, "refresh"] + (force ? ["--force"] : [])
    argv += ["--config", config ?? configFile, "--cache-dir", cacheDir]
    argv = wrapper + argv
    return try run(argv[0], Array(argv.dropFirst()))
  }

  /// `timeline status --json`, the row of `widget`.
  func status(_ widget: String = "avalanche") throws -> [String: Any] {
    let ran = try run(timeline, ["status", "--json", "--config", configFile, "--cache-dir", cacheDir])
    let rows = try JSONSerialization.jsonObject(with: Data(ran.stdout.utf8)) as? [[String: Any]] ?? []
    guard let row = rows.first(where: { $0["widget"] as? String == widget }) else {
      throw TestSupportError("no status row for \(widget): \(ran.stdout) \(ran.stderr)")
    }
    return row
  }

  /// The refresh state file `.<widget>.state.json`, if there is one.
  func state(_ widget: String = "avalanche") -> [String: Any]? {
    guard let data = FileManager.default.contents(atPath: cacheDir + "/.\(widget).state.json") else { return nil }
    return try? JSONSerialization.jsonObject(with: data) as? [String: Any]
  }

  /// The cache file's bytes.
  func cache(_ widget: String = "avalanche") -> Data? {
    FileManager.default.contents(atPath: cacheDir + "/\(widget).json")
  }

  /// The cached timeline.
  func timelineFile(_ widget: String = "avalanche") throws -> Timeline {
    try CacheReader.timeline(path: cacheDir + "/\(widget).json")
  }

  /// `timeline-emit FORMAT WIDGET [--at TIME]` with this cache directory.
  func emit(_ format: String, _ widget: String = "avalanche", at: Int64? = nil, extra: [String] = []) throws -> String {
    var argv = [format, widget] + extra
    if let at { argv += ["--at", ISOTime.format(at)] }
    let ran = try run(emitter, argv, environment: ["TIMELINE_CACHE_DIR": cacheDir], timeout: 30)
    guard ran.status == 0 else { throw TestSupportError("timeline-emit \(argv) exited \(ran.status): \(ran.stderr)") }
    return ran.stdout
  }

  /// An instant past the cached timeline's due time plus its grace: bars mark it stale.
  func staleInstant() throws -> Int64 {
    let timeline = try timelineFile()
    let due = try #require(timeline.due)
    return due + timeline.grace + 60
  }
}

/// Figures for docs/reliability.md. When `TIMELINE_RELIABILITY_REPORT` names a file (as
/// scripts/reliability does), each measured case appends one JSON line to it; otherwise
/// nothing is written.
enum Report {
  static func add(_ table: String, _ row: [String: Any]) {
    guard let path = ProcessInfo.processInfo.environment["TIMELINE_RELIABILITY_REPORT"], !path.isEmpty else { return }
    var object = row
    object["table"] = table
    guard var line = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return }
    line.append(0x0A)
    let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
    guard fd >= 0 else { return }
    defer { close(fd) }
    _ = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
  }
}

/// A TCP port on 127.0.0.1 that nothing listens on (bound, then released).
func closedPort() throws -> Int {
  let ran = try run(
    "/usr/bin/env",
    ["python3", "-c", "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])"])
  guard let port = Int(ran.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) else {
    throw TestSupportError("no free port: \(ran.stderr)")
  }
  return port
}

/// The value of waybar's `text`, without our own Pango tags.
func waybarText(_ line: String) -> String {
  guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
    let text = object["text"] as? String
  else { return "(not JSON)" }
  return text.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
}

/// waybar's `class` array.
/// The tooltip of a waybar JSON line, decoded.
func waybarTooltip(_ line: String) -> String {
  guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
    return "(not JSON)"
  }
  return object["tooltip"] as? String ?? ""
}

func waybarClasses(_ line: String) -> [String] {
  guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return [] }
  return object["class"] as? [String] ?? []
}

/// Peak resident set size, in KiB, of a command run under /usr/bin/time (nil without it).
func peakRSS(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> (RunResult, Int?) {
  guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else {
    return (try run(executable, arguments, environment: environment), nil)
  }
  let marker = "RSS-KB:"
  var ran = try run("/usr/bin/time", ["-f", marker + "%M", executable] + arguments, environment: environment)
  var rss: Int?
  var kept: [Substring] = []
  for line in ran.stderr.split(separator: "\n", omittingEmptySubsequences: false) {
    if line.hasPrefix(marker) { rss = Int(line.dropFirst(marker.count)) } else { kept.append(line) }
  }
  ran.stderr = kept.joined(separator: "\n")
  return (ran, rss)
}
