import Glibc
import Spawning

/// The followers' spawn for these tests: `Subprocess.spawn` (the package's one spawn, with
/// an empty signal mask and default dispositions for the child), reaped with waitpid.
public enum Spawn {
  /// Starts `path` with stdin from /dev/null and stdout/stderr on the given descriptors
  /// (or files). Returns the pid, or -1.
  public static func start(
    _ path: String, _ arguments: [String], environment: [String: String] = [:],
    stdout: Subprocess.Redirect, stderr: Subprocess.Redirect
  ) -> pid_t {
    (try? Subprocess.spawn([path] + arguments, environment: environment, stdout: stdout, stderr: stderr)) ?? -1
  }

  /// Waits for `pid`; with a deadline, returns nil if it is still running then. The status
  /// is the exit status, or the signal when `signalled`.
  public static func wait(_ pid: pid_t, within seconds: Double? = nil) -> (status: Int32, signalled: Bool)? {
    guard let exit = Subprocess.wait(pid, within: seconds) else { return nil }
    return exit.signal.map { ($0, true) } ?? (exit.status, false)
  }
}
