import ArgumentParser
import Glibc
import Providers
import TimelineCache
import TimelineCore

extension TimelineCommand {
  /// `timeline open WIDGET`: opens the current entry's link (e.g. the shabad on
  /// SikhiToTheMax) with xdg-open, for a bar's on-click.
  struct Open: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Open the current entry's link with xdg-open.",
      discussion: """
        Only http and https links are opened. Without xdg-open (or with --print) \
        the link is printed instead. Exits 1 when there is no current entry or it \
        has no link, or when WIDGET is not configured.
        """)

    @Argument(help: "The widget name, as in [widgets.NAME].")
    var widget: String

    @Option(help: ArgumentHelp("Use the entry current at this instant (ISO 8601).", valueName: "time"))
    var at: String?

    @Flag(help: "Print the link instead of opening it.")
    var print = false

    @Option(name: .long, help: ArgumentHelp("Cache directory (default: $TIMELINE_CACHE_DIR, else $XDG_CACHE_HOME/timeline).", valueName: "dir"))
    var cacheDir: String?

    func run() async throws {
      try await exiting {
        let entry = try CurrentEntry.load(widget: widget, at: at, cacheDir: cacheDir)
        guard let url = entry.url.map(Terminal.clean), !url.isEmpty else {
          throw Failure.failed("the current entry of \"\(widget)\" has no link")
        }
        let lower = url.lowercased()
        // A link from a command widget could be anything; xdg-open would hand a file: or
        // custom-scheme URL to whatever claims it.
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else {
          throw Failure.failed("not opening \"\(url)\": only http and https links are opened")
        }
        if print {
          Swift.print(url)
          return 0
        }
        switch Launcher.open(url) {
        case .started:
          return 0
        case .notFound:
          Swift.print(url)
          Console.error("timeline: xdg-open not found; open the link above yourself")
          return 0
        case .failed(let status):
          Swift.print(url)
          Console.error("timeline: xdg-open failed (status \(status)); open the link above yourself")
          return 1
        }
      }
    }
  }
}

/// Starting xdg-open in its own session, so closing the terminal or the bar that ran us
/// does not take the browser with it.
enum Launcher {
  enum Outcome: Equatable { case started, notFound, failed(Int32) }

  /// How long to wait for xdg-open to report a failure. It normally exits at once after
  /// handing the link over; some fallbacks run the browser in the foreground, which must
  /// not keep us (and a bar's click handler) waiting.
  static let patience: Int = 2000

  static func open(_ url: String) -> Outcome {
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
