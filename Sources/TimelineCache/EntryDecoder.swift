import TimelineCore

/// Turns json-c nodes into entries. Wrong types are treated as absent, so a hand-edited or
/// hostile cache degrades field by field instead of failing as a whole; only a missing or
/// non-integer `date` rejects an entry.
enum EntryDecoder {
  static func entry(_ node: JSONNode) -> Entry? {
    guard let date = date(node) else { return nil }
    var detail: [[TextRun]] = []
    if let detailNode = node["detail"], let count = detailNode.count {
      detail.reserveCapacity(count)
      for index in 0..<count {
        if let line = detailNode.element(index) { detail.append(runs(line)) }
      }
    }
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
      detail: detail)
  }

  /// The entry's `date` alone, nil where `entry` would reject the entry: what the binary
  /// search needs from the lines it only probes.
  static func date(_ node: JSONNode) -> Int64? { node["date"]?.int }

  static func runs(_ node: JSONNode?) -> [TextRun] {
    guard let node, let count = node.count else { return [] }
    var out: [TextRun] = []
    out.reserveCapacity(count)
    for index in 0..<count {
      guard let item = node.element(index), let text = item["t"]?.string else { continue }
      out.append(TextRun(text, color: item["c"]?.string, bold: item["b"]?.bool ?? false))
    }
    return out
  }

  static func strings(_ node: JSONNode?) -> [String] {
    guard let node, let count = node.count else { return [] }
    var out: [String] = []
    out.reserveCapacity(count)
    for index in 0..<count {
      if let text = node.element(index)?.string { out.append(text) }
    }
    return out
  }
}
