import ArgumentParser
import Glibc
import Platform
import TimelineCache
import TimelineKit

extension TimelineCommand {
  /// `timeline show WIDGET`: the whole current entry in the terminal (`EntryText`).
  struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print the current entry of a widget in full (e.g. the whole shabad).",
      discussion: """
        Reads the cache only; it never fetches. For avalanche widgets the warning of \
        every day in the timeline is printed, from the current day on; --all does the \
        same for any kind (e.g. the coming shabads of random-shabad). Colours are 24-bit \
        ANSI, used only when standard output is a terminal and NO_COLOR is not set. \
        Exits 1 when the widget has no current entry (run `timeline refresh WIDGET`), \
        or when WIDGET is not configured.
        """)

    @Argument(help: "The widget name, as in [widgets.NAME].", completion: Completions.widgets)
    var widget: String

    @Option(
      help: ArgumentHelp(
        "Show the entry current at this instant instead of now (ISO 8601, e.g. 2026-03-02T09:00+05:30; UTC without a zone).",
        valueName: "time"))
    var at: String?

    @Flag(help: "Also print every later entry, whatever the kind.")
    var all = false

    @OptionGroup var common: CommonOptions

    func run() async throws {
      try await exiting {
        let (timeline, index) = try common.currentEntry(widget, at: at)
        let color =
          isatty(STDOUT_FILENO) == 1 && (Environment.get("NO_COLOR") ?? "").isEmpty
          && Environment.get("TERM") != "dumb"
        print(EntryText.show(timeline, from: index, all: all, color: color))
        return 0
      }
    }
  }
}
