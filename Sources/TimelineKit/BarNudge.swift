import Glibc
import Platform
import Providers
import Spawning
import TimelineCache

/// After `timeline reload` has refreshed the cache, tells every running bar of this user
/// (waybar, polybar, tmux) to redraw now (docs/reload.md). A bar that is absent is a line of
/// output, never an error.
public struct BarNudge: Sendable {
  /// One bar's result.
  public struct Report: Sendable, Equatable {
    var bar: String
    /// Whether something was actually nudged.
    var nudged: Bool
    /// What happened, for one line of output.
    var message: String

    /// `bar: message`.
    public var line: String { "\(bar): \(message)" }
  }

  var bars: BarsConfig
  /// Injected so tests can point it at their own bars.
  var environment: @Sendable (String) -> String?
  /// Whose bars: tmux servers and processes of this user only.
  var uid: uid_t

  /// A nudge of this user's bars.
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
    // Without XDG_RUNTIME_DIR (cron, sudo), polybar-msg would miss the bars' sockets there.
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

  static func sockets(in directory: String) -> [String] {
    CacheStore(directory: directory).names().map { directory + "/" + $0 }.filter { path in
      var info = stat()
      return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFSOCK
    }.sorted()
  }
}

/// Runs a helper program (pkill, tmux, fc-list, systemctl …) and captures its output: no
/// shell, stdin /dev/null, killed past `timeout` seconds.
enum ExternalProgram {
  /// Status 127 means the program could not be started, 124 that it timed out.
  struct Result: Sendable, Equatable {
    var status: Int32
    var stdout: String
    var stderr: String

    /// The first non-empty line of stderr, else of stdout, else `fallback`.
    func firstLine(or fallback: String) -> String {
      for text in [stderr, stdout] {
        if let line = text.split(separator: "\n").first(where: { !$0.allSatisfy(\.isWhitespace) }) {
          return String(line.prefix(200))
        }
      }
      return fallback
    }
  }

  /// The full path of `name` in `path` (colon-separated), if it is an executable file.
  static func find(_ name: String, path: String) -> String? {
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

  /// Runs `argv` (argv[0] a path or a name looked up in PATH) with `environment` added to ours.
  static func run(_ argv: [String], environment: [String: String] = [:], timeout: Int = 10) -> Result {
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
