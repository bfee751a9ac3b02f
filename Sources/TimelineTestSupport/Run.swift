import Foundation

/// What a program printed and how it ended.
public struct RunResult: Sendable, CustomStringConvertible {
  public var status: Int32
  public var stdout: String
  public var stderr: String
  public var description: String { "status \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }
}

/// Runs a program with posix_spawn and waits for it with waitpid on its own pid, reading
/// its output until both pipes close or `timeout` seconds pass (then it is killed and the
/// status is 124). Foundation's Process was not used: with tests running in parallel its
/// waitUntilExit sometimes never returns for a `tmux new-session -d` client, which exits
/// at once after forking the server (the client is left a zombie, seen on this machine).
public func run(
  _ executable: String, _ arguments: [String], environment extra: [String: String] = [:], timeout: Double = 120
) throws -> RunResult {
  var env = ProcessInfo.processInfo.environment
  env.merge(extra) { $1 }
  var outPipe: [Int32] = [0, 0]
  var errPipe: [Int32] = [0, 0]
  guard pipe(&outPipe) == 0, pipe(&errPipe) == 0 else { throw TestSupportError("pipe: \(errno)") }
  for fd in outPipe + errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
  posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
  let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
  let envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer {
    argv.forEach { free($0) }
    envp.forEach { free($0) }
  }
  // A clean signal state: the test process blocks signals in some threads, and a tmux
  // server started with SIGCHLD blocked never notices its jobs (#(), run-shell) exit.
  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  var noSignals = sigset_t()
  var allSignals = sigset_t()
  sigemptyset(&noSignals)
  sigfillset(&allSignals)
  posix_spawnattr_setsigmask(&attributes, &noSignals)
  posix_spawnattr_setsigdefault(&attributes, &allSignals)
  posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
  var pid: pid_t = 0
  let spawned = posix_spawnp(&pid, executable, &actions, &attributes, argv, envp)
  close(outPipe[1])
  close(errPipe[1])
  guard spawned == 0 else {
    close(outPipe[0])
    close(errPipe[0])
    throw TestSupportError("\(executable): \(String(cString: strerror(spawned)))")
  }
  var out: [UInt8] = []
  var err: [UInt8] = []
  var fds = [pollfd(fd: outPipe[0], events: Int16(POLLIN), revents: 0), pollfd(fd: errPipe[0], events: Int16(POLLIN), revents: 0)]
  var buffer = [UInt8](repeating: 0, count: 65536)
  let deadline = Date().addingTimeInterval(timeout)
  var timedOut = false
  while fds.contains(where: { $0.fd >= 0 }) {
    if Date() > deadline {
      timedOut = true
      kill(pid, SIGKILL)
      break
    }
    if poll(&fds, nfds_t(fds.count), 100) < 0 && errno != EINTR { break }
    for slot in fds.indices where fds[slot].fd >= 0 && fds[slot].revents != 0 {
      let n = read(fds[slot].fd, &buffer, buffer.count)
      if n > 0 {
        if slot == 0 { out += buffer[0..<n] } else { err += buffer[0..<n] }
      } else if n == 0 || errno != EINTR {
        close(fds[slot].fd)
        fds[slot].fd = -1
      }
    }
  }
  for entry in fds where entry.fd >= 0 { close(entry.fd) }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  let code: Int32 = timedOut ? 124 : (status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f))
  return RunResult(status: code, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
}
