import TimelineCore

/// Turns JSON nodes into entries. Wrong types are treated as absent, so a hand-edited or
/// hostile cache degrades field by field; only a missing or non-integer `date` rejects an entry.
enum EntryDecoder {
  /// The entry on an entry line. `full` also reads `url`, `key` and `detail` (from `extra`,
  /// the version 2 record the line's `x` points at), which bars never print; `tooltip:
  /// false` leaves out the tooltip lines, which only waybar prints.
  static func entry<Node: JSONReading>(
    _ node: Node, full: Bool = true, tooltip: Bool = true, extra: Node? = nil, twins: Twins = .both
  ) -> Entry? {
    guard let date = date(node) else { return nil }
    var entry = Entry(
      date: date,
      relevance: relevance(node),
      runs: runs(node["runs"]),
      short: node["short"]?.string,
      tooltip: tooltip ? strings(node["tooltip"]) : [],
      alt: node["alt"]?.string ?? "",
      classes: strings(node["class"]),
      level: level(node),
      ascii: runs(node["ascii"]),
      transliteration: lineText(node["translit"]),
      translation: lineText(node["transl"]), quiet: node["quiet"]?.bool ?? false)
    if full {
      let record = extra ?? node
      entry.url = record["url"]?.string
      entry.key = record["key"]?.string
      entry.detail = lines(record["detail"], twins: twins)
    }
    return entry
  }

  /// `rel` (0–100, or `[score, from, score, …]`), else an older file's fraction `relevance`.
  static func relevance<Node: JSONReading>(_ node: Node) -> Relevance? {
    relevance(rel: node["rel"]) { node["relevance"] }
  }

  /// `relevance` from the values of `rel` and (asked only without it) `relevance`.
  private static func relevance<Node: JSONReading>(rel: Node?, fraction: () -> Node?) -> Relevance? {
    if let rel {
      if let score = rel.int { return Relevance(Int(clamping: score)) }
      guard let count = rel.count, count > 0 else { return nil }
      // Any value that is not an integer (or is Int64.min) voids the whole relevance.
      var score: Int64?
      var changes: [Int64] = []
      changes.reserveCapacity(count - 1)
      var valid = true
      // swift-format-ignore: ReplaceForEachWithForLoop
      rel.forEach { item in
        guard let value = item.int, value != Int64.min else {
          valid = false
          return
        }
        if score == nil { score = value } else { changes.append(value) }
      }
      guard valid, let score else { return nil }
      return Relevance(score: Int(clamping: score), flatChanges: changes)
    }
    guard let fraction = fraction()?.double, fraction.isFinite else { return nil }
    return Relevance(Int((Swift.min(1, Swift.max(0, fraction)) * 100).rounded()))
  }

  /// The `x` of a version 2 entry line: its record in the `extra` section.
  static func extraIndex<Node: JSONReading>(_ node: Node) -> Int? {
    extraIndex(node["x"]?.int)
  }

  /// `extraIndex` of the value of `x`: nil unless it can be a record's index.
  static func extraIndex(_ value: Int64?) -> Int? {
    value.flatMap { $0 >= 0 && $0 < Int64(Int32.max) ? Int($0) : nil }
  }

  /// The entry's `level` (`Entry` clamps it to 0…5).
  static func level<Node: JSONReading>(_ node: Node) -> Int? { node["level"]?.int.map { Int(clamping: $0) } }

  /// The entry's `date` alone, nil where `entry` would reject the entry.
  static func date<Node: JSONReading>(_ node: Node) -> Int64? { node["date"]?.int }

  /// How a detail line's ASCII twins (`a`, `TextRun.ascii`) are read.
  enum Twins {
    /// Not at all: the output never draws them (plain text).
    case none
    /// With the text: a whole read, for any output.
    case both
    /// In place of the text (conky's large family): a run with a twin has it as both `text`
    /// and `ascii`, and its Unicode text is not decoded.
    case instead
  }

  static func lines<Node: JSONReading>(_ node: Node?, twins: Twins = .both) -> [[TextRun]] {
    guard let node, let count = node.count else { return [] }
    var out: [[TextRun]] = []
    out.reserveCapacity(count)
    // swift-format-ignore: ReplaceForEachWithForLoop
    node.forEach { out.append(runs($0, twins: twins)) }
    return out
  }

  static func lineText<Node: JSONReading>(_ node: Node?) -> LineText? {
    guard let node, let text = node["t"]?.string else { return nil }
    return LineText(text, short: node["s"]?.string)
  }

  /// Runs; `twins`: how a detail line's ASCII twins (`a`) are read.
  static func runs<Node: JSONReading>(_ node: Node?, twins: Twins = .none) -> [TextRun] {
    guard let node, let count = node.count else { return [] }
    var out: [TextRun] = []
    out.reserveCapacity(count)
    // swift-format-ignore: ReplaceForEachWithForLoop
    node.forEach { item in
      // One pass over the run's members; the text is decoded last, once it is known
      // whether the twin stands in for it.
      var text: Node?
      var color: String?
      var bold = false
      var ascii: String?
      item.forEachMember { key, value in
        guard key.count == 1 else { return }
        switch key[0] {
        case UInt8(ascii: "t"): text = value
        case UInt8(ascii: "c"): color = value?.string
        case UInt8(ascii: "b"): bold = value?.bool ?? false
        case UInt8(ascii: "a") where twins != .none: ascii = value?.string
        default: break
        }
      }
      // A run without text is no run, whatever its twin.
      guard let text, text.isString else { return }
      var run = TextRun((twins == .instead ? ascii : nil) ?? text.string ?? "", color: color, bold: bold)
      run.ascii = ascii
      out.append(run)
    }
    return out
  }

  static func strings<Node: JSONReading>(_ node: Node?) -> [String] {
    guard let node, let count = node.count else { return [] }
    var out: [String] = []
    out.reserveCapacity(count)
    // swift-format-ignore: ReplaceForEachWithForLoop
    node.forEach { if let text = $0.string { out.append(text) } }
    return out
  }
}
