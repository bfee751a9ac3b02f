import Glibc
import TimelineCore

/// Runs a program without a shell, in its own process group, with a deadline. Output is
/// read with poll(2) so a child that never closes its pipes cannot hang a refresh: at the
/// deadline the whole group gets SIGTERM, then SIGKILL.
enum Subprocess {
  struct Result {
    var status: Int32
    var stdout: [UInt8]
    var stderr: [UInt8]
    var timedOut: Bool
    var overflow: Bool
  }

  static func run(_ argv: [String], timeout: Int, maxOutput: Int = 5 << 20) throws -> Result {
    guard let program = argv.first, !program.isEmpty else { throw ProviderError.config("command is empty") }
    var outPipe: [Int32] = [0, 0]
    var errPipe: [Int32] = [0, 0]
    guard pipe(&outPipe) == 0, pipe(&errPipe) == 0 else { throw ProviderError("cannot create a pipe") }
    // Close-on-exec keeps our read ends out of the child; dup2 clears it on the copies.
    for fd in outPipe + errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))
    posix_spawnattr_setpgroup(&attributes, 0)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigdefault(&attributes, &all)

    var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    defer { for arg in cArgs { free(arg) } }
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, program, &actions, &attributes, &cArgs, environ)
    close(outPipe[1])
    close(errPipe[1])
    defer {
      close(outPipe[0])
      close(errPipe[0])
    }
    guard spawned == 0 else {
      throw ProviderError("cannot run \(program): \(String(cString: strerror(spawned)))", isConfig: false)
    }
    var result = Result(status: 0, stdout: [], stderr: [], timedOut: false, overflow: false)
    let deadline = monotonicMillis() + Int64(timeout) * 1000
    var open = [outPipe[0], errPipe[0]]
    var buffer = [UInt8](repeating: 0, count: 65536)
    while !open.isEmpty {
      let left = deadline - monotonicMillis()
      if left <= 0 {
        result.timedOut = true
        break
      }
      var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      let ready = poll(&fds, nfds_t(fds.count), Int32(Swift.min(left, 1000)))
      if ready < 0 && errno != EINTR { break }
      for fd in fds where fd.revents != 0 {
        let n = read(fd.fd, &buffer, buffer.count)
        if n <= 0 {
          open.removeAll { $0 == fd.fd }
          continue
        }
        if fd.fd == outPipe[0] {
          result.stdout.append(contentsOf: buffer[0..<n])
          if result.stdout.count > maxOutput { result.overflow = true }
        } else if result.stderr.count < 4096 {
          result.stderr.append(contentsOf: buffer[0..<n])
        }
      }
      if result.overflow { break }
    }
    if result.timedOut || result.overflow {
      kill(-pid, SIGTERM)
      usleep(200_000)
      kill(-pid, SIGKILL)
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    // WIFEXITED/WEXITSTATUS are macros Swift cannot import.
    let signalled = status & 0x7f
    result.status = signalled == 0 ? (status >> 8) & 0xff : 128 + signalled
    return result
  }

  private static func monotonicMillis() -> Int64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
  }
}
