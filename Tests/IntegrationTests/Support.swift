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
  isoDate(Date().addingTimeInterval(days * 86_400))
}

/// `date` as an ISO 8601 UTC time, in whole seconds.
func isoDate(_ date: Date) -> String {
  let formatter = ISO8601DateFormatter()
  formatter.formatOptions = [.withInternetDateTime]
  return formatter.string(from: date)
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
