import Glibc

/// Ends `--follow` when the bar that started it is gone. A write to stdout failing is not
/// enough: waybar 0.9.17 leaks its modules' pipe ends into each other, so after waybar dies
/// a follower's stdout stays writable and it would run forever under PID 1, one more per
/// bar restart.
///
/// The parent is remembered at start. The kernel sends SIGALRM when it dies
/// (PR_SET_PDEATHSIG): that is already a wake-up of the follow loop (the wall-clock timer),
/// so the loop checks `isGone` on every wake-up and no polling wake-up is added. The check
/// is by parent PID, not by the signal alone, because the kernel also sends it when the
/// parent's spawning *thread* exits while the parent lives on; then the loop just finds
/// the line unchanged. A parent that died before the signal was set up is caught by the
/// first check, before anything is printed twice.
struct ParentWatch {
  let parent: pid_t

  // prctl(2) is variadic in C, which Swift does not import; its arguments are plain
  // integers, passed the same way to a fixed-arity declaration on Linux.
  // PR_SET_PDEATHSIG is 1 (linux/prctl.h, not in Glibc's module map).
  private static let setParentDeathSignal: Int32 = 1

  @_silgen_name("prctl")
  private static func prctl(_ option: Int32, _ argument: UInt) -> Int32

  /// Remembers the parent and asks for SIGALRM when it dies.
  init() {
    parent = getppid()
    _ = Self.prctl(Self.setParentDeathSignal, UInt(SIGALRM))
  }

  /// Whether the parent has gone: we were re-parented (to PID 1 or a subreaper). A
  /// follower started by PID 1 itself is never considered orphaned.
  var isGone: Bool { parent != 1 && getppid() != parent }
}
