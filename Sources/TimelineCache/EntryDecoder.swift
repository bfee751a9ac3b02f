import TimelineCore

/// Turns json-c nodes into entries. Wrong types are treated as absent, so a hand-edited or
/// hostile cache degrades field by field instead of failing as a whole; only a missing or
/// non-integer `date` rejects an entry.
enum EntryDecoder {
  /// The entry on an entry line. `full` also reads `url`, `key` and `detail`: inline on a
  /// version 1 line, else from `extra`, the version 2 record the line's `x` points at.
  /// Bars print none of them, so the emitter leaves `full` off.
  static func entry(_ node: JSONNode, full: Bool = true, extra: JSONNode? = nil) -> Entry? {
    guard let date = date(node) else { return nil }
    var entry = Entry(
      date: date,
      relevance: node["relevance"]?.double,
      runs: runs(node["runs"]),
      short: node["short"]?.string,
      tooltip: strings(node["tooltip"]),
      alt: node["alt"]?.string ?? "",
      classes: strings(node["class"]),
      level: node["level"]?.int.map { Int(clamping: $0) },
      ascii: runs(node["ascii"]),
      transliteration: lineText(node["translit"]),
      translation: lineText(node["transl"]))
    if full {
      let record = extra ?? node
      entry.url = record["url"]?.string
      entry.key = record["key"]?.string
      entry.detail = lines(record["detail"])
    }
    return entry
  }

  /// The `x` of a version 2 entry line: its record in the `extra` section.
  static func extraIndex(_ node: JSONNode) -> Int? {
    node["x"]?.int.flatMap { $0 >= 0 && $0 < Int64(Int32.max) ? Int($0) : nil }
  }

  /// The entry's `date` alone, nil where `entry` would reject the entry: what the binary
  /// search needs from the lines it only probes.
  static func date(_ node: JSONNode) -> Int64? { node["date"]?.int }

  static func lines(_ node: JSONNode?) -> [[TextRun]] {
    guard let node, let count = node.count else { return [] }
    var out: [[TextRun]] = []
    out.reserveCapacity(count)
    for index in 0..<count {
      if let line = node.element(index) { out.append(runs(line)) }
    }
    return out
  }

  static func lineText(_ node: JSONNode?) -> LineText? {
    guard let node, let text = node["t"]?.string else { return nil }
    return LineText(text, short: node["s"]?.string)
  }

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
