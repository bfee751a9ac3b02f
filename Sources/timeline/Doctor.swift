import ArgumentParser
import Emitters
import Platform
import TimelineCache
import TimelineCore
import TimelineKit

extension TimelineCommand {
  struct Doctor: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Check the setup: config, cache, json-c, fonts, bars, schedule, last refresh.",
      discussion: """
        One line per check, ✓ or ✗; a failed check is followed by its fix. Checks: the \
        config parses and its widgets' options are valid; the cache directory is writable; \
        timeline-emit is on PATH; json-c is installed (pkg-config or ldconfig); a font \
        covers Gurmukhi (fc-list :lang=pa); \(OutputFormat.spoken(OutputFormat.allCases.filter { !$0.programs.isEmpty })) \
        (a bar) is on PATH; the \
        systemd user timer is enabled or a crontab line runs `timeline refresh`; and how \
        long ago the last refresh was (from the cache).
        Exit status: 0 when every check passes, 1 otherwise. Nothing is fetched or changed.
        """)

    @OptionGroup var common: CommonOptions

    func run() async throws {
      try await exiting {
        let doctor = TimelineKit.Doctor(
          configPath: common.config, cacheDirectory: common.cacheDir ?? CacheStore.defaultDirectory(),
          now: SystemClock().now())
        let checks = doctor.run()
        for check in checks { print(check.line) }
        let failed = checks.filter { !$0.ok }.count
        print(failed == 0 ? "all \(checks.count) checks passed" : "\(failed) of \(checks.count) checks failed")
        return failed == 0 ? 0 : 1
      }
    }
  }
}
