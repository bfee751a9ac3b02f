import Glibc
import Synchronization

/// The process groups of running `Subprocess` children, so that none outlives us: each
/// child leads its own group, which is stopped as a whole (SIGTERM, then SIGKILL) when its
/// run ends, and also when this process is terminated (`stopChildrenOnTermination`).
public enum ProcessGroups {
  /// How long a group gets between SIGTERM and SIGKILL.
  static let termGraceMillis: Int64 = 500

  /// Installs handlers for SIGTERM, SIGINT and SIGHUP that stop every registered group
  /// and then let the signal end this process as it would have. Called by the commands
  /// that run providers (refresh, reload, preview), never by a library user implicitly.
  public static func stopChildrenOnTermination() {
    for signal in [SIGTERM, SIGINT, SIGHUP] {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { signal in
        // Only async-signal-safe calls: kill, fork, nanosleep, _exit, sigaction, raise.
        // The SIGKILL that follows the grace is sent by a forked child: were this handler
        // to wait, the other threads would carry on and exit normally meanwhile.
        ProcessGroups.signalAll(SIGTERM)
        if fork() == 0 {
          var pause = timespec(tv_sec: 0, tv_nsec: Int(ProcessGroups.termGraceMillis) * 1_000_000)
          nanosleep(&pause, nil)
          ProcessGroups.signalAll(SIGKILL)
          _exit(0)
        }
        var restore = sigaction()
        restore.__sigaction_handler.sa_handler = SIG_DFL
        sigaction(signal, &restore, nil)
        raise(signal)
      }
      sigemptyset(&action.sa_mask)
      sigaction(signal, &action, nil)
    }
  }

  /// Registers the group led by `pid`; false when every slot is taken (the run then
  /// still works, only the termination forwarding misses it).
  @discardableResult
  static func register(_ pid: pid_t) -> Bool {
    lock.withLock { _ in
      for index in 0..<capacity where slots[index] == 0 {
        slots[index] = pid
        return true
      }
      return false
    }
  }

  /// Whether `pid` leads a group a run is still waiting for.
  static func isRegistered(_ pid: pid_t) -> Bool {
    lock.withLock { _ in (0..<capacity).contains { slots[$0] == pid } }
  }

  static func unregister(_ pid: pid_t) {
    lock.withLock { _ in
      for index in 0..<capacity where slots[index] == pid { slots[index] = 0 }
    }
  }

  private static func signalAll(_ signal: Int32) {
    for index in 0..<capacity {
      let group = slots[index]
      if group > 0 { kill(-group, signal) }
    }
  }

  /// Stops the group led by `pid`, whose leader has been reaped or is about to be:
  /// SIGTERM, up to `termGraceMillis` for it to empty, then SIGKILL. A group whose leader
  /// is reaped keeps its number reserved while any member lives, so `-pid` cannot reach
  /// a stranger; once the group is empty, kill reports ESRCH and we stop.
  static func stop(_ pid: pid_t, leaderReaped: Bool) {
    guard kill(-pid, SIGTERM) == 0 else { return }
    let until = Clocks.monotonicMillis() + termGraceMillis
    while Clocks.monotonicMillis() < until {
      // While the leader is a zombie (not reaped yet) the group never looks empty.
      if leaderReaped && kill(-pid, 0) != 0 { return }
      usleep(20_000)
    }
    kill(-pid, SIGKILL)
  }

  private static let capacity = 64
  // Read by the signal handler without the lock: a slot is one aligned Int32 store.
  nonisolated(unsafe) private static let slots: UnsafeMutablePointer<pid_t> = {
    let pointer = UnsafeMutablePointer<pid_t>.allocate(capacity: capacity)
    pointer.initialize(repeating: 0, count: capacity)
    return pointer
  }()
  private static let lock = Mutex(())
}

/// The monotonic clock in milliseconds, for deadlines that must not jump with the wall clock.
enum Clocks {
  static func monotonicMillis() -> Int64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
  }
}
