import ArgumentParser
import Providers
import TimelineCore
import TimelineKit

extension TimelineCommand {
  struct Open: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Open the current entry's link with xdg-open.",
      discussion: """
        While the bar is browsing (`timeline browse`), the entry it shows is the one \
        opened; --at opens the entry of that instant. \
        Only http and https links are opened, and a friends widget's tel: and mailto: links. Without xdg-open (or with --print) \
        the link is printed instead; run from a bar, with no terminal, it also goes to a desktop notification \
        (notify-send, when installed) and the journal (logger). Exits 1 when there is no current entry or it \
        has no link, or when WIDGET is not configured.
        """)

    @Argument(
      help: "The widget name, as in [widgets.NAME].", completion: Completions.widgets,
      transform: WidgetArgument.parse)
    var widget: WidgetName

    @Option(help: ArgumentHelp("Use the entry current at this instant (ISO 8601).", valueName: "time"))
    var at: String?

    @Flag(help: "Print the link instead of opening it.")
    var print = false

    @OptionGroup var common: CommonOptions

    func run() async throws {
      try await exiting {
        let (timeline, index) = try common.currentEntry(widget, at: at)
        let entry = timeline.entries[index]
        guard let url = entry.url.map(Terminal.clean), !url.isEmpty else {
          throw CommandFailure.failed("the current entry of \"\(widget)\" has no link")
        }
        let lower = url.lowercased()
        // A link from a command widget could be anything; xdg-open would hand a file: or
        // custom-scheme URL to whatever claims it. A kind may open others it builds itself.
        let prefixes = ProviderRegistry.type(for: timeline.kind)?.linkPrefixes ?? ["https://", "http://"]
        guard prefixes.contains(where: { lower.hasPrefix($0) }) else {
          throw CommandFailure.failed("not opening \"\(url)\": only http and https links are opened")
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
          // From a bar's click nobody reads our output: say it where the user looks.
          if !DesktopNotice.hasTerminal {
            DesktopNotice.send(summary: "timeline: no xdg-open to open the link", body: url)
          }
          return 0
        case .failed(let status):
          Swift.print(url)
          Console.error("timeline: xdg-open failed (status \(status)); open the link above yourself")
          if !DesktopNotice.hasTerminal {
            DesktopNotice.send(summary: "timeline: xdg-open failed (status \(status))", body: url)
          }
          return 1
        }
      }
    }
  }
}
