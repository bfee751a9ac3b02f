import Foundation
import TimelineCore

/// The JSON a `command` widget prints (docs/command-provider.md):
///
///     {"entries": [{"date": "2026-11-22T10:00:00Z", "text": "…", "color": "#rrggbb",
///                   "tooltip": "…" or ["…"], "level": 3, "relevance": 0.5, "url": "…",
///                   "short": "…", "alt": "…", "class": ["…"],
///                   "runs": [{"text": "…", "color": "#…", "bold": true}]}],
///      "policy": "atEnd" | "never" | {"after": DATE},
///      "end": DATE}
///
/// A DATE is epoch seconds or ISO 8601 with `Z` or an offset. An entry without a date is
/// dated now. Every wrong type is an error naming the field, never a silent default.
enum CommandOutput {
  static func decode(_ bytes: [UInt8], now: Int64, program: String) throws -> TimelineDraft {
    func bad(_ what: String) -> ProviderError { ProviderError("\(program) output: \(what)") }
    guard let root = try? JSONSerialization.jsonObject(with: Data(bytes)) else {
      throw bad(bytes.isEmpty ? "empty, expected a JSON timeline" : "not valid JSON")
    }
    guard let object = root as? [String: Any] else { throw bad("expected a JSON object") }
    guard let items = object["entries"] as? [Any] else { throw bad("\"entries\" must be an array") }
    guard items.count <= 10_000 else { throw bad("more than 10000 entries") }
    var entries: [Entry] = []
    for (index, item) in items.enumerated() {
      guard let fields = item as? [String: Any] else { throw bad("entries[\(index)] must be an object") }
      entries.append(try entry(fields, index: index, now: now, bad: bad))
    }
    let end = try object["end"].map { try date($0, field: "end", bad: bad) }
    let policy: ReloadPolicy
    switch object["policy"] {
    case nil, is NSNull: policy = .atEnd
    case let text as String where text == "atEnd": policy = .atEnd
    case let text as String where text == "never": policy = .never
    case let after as [String: Any] where after["after"] != nil:
      policy = .after(try date(after["after"] as Any, field: "policy.after", bad: bad))
    default: throw bad("\"policy\" must be \"atEnd\", \"never\" or {\"after\": DATE}")
    }
    return TimelineDraft(entries: entries, end: end, policy: policy)
  }

  private static func entry(
    _ f: [String: Any], index: Int, now: Int64, bad: (String) -> ProviderError
  ) throws -> Entry {
    let at = "entries[\(index)]"
    func text(_ key: String) throws -> String? {
      guard let value = f[key], !(value is NSNull) else { return nil }
      guard let s = value as? String else { throw bad("\(at).\(key) must be a string") }
      return s
    }
    var runs: [TextRun] = []
    if let list = f["runs"] {
      guard let list = list as? [[String: Any]] else { throw bad("\(at).runs must be an array of objects") }
      for run in list {
        guard let t = run["text"] as? String else { throw bad("\(at).runs[].text must be a string") }
        runs.append(TextRun(t, color: run["color"] as? String, bold: run["bold"] as? Bool ?? false))
      }
    } else {
      runs = [TextRun(try text("text") ?? "", color: try text("color"))]
    }
    var tooltip: [String] = []
    switch f["tooltip"] {
    case nil, is NSNull: break
    case let s as String: tooltip = s.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    case let list as [Any]:
      tooltip = try list.map { guard let s = $0 as? String else { throw bad("\(at).tooltip must hold strings") }; return s }
    default: throw bad("\(at).tooltip must be a string or an array of strings")
    }
    let level = try f["level"].flatMap { value -> Int? in
      if value is NSNull { return nil }
      guard let n = value as? Int, (0...5).contains(n), !(value is Bool) else { throw bad("\(at).level must be an integer 0-5") }
      return n
    }
    let relevance = try f["relevance"].flatMap { value -> Double? in
      if value is NSNull { return nil }
      guard let d = value as? Double, d.isFinite else { throw bad("\(at).relevance must be a number 0-1") }
      return d
    }
    var classes: [String] = []
    if let value = f["class"], !(value is NSNull) {
      guard let list = value as? [String] else { throw bad("\(at).class must be an array of strings") }
      classes = list
    }
    return Entry(
      date: try f["date"].map { try date($0, field: "\(at).date", bad: bad) } ?? now,
      relevance: relevance, runs: runs, short: try text("short"), tooltip: tooltip,
      alt: try text("alt") ?? (level.map { "level-\($0)" } ?? "command"),
      classes: classes, level: level, url: try text("url"))
  }

  static func date(_ value: Any, field: String, bad: (String) -> ProviderError) throws -> Int64 {
    if let n = value as? Int64, !(value is Bool) { return n }
    if let n = value as? Int, !(value is Bool) { return Int64(n) }
    if let s = value as? String {
      let plain = ISO8601DateFormatter()
      let fractional = ISO8601DateFormatter()
      fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
      if let d = plain.date(from: s) ?? fractional.date(from: s) { return Int64(d.timeIntervalSince1970.rounded(.down)) }
    }
    throw bad("\(field) must be epoch seconds or an ISO 8601 date with a zone, like 2026-11-22T10:00:00Z")
  }
}
