import Glibc

/// The signal side of `--follow`: one self-pipe that the poll loop waits on, written by the
/// handlers of SIGTERM/SIGINT/SIGHUP (stop) and SIGALRM (a POSIX timer on CLOCK_REALTIME
/// with an absolute expiry, which unlike poll()'s timeout fires right after a resume).
enum Wakeups {
  enum Reason { case stop, timer, none }

  /// Sets up the pipe, the handlers and the timer; nil if the kernel refused.
  static func install() -> Int32? {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return nil }
    for fd in fds {
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }
    wakePipe = fds[1]
    ignore(SIGPIPE)
    // Bars nudge their own modules with SIGRTMIN+N, often via a loose `pkill`; the default
    // action of a real-time signal is to terminate, so a follower would die with the bar's
    // nudge. glibc reserves the two below SIGRTMIN for itself: leave those alone.
    for signal in __libc_current_sigrtmin()...__libc_current_sigrtmax() { ignore(signal) }
    // SIGUSR1/SIGUSR2 also terminate by default, and bars and scripts send them loosely
    // (`pkill -USR1 polybar`-style reloads that match more than the bar).
    ignore(SIGUSR1)
    ignore(SIGUSR2)
    var handled = sigset_t()
    sigemptyset(&handled)
    for signal in [SIGTERM, SIGINT, SIGHUP, SIGALRM] {
      handle(signal)
      sigaddset(&handled, signal)
    }
    // The mask is inherited across exec: a parent that blocks SIGTERM in its spawning thread
    // (test runners do) would otherwise leave us unstoppable.
    sigprocmask(SIG_UNBLOCK, &handled, nil)
    var event = sigevent()
    event.sigev_notify = Int32(SIGEV_SIGNAL)
    event.sigev_signo = SIGALRM
    guard timer_create(CLOCK_REALTIME, &event, &timer) == 0 else { return nil }
    return fds[0]
  }

  /// Arms the timer for epoch second `at`, or disarms it for nil.
  static func arm(at: Int64?) {
    var spec = itimerspec()
    if let at { spec.it_value = timespec(tv_sec: Int(at), tv_nsec: 0) }
    _ = timer_settime(timer, TIMER_ABSTIME, &spec, nil)
  }

  /// Empties the pipe and says what woke us; stop wins.
  static func drain(_ fd: Int32) -> Reason {
    var reason = Reason.none
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let count = read(fd, &buffer, buffer.count)
      guard count > 0 else { break }
      for byte in buffer[0..<count] {
        if byte == UInt8(SIGALRM) {
          if reason == .none { reason = .timer }
        } else {
          reason = .stop
        }
      }
    }
    return reason
  }

  private static func ignore(_ signal: Int32) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = SIG_IGN
    sigaction(signal, &action, nil)
  }

  private static func handle(_ signal: Int32) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { signal in
      if signal != SIGALRM { stopRequested = true }
      var byte = UInt8(truncatingIfNeeded: signal)
      _ = write(wakePipe, &byte, 1)
    }
    sigemptyset(&action.sa_mask)
    sigaction(signal, &action, nil)
  }
}

/// Whether SIGTERM, SIGINT or SIGHUP has arrived: what a write blocked on a reader that
/// stopped reading checks when the signal interrupts it (no SA_RESTART), since the poll
/// loop that reads the pipe is not running then.
nonisolated(unsafe) var stopRequested = false

// Written once before any handler is installed, then only read (also from handlers).
nonisolated(unsafe) private var wakePipe: Int32 = -1
nonisolated(unsafe) private var timer: timer_t?
