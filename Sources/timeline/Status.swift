import ArgumentParser
import Platform
import TimelineCache
import TimelineCore
import TimelineKit

extension TimelineCommand {
  struct Status: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show each widget's cache: entries, current entry, next refresh, errors.",
      discussion: """
        The config is checked exactly as `timeline refresh` checks it: an unknown key, \
        kind or value, or an unknown WIDGET, exits 2 with a message naming it and the file.
        """)

    @OptionGroup var common: CommonOptions
    @Flag(
      help:
        "Print a JSON array (keys: widget, kind, entries, current, nextRefresh, lastSuccess, lastError, stale, relevance, entryRelevance; a stack adds ranking and shown)."
    )
    var json = false
    @Argument(
      help: ArgumentHelp("Only these widgets (default: every configured widget).", valueName: "widget"),
      completion: Completions.widgets, transform: WidgetArgument.parse)
    var widgets: [WidgetName] = []

    func run() async throws {
      try await exiting {
        let config = try common.loadConfig()
        let now = SystemClock().now()
        let rows = try StatusRow.rows(
          widgets, config: config, store: common.store, now: now,
          browse: BrowseStore.session(cache: common.store.directory))
        print(json ? StatusRow.json(rows) : StatusRow.table(rows, now: now))
        return 0
      }
    }
  }
}
