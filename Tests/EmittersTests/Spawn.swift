import Foundation

/// posix_spawn without Foundation's Process: the child gets an empty signal mask and
/// default dispositions (test runner threads block most signals, and a blocked mask is
/// inherited across exec), and we reap it ourselves with waitpid.
enum Spawn {
  /// Starts `path` with stdin from /dev/null and stdout/stderr on the given descriptors
  /// (or files). Returns the pid, or -1.
  static func start(
    _ path: String, _ arguments: [String], environment: [String: String] = [:],
    stdout: Redirect, stderr: Redirect
  ) -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    for (fd, redirect) in [(Int32(1), stdout), (2, stderr)] {
      switch redirect {
      case .file(let file): posix_spawn_file_actions_addopen(&actions, fd, file, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
      case .descriptor(let other): posix_spawn_file_actions_adddup2(&actions, other, fd)
      }
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let env = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0.key)=\($0.value)" }
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = env.map { strdup($0) } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = -1
    guard posix_spawn(&pid, path, &actions, &attributes, argv, envp) == 0 else { return -1 }
    return pid
  }

  enum Redirect {
    case file(String)
    case descriptor(Int32)
  }

  /// Waits for `pid`; with a deadline, returns nil if it is still running then.
  static func wait(_ pid: pid_t, within seconds: Double? = nil) -> (status: Int32, signalled: Bool)? {
    let deadline = seconds.map { Date().addingTimeInterval($0) }
    var status: Int32 = 0
    while true {
      let result = waitpid(pid, &status, deadline == nil ? 0 : WNOHANG)
      if result == pid { break }
      if result < 0 && errno != EINTR { return nil }
      if let deadline, Date() >= deadline { return nil }
      if deadline != nil { usleep(10_000) }
    }
    let signal = status & 0x7F
    return signal == 0 ? ((status >> 8) & 0xFF, false) : (signal, true)
  }
}
