import FoundationEssentials
import Providers
import TimelineCore

/// `timeline status` output: the JSON array and the table.
extension StatusRow {
  /// The rows as a JSON array (`timeline status --json`).
  public static func json(_ rows: [StatusRow]) -> String { jsonArray(rows.map(StatusJSON.init)) }

  /// The rows as the human-readable table of `timeline status`.
  public static func table(_ rows: [StatusRow], now: Int64) -> String {
    if rows.isEmpty { return localized("no widgets configured") }
    let labels = [
      localized("entries:"), localized("current:"), localized("relevance:"), localized("shown:"),
      localized("ranking:"), localized("next refresh:"), localized("last success:"), localized("last error:"),
      localized("settings:"), localized("warning:"),
    ]
    // The values line up one column after the longest label.
    let width = labels.map(\.count).max() ?? 0
    func field(_ label: Int, _ value: String) -> String {
      "  " + labels[label] + String(repeating: " ", count: width + 1 - labels[label].count) + value
    }
    var lines: [String] = []
    for row in rows {
      // Never refreshed is not "stale": there is nothing old to show yet.
      let noData = row.lastSuccess == nil && row.entries == 0
      let current =
        row.current.map { String($0.prefix(60)) }
        ?? (noData ? localized("(none: run `timeline refresh`)") : localized("(placeholder)"))
      let state = noData ? " " + localized("(no data yet)") : row.stale ? " " + localized("(stale)") : ""
      lines.append("\(row.widget) [\(row.kind)]" + state)
      lines.append(field(0, "\(row.entries)"))
      lines.append(field(1, current))
      if let relevance = row.relevance { lines.append(field(2, "\(relevance)")) }
      if row.kind == StackRule.kind {
        let ranking = row.ranking.map { "\($0.name) \($0.score)" }.joined(separator: " · ")
        lines.append(field(3, row.shown ?? localized("(placeholder: no member has an entry)")))
        lines.append(field(4, ranking.isEmpty ? localized("(none)") : ranking))
      }
      lines.append(field(5, row.nextRefresh.map(ISOTime.format) ?? localized("never (explicit reload only)")))
      lines.append(field(6, row.lastSuccess.map(ISOTime.format) ?? localized("never")))
      if let error = row.lastError { lines.append(field(7, error)) }
      if let settings = row.settings { lines.append(field(8, settings)) }
      for warning in row.warnings.prefix(20) { lines.append(field(9, Terminal.clean(warning))) }
      if row.warnings.count > 20 { lines.append(field(9, "… " + localized("%d more", row.warnings.count - 20))) }
    }
    return lines.joined(separator: "\n")
  }
}

/// `items` as a JSON array with sorted keys (JSONEncoder: JSONSerialization would link the
/// whole of Foundation, ICU included); `[]` should one fail to encode.
func jsonArray(_ items: [some Encodable]) -> String {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
  return String(decoding: (try? encoder.encode(items)) ?? Data("[]".utf8), as: UTF8.self)
}

/// One row of `timeline status --json`: absent values are `null`, not left out.
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
