import TimelineCore

/// Turns json-c nodes into entries. Wrong types are treated as absent, so a hand-edited or
/// hostile cache degrades field by field instead of failing as a whole; only a missing or
/// non-integer `date` rejects an entry.
enum EntryDecoder {
  static func entry(_ node: JSONNode) -> Entry? {
    guard let date = node["date"]?.int else { return nil }
    return Entry(
      date: date,
      relevance: node["relevance"]?.double,
      runs: runs(node["runs"]),
      short: node["short"]?.string,
      tooltip: strings(node["tooltip"]),
      alt: node["alt"]?.string ?? "",
      classes: strings(node["class"]),
      level: node["level"]?.int.map { Int(clamping: $0) },
      url: node["url"]?.string,
      key: node["key"]?.string,
      detail: node["detail"]?.array?.map { runs($0) } ?? [])
  }

  static func runs(_ node: JSONNode?) -> [TextRun] {
    guard let items = node?.array else { return [] }
    return items.compactMap { item in
      guard let text = item["t"]?.string else { return nil }
      return TextRun(text, color: item["c"]?.string, bold: item["b"]?.bool ?? false)
    }
  }

  static func strings(_ node: JSONNode?) -> [String] {
    node?.array?.compactMap(\.string) ?? []
  }
}
