import Glibc
import TimelineCore

/// The one posix_spawn of the package, used by `Subprocess.run`, the `open` launcher and
/// the tests' long-running children. The child gets only descriptors 0, 1 and 2, an empty
/// signal mask and default dispositions: a parent thread's blocked signals are inherited across exec
/// (test runners block most), and a child that cannot be stopped is worse than none.
extension Subprocess {
  /// Where one of the child's standard streams goes.
  public enum Redirect: Sendable {
    case descriptor(Int32)
    case null
  }

  /// How the child is grouped: its own process group (the default, so that it can be
  /// stopped as a whole), or its own session (detached from our terminal and group).
  public enum Grouping: Sendable { case ownGroup, ownSession }

  /// Starts `argv` (argv[0] a path or a name looked up in PATH) with `environment` added
  /// to this process's; returns its pid. Stdin is /dev/null unless a descriptor is given
  /// (a file is for output only). Nothing waits for it: see `wait(_:within:)`.
  public static func spawn(
    _ argv: [String], environment: [String: String] = [:], stdin: Redirect = .null, stdout: Redirect,
    stderr: Redirect, grouping: Grouping = .ownGroup
  ) throws -> pid_t {
    guard let program = argv.first, !program.isEmpty else { throw ProviderError.config("command is empty") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if case .descriptor(let input) = stdin {
      posix_spawn_file_actions_adddup2(&actions, input, 0)
    } else {
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    }
    for (fd, redirect) in [(Int32(1), stdout), (2, stderr)] {
      switch redirect {
      case .descriptor(let other): posix_spawn_file_actions_adddup2(&actions, other, fd)
      case .null: posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", O_WRONLY, 0)
      }
    }
    // Nothing but 0, 1 and 2 reaches the child: descriptors opened without O_CLOEXEC by
    // a library (sockets, event fds) would otherwise live on in every command and in any
    // daemon it starts.
    _ = addCloseFrom(&actions, 3)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    var all = sigset_t()
    sigemptyset(&none)
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
    switch grouping {
    case .ownGroup:
      posix_spawnattr_setpgroup(&attributes, 0)
      flags |= Int32(POSIX_SPAWN_SETPGROUP)
    case .ownSession:
      // POSIX_SPAWN_SETSID (glibc ≥ 2.26); the macro is not imported into Swift.
      flags |= 0x80
    }
    posix_spawnattr_setflags(&attributes, Int16(flags))
    let cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    let cEnv: [UnsafeMutablePointer<CChar>?] = mergedEnvironment(environment).map { strdup($0) } + [nil]
    defer {
      for pointer in cArgs { free(pointer) }
      for pointer in cEnv { free(pointer) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, program, &actions, &attributes, cArgs, cEnv)
    guard spawned == 0 else { throw SpawnError(program: program, code: spawned) }
    return pid
  }

  // posix_spawn_file_actions_addclosefrom_np (glibc ≥ 2.34), which Glibc's module map
  // leaves out.
  @_silgen_name("posix_spawn_file_actions_addclosefrom_np")
  static func addCloseFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ from: Int32) -> Int32

  /// A pipe whose ends are close-on-exec from birth, so no other child inherits them.
  public static func makePipe() throws -> (read: Int32, write: Int32) {
    var fds: [Int32] = [0, 0]
    guard pipe2(&fds, O_CLOEXEC) == 0 else { throw pipeFailure() }
    return (fds[0], fds[1])
  }

  /// Why posix_spawn failed (ENOENT: no such program).
  public struct SpawnError: Error, CustomStringConvertible {
    var program: String
    /// posix_spawn's errno.
    public var code: Int32
    /// "cannot run PROGRAM: REASON", for a refresh report or the CLI.
    public var description: String { "cannot run \(program): \(String(cString: strerror(code)))" }
  }

  /// How a child ended.
  public struct Exit: Sendable, Equatable {
    /// The exit status, or 128 + the signal that ended it.
    public var status: Int32
    /// The signal that ended it, if one did.
    public var signal: Int32?
  }

  /// Waits for `pid` (reaping it); with `within`, gives up after that many seconds and
  /// returns nil.
  public static func wait(_ pid: pid_t, within seconds: Double? = nil) -> Exit? {
    let deadline = seconds.map { Clocks.monotonicMillis() + Int64(Swift.max(0, $0) * 1000) }
    var status: Int32 = 0
    while true {
      let result = waitpid(pid, &status, deadline == nil ? 0 : WNOHANG)
      if result == pid { break }
      if result < 0 && errno != EINTR { return nil }
      if let deadline {
        if Clocks.monotonicMillis() >= deadline { return nil }
        usleep(10_000)
      }
    }
    // WIFEXITED/WEXITSTATUS are macros Swift cannot import.
    let signalled = status & 0x7f
    return signalled == 0
      ? Exit(status: (status >> 8) & 0xff, signal: nil) : Exit(status: 128 + signalled, signal: signalled)
  }
}
