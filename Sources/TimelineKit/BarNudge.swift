import Glibc
import Platform
import Providers
import Spawning
import TimelineCache

/// After `timeline reload` has refreshed the cache, tells every running bar of this user to
/// redraw now instead of at its next interval. Each bar is nudged only if it is found;
/// a bar that is absent is a line of output, never an error.
///
/// - waybar: `pkill -x -u UID -RTMIN+N waybar` when `[bars] waybar_signal = N` (`-x`: only
///   processes named exactly `waybar`; an unhandled real-time signal kills).
/// - polybar: `polybar-msg action "#MODULE.hook.0"` for each `[bars] polybar_modules`
///   entry (custom/ipc modules), with `XDG_RUNTIME_DIR=/run/user/UID` when it is unset
///   (cron, some sudo setups): polybar-msg finds the bars' sockets there (then without it,
///   for bars that were started without it: /tmp/polybar-UID).
/// - tmux: `tmux -S SOCKET refresh-client -S -t CLIENT` for every client of every server
///   socket in `${TMUX_TMPDIR:-/tmp}/tmux-UID/`; `-S` also re-runs `#()` commands.
///
/// Modules that run `timeline-emit --follow` (waybar without interval, polybar
/// `tail = true`) watch the cache and need no nudge.
public struct BarNudge: Sendable {
  /// One bar's result.
  public struct Report: Sendable, Equatable {
    /// `waybar`, `polybar` or `tmux`.
    public var bar: String
    /// Whether something was actually nudged.
    public var nudged: Bool
    /// What happened, for one line of output.
    public var message: String

    /// Creates a result.
    public init(bar: String, nudged: Bool, message: String) {
      self.bar = bar
      self.nudged = nudged
      self.message = message
    }

    /// `bar: message`.
    public var line: String { "\(bar): \(message)" }
  }

  /// Which bars to nudge.
  public var bars: BarsConfig
  /// The environment, injected so tests can point it at their own bars.
  public var environment: @Sendable (String) -> String?
  /// Whose bars: tmux servers and processes of this user only.
  public var uid: uid_t

  /// Creates a nudge for these bars.
  public init(
    bars: BarsConfig, environment: @escaping @Sendable (String) -> String? = Environment.get, uid: uid_t = geteuid()
  ) {
    self.bars = bars
    self.environment = environment
    self.uid = uid
  }

  /// Nudges waybar, polybar and tmux, in that order.
  public func run() -> [Report] {
    [waybar(), polybar(), tmux()]
  }

  /// The PATH lookups use the caller's PATH.
  var path: String { environment("PATH") ?? "/usr/local/bin:/usr/bin:/bin" }

  func waybar() -> Report {
    guard let signal = bars.waybarSignal else {
      return Report(
        bar: "waybar", nudged: false,
        message: "not nudged: no [bars] waybar_signal (--follow modules update from the cache by themselves)")
    }
    guard let pkill = ExternalProgram.find("pkill", path: path) else {
      return Report(bar: "waybar", nudged: false, message: "not nudged: pkill not found (install procps)")
    }
    let result = ExternalProgram.run([pkill, "-x", "-u", String(uid), "-RTMIN+\(signal)", "waybar"])
    switch result.status {
    case 0: return Report(bar: "waybar", nudged: true, message: "sent SIGRTMIN+\(signal)")
    case 1: return Report(bar: "waybar", nudged: false, message: "not running")
    default:
      return Report(
        bar: "waybar", nudged: false, message: "pkill failed: \(result.firstLine(or: "status \(result.status)"))")
    }
  }

  func polybar() -> Report {
    guard !bars.polybarModules.isEmpty else {
      return Report(
        bar: "polybar", nudged: false,
        message: "not nudged: no [bars] polybar_modules (tail = true modules update from the cache by themselves)")
    }
    guard let msg = ExternalProgram.find("polybar-msg", path: path) else {
      return Report(bar: "polybar", nudged: false, message: "not running (polybar-msg not found)")
    }
    // polybar-msg looks for the bars' sockets in $XDG_RUNTIME_DIR/polybar, else in
    // /tmp/polybar-UID. A bar started in a desktop session has XDG_RUNTIME_DIR set; cron
    // and some sudo setups lack it, so derive it, then try polybar-msg's own fallback.
    var attempts: [[String: String]] = [[:]]
    let runtime = "/run/user/\(uid)"
    if (environment("XDG_RUNTIME_DIR") ?? "").isEmpty, access(runtime, F_OK) == 0 {
      attempts.insert(["XDG_RUNTIME_DIR": runtime], at: 0)
    }
    var done: [String] = []
    var problem: String?
    for extra in attempts where done.isEmpty {
      for module in bars.polybarModules {
        let result = ExternalProgram.run([msg, "action", "#\(module).hook.0"], environment: extra)
        if result.status == 0 {
          done.append(module)
        } else if problem == nil {
          problem = result.firstLine(or: "status \(result.status)")
        }
      }
    }
    if done.isEmpty {
      // polybar-msg says "No active ipc channels" when no bar runs with enable-ipc.
      return Report(bar: "polybar", nudged: false, message: "not running (\(problem ?? "no answer"))")
    }
    return Report(
      bar: "polybar", nudged: true, message: "ran hook 0 of " + done.map { "#\($0)" }.joined(separator: ", "))
  }

  /// The directory holding this user's tmux server sockets.
  var tmuxDirectory: String {
    let base = environment("TMUX_TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    return (base.hasSuffix("/") ? String(base.dropLast()) : base) + "/tmux-\(uid)"
  }

  func tmux() -> Report {
    guard bars.tmux else { return Report(bar: "tmux", nudged: false, message: "not nudged: [bars] tmux = false") }
    let sockets = Self.sockets(in: tmuxDirectory)
    guard !sockets.isEmpty else { return Report(bar: "tmux", nudged: false, message: "not running") }
    guard let tmux = ExternalProgram.find("tmux", path: path) else {
      return Report(bar: "tmux", nudged: false, message: "not nudged: tmux not found on PATH")
    }
    // Every server at once, each tmux call bounded: a server that never answers (stopped,
    // or a socket nobody serves) costs the bound once, not once per socket in turn.
    let bound = Self.tmuxTimeout
    let found = Concurrently.map(sockets) { socket -> (String, Int)? in
      let list = ExternalProgram.run([tmux, "-S", socket, "list-clients", "-F", "#{client_name}"], timeout: bound)
      // A socket left behind by a server that has gone: nothing to nudge.
      guard list.status == 0 else { return nil }
      let names = list.stdout.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
      let refreshed = Concurrently.map(names) {
        ExternalProgram.run([tmux, "-S", socket, "refresh-client", "-S", "-t", $0], timeout: bound).status == 0
      }.filter { $0 }.count
      let label = socket.split(separator: "/").last.map(String.init) ?? socket
      return ("\(label) (\(refreshed) client\(refreshed == 1 ? "" : "s"))", refreshed)
    }.compactMap { $0 }
    let parts = found.map(\.0)
    let clients = found.reduce(0) { $0 + $1.1 }
    guard !parts.isEmpty else { return Report(bar: "tmux", nudged: false, message: "not running (only stale sockets)") }
    let servers = "server\(parts.count == 1 ? "" : "s") " + parts.joined(separator: ", ")
    guard clients > 0 else { return Report(bar: "tmux", nudged: false, message: "no client attached (\(servers))") }
    return Report(bar: "tmux", nudged: true, message: "refreshed the status line of \(servers)")
  }

  /// Seconds each tmux call may take: a live server answers in milliseconds.
  static let tmuxTimeout = 3

  /// The Unix sockets directly in `directory`, sorted.
  static func sockets(in directory: String) -> [String] {
    guard let dir = opendir(directory) else { return [] }
    defer { closedir(dir) }
    var out: [String] = []
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name == "." || name == ".." { continue }
      let full = directory + "/" + name
      var info = stat()
      if lstat(full, &info) == 0, info.st_mode & S_IFMT == S_IFSOCK { out.append(full) }
    }
    return out.sorted()
  }
}

/// Runs a helper program (pkill, polybar-msg, tmux, pkg-config, fc-list, systemctl,
/// crontab) and captures its output. No shell is involved; stdin is /dev/null; a program
/// that does not finish within `timeout` seconds is killed.
public enum ExternalProgram {
  /// What a run produced. Status 127 means the program could not be started.
  public struct Result: Sendable, Equatable {
    /// The exit status.
    public var status: Int32
    /// Standard output.
    public var stdout: String
    /// Standard error.
    public var stderr: String

    /// The first non-empty line of stderr, else of stdout, else `fallback`.
    public func firstLine(or fallback: String) -> String {
      for text in [stderr, stdout] {
        if let line = text.split(separator: "\n").first(where: { !$0.allSatisfy(\.isWhitespace) }) {
          return String(line.prefix(200))
        }
      }
      return fallback
    }
  }

  /// The full path of `name` in `path` (colon-separated), if it is an executable file.
  public static func find(_ name: String, path: String) -> String? {
    if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
    for dir in path.split(separator: ":", omittingEmptySubsequences: true) {
      let candidate = dir + "/" + name
      var info = stat()
      if stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 {
        return candidate
      }
    }
    return nil
  }

  /// Runs `argv` (argv[0] a path or a name looked up in PATH) with `environment` added to
  /// ours. Status 124 means it timed out, 127 that it could not be started.
  public static func run(_ argv: [String], environment: [String: String] = [:], timeout: Int = 10) -> Result {
    do {
      let result = try Subprocess.run(argv, environment: environment, timeout: Double(timeout), maxOutput: 1 << 20)
      return Result(
        status: result.timedOut ? 124 : result.status, stdout: String(decoding: result.stdout, as: UTF8.self),
        stderr: String(decoding: result.stderr, as: UTF8.self))
    } catch {
      return Result(status: 127, stdout: "", stderr: "\(error)")
    }
  }
}
