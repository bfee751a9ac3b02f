import Foundation
import TimelineTestSupport

/// Where the programs under test and the files of integrations/ are.
enum Repo {
  static let root = Paths.repo
  static func file(_ relative: String) -> String { root + "/" + relative }
  static func text(_ relative: String) throws -> String { try String(contentsOfFile: file(relative), encoding: .utf8) }
  static var timeline: String { Paths.binary("timeline") }
  static var emit: String { Paths.binary("timeline-emit") }
}

/// A program on PATH, or nil (tests that need it are skipped with a message).
func which(_ name: String) -> String? {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
  for dir in path.split(separator: ":") {
    let candidate = "\(dir)/\(name)"
    if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
  }
  return nil
}

/// JSONC as waybar reads it: `//` and `/* */` comments outside strings removed.
func stripJSONComments(_ text: String) -> String {
  var out = ""
  var chars = Array(text)
  var i = 0
  var inString = false
  chars.append("\n")
  while i < chars.count - 1 {
    let c = chars[i]
    if inString {
      out.append(c)
      if c == "\\" {
        out.append(chars[i + 1])
        i += 2
        continue
      }
      if c == "\"" { inString = false }
      i += 1
      continue
    }
    if c == "\"" {
      inString = true
      out.append(c)
      i += 1
    } else if c == "/" && chars[i + 1] == "/" {
      while i < chars.count && chars[i] != "\n" { i += 1 }
    } else if c == "/" && chars[i + 1] == "*" {
      i += 2
      while i < chars.count - 1 && !(chars[i] == "*" && chars[i + 1] == "/") { i += 1 }
      i += 2
    } else {
      out.append(c)
      i += 1
    }
  }
  return out
}

/// The widget names of the embedded default config (`timeline config --default`).
func defaultWidgets() throws -> [String] {
  let result = try run(Repo.timeline, ["config", "--default"])
  return widgetNames(inTOML: result.stdout)
}

/// `[widgets.NAME]` table names in TOML text.
func widgetNames(inTOML text: String) -> [String] {
  text.split(separator: "\n").compactMap { line in
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    guard trimmed.hasPrefix("[widgets."), let close = trimmed.firstIndex(of: "]") else { return nil }
    return String(trimmed[trimmed.index(trimmed.startIndex, offsetBy: 9)..<close])
  }
}

/// A config file with one `command` widget running examples/countdown.sh.
func countdownConfig(in dir: TempDir, target: String, label: String = "Launch", extra: String = "") throws -> String {
  try dir.write(
    "config.toml",
    """
    \(extra)
    [widgets.countdown]
    kind = "command"
    command = ["\(Repo.file("examples/countdown.sh"))", "\(target)", "\(label)"]

    """)
}

/// An ISO 8601 UTC time `days` from now.
func isoDate(daysFromNow days: Double) -> String {
  let formatter = ISO8601DateFormatter()
  formatter.formatOptions = [.withInternetDateTime]
  return formatter.string(from: Date().addingTimeInterval(days * 86_400))
}

/// The environment every test program gets: no user config, no tmux of the caller.
func isolated(_ dir: TempDir, _ extra: [String: String] = [:]) -> [String: String] {
  var env = [
    "XDG_CONFIG_HOME": dir.file("xdg-config"), "XDG_CACHE_HOME": dir.file("xdg-cache"),
    "TIMELINE_CONFIG": "", "TMUX_TMPDIR": dir.path, "TMUX": "",
  ]
  env.merge(extra) { $1 }
  return env
}

/// A private pair of tmux servers in `dir` (TMUX_TMPDIR): the inner one draws a status
/// line for a client attached from a pane of the outer one, whose pane we capture —
/// `capture-pane` never includes a server's own status line, and `#()` jobs run only for
/// an attached client (the approach of shared/tools/bar-shot-tmux).
final class TmuxPair: @unchecked Sendable {
  let tmux: String
  let dir: TempDir
  let inner: String
  let outer: String
  let width = 120
  let environment: [String: String]

  init(tmux: String, dir: TempDir, environment: [String: String] = [:]) {
    self.tmux = tmux
    self.dir = dir
    let tag = "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    inner = "integ-in-\(tag)"
    outer = "integ-out-\(tag)"
    var env = environment
    env["TMUX_TMPDIR"] = dir.path
    self.environment = env
  }

  /// `tmux -L socket -f /dev/null ARGS`, outside any tmux of the caller.
  @discardableResult
  func run(_ socket: String, _ arguments: [String]) throws -> RunResult {
    try TimelineTestSupport.run("/usr/bin/env", ["-u", "TMUX", tmux, "-L", socket, "-f", "/dev/null"] + arguments, environment: environment)
  }

  /// Starts the inner server (status line emptied but for status-right) and `setup`.
  func startInner(_ setup: [[String]]) throws {
    try run(inner, ["new-session", "-d", "-s", "t", "-x", "\(width)", "-y", "4", "exec sleep 100000"])
    for option in [
      ["status", "on"], ["status-left", ""], ["status-right-length", "\(width)"],
      ["window-status-format", ""], ["window-status-current-format", ""], ["window-status-separator", ""],
    ] + setup {
      try run(inner, ["set", "-g"] + option)
    }
  }

  /// Attaches a client to the inner server from the outer server's pane.
  func attach() throws {
    let env = environment.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " ")
    try run(outer, [
      "new-session", "-d", "-s", "o", "-x", "\(width)", "-y", "4",
      "env -u TMUX \(env) \(tmux) -u -L \(inner) -f /dev/null attach -t t",
    ])
  }

  /// The inner status line as the attached client shows it (the outer pane's last line).
  func statusLine() throws -> String {
    let result = try run(outer, ["capture-pane", "-p", "-t", "o"])
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    return lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
  }

  /// Polls the status line until `predicate` holds or `seconds` pass; returns the last one.
  func waitForStatus(seconds: Double = 10, _ predicate: (String) -> Bool) throws -> String {
    let deadline = Date().addingTimeInterval(seconds)
    var line = ""
    while Date() < deadline {
      line = try statusLine()
      if predicate(line) { return line }
      usleep(200_000)
    }
    return line
  }

  func stop() {
    for socket in [outer, inner] {
      let pid = (try? run(socket, ["display", "-p", "#{pid}"]))?.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
      _ = try? run(socket, ["kill-server"])
      if let pid, let number = Int32(pid) { kill(number, SIGKILL) }
      try? FileManager.default.removeItem(atPath: "\(dir.path)/tmux-\(geteuid())/\(socket)")
    }
  }
}
