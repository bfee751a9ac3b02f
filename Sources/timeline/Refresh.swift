import ArgumentParser
import TimelineCache
import TimelineCore
import TimelineKit

extension TimelineCommand {
  struct Refresh: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Fetch new timelines for the widgets that are due.",
      discussion: """
        A widget is due when it has no cache, its reload time has passed, or its config \
        changed. Due widgets are refreshed concurrently; a failure keeps the previous \
        timeline (with none yet, the bars show the widget's placeholder) and schedules a \
        retry (15 min, doubling up to 6 h, or Retry-After).

        Network requests wait at most 5 s to connect and 20 s in all, and one run's \
        requests share 60 s (20 s under `timeline reload`): a server that never answers \
        cannot hold the refresh for minutes. A host that times out twice is not asked \
        again in the same run; its widgets keep their timelines and retry later.

        The report, one line per widget, goes to standard error, as a log does: the \
        systemd journal records it, and standard output stays empty for scripts. \
        --quiet keeps only the failures, so cron mails only when something failed.

        Exit status: 0 when every due widget succeeded (or none was due), 1 when any \
        failed, 2 on usage or config errors.
        """)

    @OptionGroup var common: CommonOptions
    @Flag(help: "Refresh even if not due.") var force = false
    @Flag(help: "Print nothing unless something failed.") var quiet = false
    @OptionGroup var lock: LockWaitOption
    @Argument(
      help: "Widgets to refresh (default: all configured).", completion: Completions.widgets,
      transform: WidgetArgument.parse)
    var widgets: [WidgetName] = []

    func run() async throws {
      try await exiting {
        try await RefreshRun.perform(
          common, widgets: widgets, force: force, quiet: quiet, lockWait: lock.lockWait, say: Console.error
        ).status
      }
    }
  }
}
