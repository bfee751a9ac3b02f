import Glibc
import TimelineCore

/// Runs a program without a shell: the one place the package spawns processes (the
/// `command` kind, bar nudges, the tests' runner).
///
/// The child gets a clean signal state and its own process group. The deadline covers the
/// whole run, the exit included: its output is read with poll(2) while its exit is
/// watched, and at the deadline the whole group gets SIGTERM, then SIGKILL, so a child
/// that never closes its pipes or never exits cannot hang a refresh. Whatever the child
/// leaves running in its group is stopped the same way when it exits (ProcessGroups).
public enum Subprocess {
  /// What the program printed and how it ended.
  public struct Result: Sendable {
    /// The exit status, 128 + the signal if it was killed.
    public var status: Int32
    /// The signal that ended it, if one did (`status` alone cannot tell `exit 139` from a
    /// SIGSEGV).
    public var signal: Int32?
    /// What it wrote to standard output (at most `maxOutput` bytes).
    public var stdout: [UInt8]
    /// What it wrote to standard error.
    public var stderr: [UInt8]
    /// It ran past the deadline and was stopped.
    public var timedOut: Bool
    /// Standard output went past `maxOutput`; the program was stopped.
    public var overflow: Bool
    /// The program exited, but something it started kept its output open past
    /// `lingerMillis` (a daemon that inherited the pipes); the output may be incomplete.
    public var heldOpen: Bool
  }

  // Foundation-free access to pipe2(2), which Glibc's module map leaves out: the pipe
  // must be close-on-exec from birth, or a child spawned by another thread in between
  // inherits it and our reader waits for that child's exit.
  @_silgen_name("pipe2")
  static func pipe2(_ fds: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32

  /// Runs `argv` (argv[0] a path or a name looked up in PATH) with `environment` added
  /// to this process's, and waits at most `timeout` seconds for its output and its exit.
  public static func run(
    _ argv: [String], environment: [String: String] = [:], timeout: Double, maxOutput: Int = 5 << 20
  ) throws -> Result {
    guard argv.first?.isEmpty == false else { throw ProviderError.config("command is empty") }
    var outPipe: [Int32] = [0, 0]
    var errPipe: [Int32] = [0, 0]
    guard pipe2(&outPipe, O_CLOEXEC) == 0 else { throw Self.pipeFailure() }
    guard pipe2(&errPipe, O_CLOEXEC) == 0 else {
      let failure = Self.pipeFailure()
      close(outPipe[0])
      close(outPipe[1])
      throw failure
    }
    let spawned = Swift.Result(catching: {
      try spawn(argv, environment: environment, stdout: .descriptor(outPipe[1]), stderr: .descriptor(errPipe[1]))
    })
    close(outPipe[1])
    close(errPipe[1])
    defer {
      close(outPipe[0])
      close(errPipe[0])
    }
    let pid: pid_t
    do {
      pid = try spawned.get()
    } catch let error as SpawnError {
      throw ProviderError(error.description, isShortage: isShortage(error.code))
    }
    ProcessGroups.register(pid)
    defer { ProcessGroups.unregister(pid) }
    var result = Result(status: 0, stdout: [], stderr: [], timedOut: false, overflow: false, heldOpen: false)
    let seconds = timeout.isNaN ? 0 : Swift.min(Swift.max(timeout, 0), 86_400)
    let deadline = Clocks.monotonicMillis() + Int64((seconds * 1000).rounded())
    let exited = watch(pid, out: outPipe[0], err: errPipe[0], into: &result, until: deadline, maxOutput: maxOutput)
    if !exited { ProcessGroups.stop(pid, leaderReaped: false) }
    let exit = wait(pid)
    result.status = exit?.status ?? 128 + SIGKILL
    result.signal = exit == nil ? SIGKILL : exit?.signal
    // Whatever else the program left in its group goes with it.
    if exited { ProcessGroups.stop(pid, leaderReaped: true) }
    return result
  }

  /// "cannot create a pipe" and why, from errno (EMFILE: the descriptor limit), marked a
  /// shortage when it is one.
  static func pipeFailure() -> ProviderError {
    let code = errno
    return ProviderError("cannot create a pipe: " + String(cString: strerror(code)), isShortage: isShortage(code))
  }

  /// Whether `code` (an errno of pipe2 or posix_spawn) says the system is short of
  /// something, for now, rather than that the program cannot run: too many open files in
  /// the process (EMFILE) or the system (ENFILE), too many processes (EAGAIN), no memory.
  public static func isShortage(_ code: Int32) -> Bool {
    code == EMFILE || code == ENFILE || code == EAGAIN || code == ENOMEM
  }

  /// How long output pipes may stay open after the program exited: a background process
  /// that inherited them (`setsid prog &`) would otherwise keep us reading until the deadline.
  static let lingerMillis: Int64 = 1000

  /// Reads both pipes until they close and the program has exited, or until the deadline,
  /// the output cap or the linger after the exit. True when the program has exited (it is
  /// then a zombie, not yet reaped, so its group number stays reserved).
  private static func watch(
    _ pid: pid_t, out: Int32, err: Int32, into result: inout Result, until deadline: Int64, maxOutput: Int
  ) -> Bool {
    var open = [out, err]
    var buffer = [UInt8](repeating: 0, count: 65536)
    var exitedAt: Int64?
    while true {
      let now = Clocks.monotonicMillis()
      if exitedAt == nil && hasExited(pid) { exitedAt = now }
      if open.isEmpty, exitedAt != nil { return true }
      if now >= deadline {
        result.timedOut = exitedAt == nil
        result.heldOpen = exitedAt != nil
        return exitedAt != nil
      }
      if let exitedAt, now - exitedAt >= lingerMillis {
        result.heldOpen = true
        return true
      }
      // Short slices until the exit is seen: nothing signals it on the pipes.
      let slice = Int32(Swift.min(deadline - now, exitedAt == nil ? 50 : lingerMillis))
      if open.isEmpty {
        usleep(UInt32(slice) * 1000)
        continue
      }
      var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      if poll(&fds, nfds_t(fds.count), slice) < 0 && errno != EINTR { return exitedAt != nil }
      for fd in fds where fd.revents != 0 {
        let n = Glibc.read(fd.fd, &buffer, buffer.count)
        if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
        if n <= 0 {
          open.removeAll { $0 == fd.fd }
        } else if fd.fd == out {
          result.stdout.append(contentsOf: buffer[0..<n])
          if result.stdout.count > maxOutput {
            result.overflow = true
            return false
          }
        } else if result.stderr.count < 65536 {
          result.stderr.append(contentsOf: buffer[0..<n])
        }
      }
    }
  }

  /// Whether `pid` has exited, without reaping it (WNOWAIT).
  private static func hasExited(_ pid: pid_t) -> Bool {
    var info = siginfo_t()
    guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 else { return false }
    return info._sifields._sigchld.si_pid == pid
  }

  static func mergedEnvironment(_ extra: [String: String]) -> [String] {
    var env: [String] = []
    var index = 0
    while let item = environ[index] {
      let entry = String(cString: item)
      let key = entry.split(separator: "=", maxSplits: 1).first.map(String.init) ?? entry
      if extra[key] == nil { env.append(entry) }
      index += 1
    }
    for (key, value) in extra.sorted(by: { $0.key < $1.key }) { env.append("\(key)=\(value)") }
    return env
  }
}
