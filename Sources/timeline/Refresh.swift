import ArgumentParser
import TimelineCache
import TimelineCore
import TimelineKit

extension TimelineCommand {
  struct Refresh: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Fetch new timelines for the widgets that are due.",
      discussion: """
        A widget is due when it has no cache, its reload time has passed, or its config
        changed. Due widgets are refreshed concurrently; a failure keeps the previous
        timeline and schedules a retry (15 min, doubling up to 6 h, or Retry-After).
        Exit status: 0 when every due widget succeeded (or none was due), 1 when any
        failed, 2 on usage or config errors.
        """)

    @OptionGroup var common: CommonOptions
    @Flag(help: "Refresh even if not due.") var force = false
    @Flag(help: "Print nothing unless something failed.") var quiet = false
    @Argument(help: "Widgets to refresh (default: all configured).") var widgets: [String] = []

    func run() async throws {
      try await exiting {
        let config = try common.loadConfig()
        let refresher = Refresher(config: config, store: common.store, clock: SystemClock())
        let results: [(String, Refresher.Outcome)]
        do {
          results = try await refresher.refresh(widgets, force: force)
        } catch let error as ConfigError {
          throw Failure.config(error.description)
        }
        var failed = false
        var invalid = false
        for (name, outcome) in results {
          switch outcome {
          case .refreshed(let count, let next):
            if !quiet {
              Console.error("\(name): refreshed, \(count) entr\(count == 1 ? "y" : "ies")\(next.map { ", next refresh \(ISOTime.format($0))" } ?? "")")
            }
          case .notDue(let until):
            if !quiet { Console.error("\(name): not due until \(until.map(ISOTime.format) ?? "an explicit reload")") }
          case .invalidConfig(let reason):
            invalid = true
            Console.error("\(name): config error: \(reason)")
          case .failed(let reason, let retryAt):
            failed = true
            Console.error("\(name): failed: \(reason)\(retryAt.map { " (retry after \(ISOTime.format($0)))" } ?? "")")
          }
        }
        if config.widgets.isEmpty && !quiet { Console.error("no widgets configured in \(config.file)") }
        return invalid ? 2 : failed ? 1 : 0
      }
    }
  }
}
