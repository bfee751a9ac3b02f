import Glibc
import Platform

/// Tells the user something when no terminal shows our output (`timeline open` from a
/// bar's click): a desktop notification through `notify-send`, and a line in the journal
/// through `logger`, so that the message is found later too.
public enum DesktopNotice {
  /// Whether standard output or error is a terminal someone reads.
  public static var hasTerminal: Bool { isatty(1) == 1 || isatty(2) == 1 }

  /// What reached the user: "notification", "journal", both or neither.
  @discardableResult
  public static func send(summary: String, body: String, path: String = Environment.get("PATH") ?? "/usr/bin:/bin")
    -> [String]
  {
    let ways = [
      ("notification", "notify-send", ["--app-name=timeline", summary, body]),
      ("journal", "logger", ["-t", "timeline", "--", "\(summary): \(body)"]),
    ]
    return ways.compactMap { way, program, arguments in
      guard let found = ExternalProgram.find(program, path: path),
        ExternalProgram.run([found] + arguments, timeout: 5).status == 0
      else { return nil }
      return way
    }
  }
}
