import ArgumentParser
import TimelineCache
import TimelineCore
import TimelineKit

extension TimelineCommand {
  /// `timeline reload`: WidgetKit's `reloadTimelines(ofKind:)` — refresh now, whatever the
  /// policy says, then make the running bars redraw.
  struct Reload: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Refresh widgets now and nudge the running bars to redraw.",
      discussion: """
        Refreshes the widgets (all configured by default) even if not due, then nudges each \
        bar that is running, one line each: waybar with `pkill -x -RTMIN+N waybar` when \
        [bars] waybar_signal = N; polybar with `polybar-msg action "#MODULE.hook.0"` for \
        each [bars] polybar_modules entry; tmux with `refresh-client -S` on every server of \
        this user (unless [bars] tmux = false). A bar that is not running is reported, not \
        an error. Modules running `timeline-emit --follow` update from the cache by themselves. \
        Its network requests share 20 s in all, so a click never waits long on a silent server.
        Exit status: 0 when every widget refreshed, 1 when any failed, 2 on config errors.
        """)

    @OptionGroup var common: CommonOptions
    @Flag(help: "Print only failures.") var quiet = false
    @OptionGroup var lock: LockWaitOption
    @Argument(
      help: "Widgets to refresh (default: all configured).", completion: Completions.widgets,
      transform: WidgetArgument.parse)
    var widgets: [WidgetName] = []

    func run() async throws {
      try await exiting {
        let (status, config) = try await RefreshRun.perform(
          common, widgets: widgets, force: true, quiet: quiet, lockWait: lock.lockWait, networkBudget: 20,
          say: { print($0) })
        // Nudge even after a failure: a widget that did refresh should show at once.
        for report in BarNudge(bars: config.bars).run() where !quiet {
          print(report.line)
        }
        return status
      }
    }
  }
}
