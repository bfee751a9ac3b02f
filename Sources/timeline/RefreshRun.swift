import Platform
import Providers
import Spawning
import TimelineCache
import TimelineCore
import TimelineKit

/// What `refresh` and `reload` share: load the config, refresh, report one line per
/// widget, and turn the outcomes into an exit status (0 ok, 1 a refresh failed, 2 a
/// config error).
enum RefreshRun {
  /// Runs the refresh. `say` prints progress lines; failures always go to stderr.
  static func perform(
    _ common: CommonOptions, widgets: [WidgetName], force: Bool, quiet: Bool, lockWait: Int,
    networkBudget: Double = 60, say progress: (String) -> Void
  ) async throws -> (status: Int32, config: AppConfig) {
    let say = quiet ? { _ in } : progress
    let config = try common.loadConfig()
    // A terminated refresh takes its commands' process groups with it.
    ProcessGroups.stopChildrenOnTermination()
    // And what a command left running outside its group (`setsid prog &`) is adopted
    // here, then ended below, once every run is over.
    Orphans.adopt()
    var refresher = Refresher(config: config, store: common.store, clock: SystemClock())
    refresher.lockWait = Double(lockWait)
    refresher.networkBudget = networkBudget
    let results: [(WidgetName, Refresher.Outcome)]
    do throws(ConfigError) {
      results = try await refresher.refresh(widgets, force: force)
    } catch {
      throw CommandFailure.config(error.description)
    }
    Orphans.stopAll()
    // The emitters' own words, in the language the caches were written in (`Words`).
    do {
      try common.store.ensureDirectory()
      try common.store.writeWords(Language.emitterWords())
    } catch {
      Console.error("warning: cannot write the bars' words file: \(error)")
    }
    var status: Int32 = 0
    for (name, outcome) in results {
      switch outcome {
      case .refreshed(let count, let next, _):
        let due = next.map { ", next refresh \(ISOTime.format($0))" } ?? ""
        say("\(name): refreshed, \(count) entr\(count == 1 ? "y" : "ies")\(due)")
      case .rerendered(let next):
        let due = next.map { ", next refresh \(ISOTime.format($0))" } ?? ""
        say("\(name): new settings applied to the cached timeline (no fetch needed)\(due)")
      case .notDue(let until):
        say("\(name): not due until \(until.map(ISOTime.format) ?? "an explicit reload")")
      case .invalidConfig(let reason):
        status = 2
        Console.error("\(name): config error: \(CleanText.terminalLine(reason))")
      case .failed(let reason, let retryAt, let kept):
        status = status == 2 ? 2 : 1
        // With nothing cached yet (or only what has ended) the bars have no timeline to keep.
        let shown =
          kept ? "the bars keep the previous timeline" : "the bars show a placeholder until a refresh succeeds"
        let retry = retryAt.map { " (retry after \(ISOTime.format($0)); \(shown))" } ?? ""
        Console.error("\(name): failed: \(CleanText.oneLineError(reason))\(retry)")
      }
    }
    if config.widgets.isEmpty { say("no widgets configured in \(config.file)") }
    if config.notify.isOn {
      let fetched = results.compactMap { name, outcome -> (WidgetConfig, [NoticeFact])? in
        guard case .refreshed(_, _, let facts) = outcome, let widget = config.widget(name) else { return nil }
        return (widget, facts)
      }
      let report = Notifier(config: config.notify).run(fetched, now: SystemClock().now())
      // A notification that could not be sent is not the refresh's failure: the bars
      // have their timelines, and the next refresh tries again.
      for line in report.lines { say(CleanText.terminalLine(line)) }
    }
    return (status, config)
  }
}
