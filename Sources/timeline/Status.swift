import ArgumentParser
import Foundation
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
    @Flag(help: "Print a JSON array (keys: widget, kind, entries, current, nextRefresh, lastSuccess, lastError, stale).")
    var json = false
    @Argument(help: ArgumentHelp("Only these widgets (default: every configured widget).", valueName: "widget"))
    var widgets: [String] = []

    func run() async throws {
      try await exiting {
        let config = try common.loadConfig()
        let now = SystemClock().now()
        let rows: [StatusRow]
        do {
          rows = try StatusRow.rows(widgets, config: config, store: common.store, now: now)
        } catch let error as ConfigError {
          throw Failure.config(error.description)
        }
        print(json ? Self.json(rows) : Self.table(rows, now: now))
        return 0
      }
    }

    static func json(_ rows: [StatusRow]) -> String {
      let objects: [[String: Any]] = rows.map { row in
        [
          "widget": row.widget, "kind": row.kind, "entries": row.entries,
          "current": row.current ?? NSNull(),
          "nextRefresh": row.nextRefresh.map(ISOTime.format) ?? NSNull(),
          "lastSuccess": row.lastSuccess.map(ISOTime.format) ?? NSNull(),
          "lastError": row.lastError ?? NSNull(), "stale": row.stale,
        ]
      }
      let data = (try? JSONSerialization.data(withJSONObject: objects, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("[]".utf8)
      return String(decoding: data, as: UTF8.self)
    }

    static func table(_ rows: [StatusRow], now: Int64) -> String {
      if rows.isEmpty { return "no widgets configured" }
      var lines: [String] = []
      for row in rows {
        // Never refreshed is not "stale": there is nothing old to show yet.
        let noData = row.lastSuccess == nil && row.entries == 0
        let current = row.current.map { String($0.prefix(60)) } ?? (noData ? "(none: run `timeline refresh`)" : "(placeholder)")
        lines.append("\(row.widget) [\(row.kind)]\(noData ? " (no data yet)" : row.stale ? " (stale)" : "")")
        lines.append("  entries:      \(row.entries)")
        lines.append("  current:      \(current)")
        lines.append("  next refresh: \(row.nextRefresh.map(ISOTime.format) ?? "never (explicit reload only)")")
        lines.append("  last success: \(row.lastSuccess.map(ISOTime.format) ?? "never")")
        if let error = row.lastError { lines.append("  last error:   \(error)") }
      }
      return lines.joined(separator: "\n")
    }
  }
}
