import Foundation
import TimelineCore

/// `timeline status` output: the JSON array and the table.
extension StatusRow {
  /// The rows as a JSON array (`timeline status --json`).
  public static func json(_ rows: [StatusRow]) -> String {
    let objects: [[String: Any]] = rows.map { row in
      var object: [String: Any] = [
        "widget": row.widget, "kind": row.kind, "entries": row.entries,
        "current": row.current ?? NSNull(),
        "nextRefresh": row.nextRefresh.map(ISOTime.format) ?? NSNull(),
        "lastSuccess": row.lastSuccess.map(ISOTime.format) ?? NSNull(),
        "lastError": row.lastError ?? NSNull(), "stale": row.stale,
      ]
      if !row.warnings.isEmpty { object["warnings"] = row.warnings }
      if let settings = row.settings { object["settings"] = settings }
      object["relevance"] = row.relevance ?? NSNull()
      object["entryRelevance"] = row.entryRelevance.map { ["date": ISOTime.format($0.date), "relevance": $0.score] }
      if row.kind == StackRule.kind {
        object["ranking"] = row.ranking.map { ["widget": $0.name, "relevance": $0.score] }
        object["shown"] = row.shown ?? NSNull()
      }
      return object
    }
    let data =
      (try? JSONSerialization.data(withJSONObject: objects, options: [.sortedKeys, .withoutEscapingSlashes]))
      ?? Data("[]".utf8)
    return String(decoding: data, as: UTF8.self)
  }

  /// The rows as the human-readable table of `timeline status`.
  public static func table(_ rows: [StatusRow], now: Int64) -> String {
    if rows.isEmpty { return "no widgets configured" }
    var lines: [String] = []
    for row in rows {
      // Never refreshed is not "stale": there is nothing old to show yet.
      let noData = row.lastSuccess == nil && row.entries == 0
      let current =
        row.current.map { String($0.prefix(60)) } ?? (noData ? "(none: run `timeline refresh`)" : "(placeholder)")
      lines.append("\(row.widget) [\(row.kind)]\(noData ? " (no data yet)" : row.stale ? " (stale)" : "")")
      lines.append("  entries:      \(row.entries)")
      lines.append("  current:      \(current)")
      if let relevance = row.relevance { lines.append("  relevance:    \(relevance)") }
      if row.kind == StackRule.kind {
        let ranking = row.ranking.map { "\($0.name) \($0.score)" }.joined(separator: " · ")
        lines.append("  shown:        \(row.shown ?? "(placeholder: no member has an entry)")")
        lines.append("  ranking:      \(ranking.isEmpty ? "(none)" : ranking)")
      }
      lines.append("  next refresh: \(row.nextRefresh.map(ISOTime.format) ?? "never (explicit reload only)")")
      lines.append("  last success: \(row.lastSuccess.map(ISOTime.format) ?? "never")")
      if let error = row.lastError { lines.append("  last error:   \(error)") }
      if let settings = row.settings { lines.append("  settings:     \(settings)") }
      for warning in row.warnings.prefix(20) { lines.append("  warning:      \(Terminal.clean(warning))") }
      if row.warnings.count > 20 { lines.append("  warning:      … \(row.warnings.count - 20) more") }
    }
    return lines.joined(separator: "\n")
  }
}
