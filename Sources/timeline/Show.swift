import ArgumentParser
import Glibc
import Platform
import TimelineCache
import TimelineCore
import TimelineKit

extension TimelineCommand {
  struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print the current entry of a widget in full (e.g. the whole shabad).",
      discussion: """
        Reads the cache only; it never fetches. For avalanche widgets the warning of \
        every day in the timeline is printed, from the current day on; --all does the \
        same for any kind (e.g. the coming shabads of random-shabad). For a stack, the \
        member its bars show, then every member ranked by relevance now, with why. Colours are 24-bit \
        ANSI, used only when standard output is a terminal and NO_COLOR is not set. \
        Exits 1 when the widget has no current entry (run `timeline refresh WIDGET`), \
        or when WIDGET is not configured.
        """)

    @Argument(
      help: "The widget name, as in [widgets.NAME].", completion: Completions.widgets,
      transform: WidgetArgument.parse)
    var widget: WidgetName

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
        var text = EntryText.show(timeline, from: index, all: all, color: color)
        // A stack's entry is its shown member's; its large form then ranks every member.
        let now = at.flatMap { ISO8601.parse($0) } ?? SystemClock().now()
        let browse = BrowseStore.session(cache: common.store.directory)
        if let ranking = EntryText.stackRanking(
          widget: widget, store: common.store, now: now, browse: browse, color: color)
        {
          text += "\n" + ranking
        }
        print(text)
        return 0
      }
    }
  }
}
