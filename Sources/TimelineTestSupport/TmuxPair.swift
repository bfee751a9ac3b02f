import Foundation

/// A private pair of real tmux servers: the inner one draws the status line under test for
/// a client attached from a pane of the outer one, whose pane is captured. `capture-pane`
/// never includes a server's own status line, and `#()` jobs run only for an attached
/// client (the approach of shared/tools/bar-shot-tmux).
///
/// Both servers use `TMUX_TMPDIR` = `dir` (the test's directory, or one of the pair's own),
/// `-f /dev/null`, and never the caller's tmux. Call `stop()` when done (in a `defer`).
public final class TmuxPair: @unchecked Sendable {
  /// tmux on PATH, or nil (tests that need it are skipped with a message).
  public static let path: String? = {
    let search = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for dir in search.split(separator: ":") {
      let candidate = "\(dir)/tmux"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }()

  /// The tmux binary both servers run.
  public let tmux: String
  /// The socket names (`-L`) of the inner and the outer server.
  public let inner: String
  /// The outer server's socket name.
  public let outer: String
  /// The pane width of both servers, in cells.
  public let width: Int
  /// The pane height of both servers; the inner status line is the outer pane's last row.
  public let height = 4
  /// Added to the environment of every tmux command, and so to the servers' global
  /// environment (what `#()` jobs get) and to the attached inner client's; holds TMUX_TMPDIR.
  public let environment: [String: String]
  private let dir: TempDir
  private let timeout: Double

  /// A pair named `<prefix>-in-…` and `<prefix>-out-…`, with sockets under `dir` (a fresh
  /// directory if nil); each tmux command is killed after `timeout` seconds.
  public init(
    tmux: String, dir: TempDir? = nil, prefix: String = "tmux-pair", width: Int = 120,
    environment: [String: String] = [:], timeout: Double = 20
  ) throws {
    self.tmux = tmux
    self.dir = try dir ?? TempDir()
    let tag = "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    inner = "\(prefix)-in-\(tag)"
    outer = "\(prefix)-out-\(tag)"
    self.width = width
    self.timeout = timeout
    var env = environment
    env["TMUX_TMPDIR"] = self.dir.path
    self.environment = env
  }

  /// `tmux -V`, e.g. "tmux 3.3a" ("?" if it cannot be run).
  public var version: String {
    (try? run(inner, ["-V"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? "?"
  }

  /// `tmux -L socket -f /dev/null ARGS`, outside any tmux of the caller.
  @discardableResult
  public func run(_ socket: String, _ arguments: [String]) throws -> RunResult {
    try TimelineTestSupport.run(
      "/usr/bin/env", ["-u", "TMUX", tmux, "-L", socket, "-f", "/dev/null"] + arguments, environment: environment,
      timeout: timeout)
  }

  /// Starts the inner server with its status line emptied but for status-right, then sets
  /// each of `setup` (`set -g OPTION VALUE`). Returns the results, for tests that check them.
  @discardableResult
  public func startInner(_ setup: [[String]] = []) throws -> (
    session: RunResult, options: [(option: [String], result: RunResult)]
  ) {
    let session = try run(
      inner, ["new-session", "-d", "-s", "t", "-x", "\(width)", "-y", "\(height)", "exec sleep 100000"])
    var options: [(option: [String], result: RunResult)] = []
    for option in [
      ["status", "on"], ["status-left", ""], ["status-right-length", "\(width)"],
      ["window-status-format", ""], ["window-status-current-format", ""], ["window-status-separator", ""],
    ] + setup {
      options.append((option, try run(inner, ["set", "-g"] + option)))
    }
    return (session, options)
  }

  /// Tells the inner server that every terminal takes 24-bit colour, so that `#[fg=#rrggbb]`
  /// arrives as `38;2;r;g;b` in a capture with escapes.
  @discardableResult
  public func enableRGB() throws -> RunResult {
    try run(inner, ["set", "-as", "terminal-features", ",*:RGB"])
  }

  /// Attaches a client to the inner server from the outer server's pane.
  @discardableResult
  public func attach() throws -> RunResult {
    let env = environment.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " ")
    return try run(
      outer,
      [
        "new-session", "-d", "-s", "o", "-x", "\(width)", "-y", "\(height)",
        "env -u TMUX \(env) \(tmux) -u -L \(inner) -f /dev/null attach -t t",
      ])
  }

  /// The inner status line as the attached client shows it. Plain: the outer pane's last
  /// non-blank line. With `escapes`: the pane's last row exactly as `capture-pane -e`
  /// prints it, SGR escapes and newline included.
  public func statusLine(escapes: Bool = false) throws -> String {
    if escapes {
      let row = "\(height - 1)"
      return try run(outer, ["capture-pane", "-p", "-e", "-t", "o", "-S", row, "-E", row]).stdout
    }
    let result = try run(outer, ["capture-pane", "-p", "-t", "o"])
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    return lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
  }

  /// Polls `statusLine(escapes:)` until `predicate` holds or `seconds` pass; returns the
  /// last one read.
  public func waitForStatus(seconds: Double = 10, escapes: Bool = false, _ predicate: (String) -> Bool) throws -> String
  {
    let deadline = Date().addingTimeInterval(seconds)
    var line = ""
    while Date() < deadline {
      line = try statusLine(escapes: escapes)
      if predicate(line) { return line }
      usleep(100_000)
    }
    return line
  }

  /// Ends both servers: kill-server, SIGKILL of the server process in case it lingers, and
  /// removal of the socket file.
  public func stop() {
    for socket in [outer, inner] {
      let pid = (try? run(socket, ["display", "-p", "#{pid}"]))?.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
      _ = try? run(socket, ["kill-server"])
      if let pid, let number = Int32(pid) { kill(number, SIGKILL) }
      try? FileManager.default.removeItem(atPath: "\(dir.path)/tmux-\(geteuid())/\(socket)")
    }
  }
}
