import ArgumentParser
@preconcurrency import Glibc
import Platform
import Providers
import TimelineCore
import TimelineKit

/// The CLI's failures, which become exit statuses (`ExitStatus`) here and in
/// `TimelineCommand.main`: `failure` for a failed refresh, `usage` for usage and config
/// errors (argument-parser's own usage errors, 64 by default, included).
enum CommandFailure: Error, CustomStringConvertible {
  case config(String)
  case failed(String)

  var description: String {
    switch self {
    case .config(let message), .failed(let message): message
    }
  }
}

enum Console {
  /// Writes a report line to stderr. A failed write (a full disk, a closed descriptor, a
  /// journal that restarted and left a broken stream) is ignored: the report is lost, the
  /// work and the exit status are not. (Foundation's FileHandle traps on such a write.)
  static func error(_ line: String) {
    Output(fd: 2).write(line + "\n")
  }

  /// Run first: SIGPIPE ignored, so a reader that has gone is an error on the write, not
  /// death; and 0, 1 and 2 open (on /dev/null when closed), so that no file we open later
  /// is taken for a standard stream and receives a report line. And one malloc arena
  /// (`MallocArenas`), before any thread starts.
  static func prepare() {
    MallocArenas.limitToOne()
    signal(SIGPIPE, SIG_IGN)
    for fd in Int32(0)...2 where fcntl(fd, F_GETFD) < 0 {
      _ = open("/dev/null", O_RDWR)
    }
  }

  /// (`@preconcurrency`: stdio's `stdout` is a C global, only touched here at exit.)
  /// Flushes standard output and ends the process with `status`; when the output could
  /// not be written (a full disk, an I/O error), says so and exits 1 instead of 0, so a
  /// script can tell its output was lost. A reader that has gone (EPIPE: `timeline show W
  /// | head -3`) is a normal end, as for `cat`: no message, and `status` as it was.
  static func finish(_ status: Int32) -> Never {
    var status = status
    if fflush(stdout) != 0 || ferror(stdout) != 0 {
      let code = errno
      // An earlier write may have failed and errno moved on since: ask the pipe too.
      if code == EPIPE || Output(fd: 1).readerHasGone { exit(status) }
      let reason = String(cString: strerror(code))
      if status == 0 {
        error("timeline: cannot write the output: \(reason)")
        status = 1
      }
    }
    exit(status)
  }
}

extension AsyncParsableCommand {
  /// Runs `body`, printing a `CommandFailure` (or a `ConfigError`, a usage error) and
  /// exiting with its status.
  func exiting(_ body: () async throws -> Int32) async throws {
    // Under a file size limit (ulimit -f) a write past it raises SIGXFSZ, which kills by
    // default; ignored, the write fails with EFBIG and is reported like any write error.
    signal(SIGXFSZ, SIG_IGN)
    do {
      let status = try await body()
      if status != 0 { throw ExitCode(status) }
    } catch let failure as CommandFailure {
      Console.error("timeline: \(failure)")
      if case .config = failure { throw ExitCode(ExitStatus.usage) }
      throw ExitCode(ExitStatus.failure)
    } catch let error as ConfigError {
      Console.error("timeline: \(error.description)")
      throw ExitCode(ExitStatus.usage)
    }
  }
}
