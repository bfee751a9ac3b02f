import Glibc
import Providers
import Spawning

/// Starting xdg-open in its own session, so closing the terminal or the bar that ran us
/// does not take the browser with it.
public enum Launcher {
  /// What became of a link.
  public enum Outcome: Equatable {
    case started
    case notFound
    case failed(Int32)
  }

  /// Milliseconds to wait for xdg-open to report a failure: some fallbacks run the browser
  /// in the foreground, which must not keep a bar's click handler waiting.
  static let patience: Int = 2000

  /// Hands `url` to xdg-open, detached; says whether it started.
  public static func open(_ url: String) -> Outcome {
    let pid: pid_t
    do {
      pid = try Subprocess.spawn(["xdg-open", url], stdout: .null, stderr: .descriptor(2), grouping: .ownSession)
    } catch let error as Subprocess.SpawnError {
      return error.code == ENOENT ? .notFound : .failed(-error.code)
    } catch {
      return .failed(-1)
    }
    guard let exit = Subprocess.wait(pid, within: Double(patience) / 1000) else { return .started }
    // 127 is the shell's "command not found", should xdg-open be a wrapper script.
    if exit.status == 0 { return .started }
    return exit.status == 127 ? .notFound : .failed(exit.status)
  }
}
