import Foundation
import TimelineTestSupport

/// A `command` widget named `ticker` for the CLI tests: writes `script` into `dir` and a
/// config that runs it, and returns the config's path.
enum CommandWidget {
  static func config(script body: String, in dir: TempDir) throws -> String {
    let script = try dir.write("widget.sh", body)
    chmod(script, 0o755)
    // Run through sh: exec'ing a file this process has just written can fail with
    // ETXTBSY while a parallel test's fork still holds a descriptor to it.
    return try dir.write(
      "config.toml",
      """
      [widgets.ticker]
      kind = "command"
      command = ["/bin/sh", "\(script)"]
      """)
  }
}
