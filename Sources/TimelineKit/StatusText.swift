import FoundationEssentials
import TimelineCore

/// `timeline status` output: the JSON array and the table.
extension StatusRow {
  /// The rows as a JSON array (`timeline status --json`).
  public static func json(_ rows: [StatusRow]) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(rows.map(StatusJSON.init))) ?? Data("[]".utf8)
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

/// One row of `timeline status --json` (JSONEncoder: JSONSerialization would link the whole
/// of Foundation, ICU included); absent values are `null`, not left out.
private struct StatusJSON: Encodable {
  let row: StatusRow

  enum Key: String, CodingKey {
    case widget, kind, entries, current, nextRefresh, lastSuccess, lastError, stale, warnings, settings
    case relevance, entryRelevance, ranking, shown, date, score
  }

  func encode(to encoder: any Encoder) throws {
    var object = encoder.container(keyedBy: Key.self)
    try object.encode(row.widget, forKey: .widget)
    try object.encode(row.kind, forKey: .kind)
    try object.encode(row.entries, forKey: .entries)
    try object.encode(row.current, forKey: .current)
    try object.encode(row.nextRefresh.map(ISOTime.format), forKey: .nextRefresh)
    try object.encode(row.lastSuccess.map(ISOTime.format), forKey: .lastSuccess)
    try object.encode(row.lastError, forKey: .lastError)
    try object.encode(row.stale, forKey: .stale)
    if !row.warnings.isEmpty { try object.encode(row.warnings, forKey: .warnings) }
    if let settings = row.settings { try object.encode(settings, forKey: .settings) }
    try object.encode(row.relevance, forKey: .relevance)
    try object.encode(
      row.entryRelevance.map { Scored(date: ISOTime.format($0.date), relevance: $0.score) }, forKey: .entryRelevance)
    if row.kind == StackRule.kind {
      try object.encode(row.ranking.map { Ranked(widget: $0.name, relevance: $0.score) }, forKey: .ranking)
      try object.encode(row.shown, forKey: .shown)
    }
  }

  struct Scored: Encodable {
    let date: String
    let relevance: Int
  }

  struct Ranked: Encodable {
    let widget: String
    let relevance: Int
  }
}
