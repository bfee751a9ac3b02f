import TimelineCore

/// The JSON a `command` widget prints (docs/command-provider.md). Every wrong type is an
/// error naming the field, never a silent default.
public enum CommandOutput {
  static let policyShape = "\"policy\" must be \"atEnd\", \"never\" or {\"after\": DATE}"

  /// The `interval` of a command widget that sets none: one hour.
  public static let defaultInterval: Int64 = 3600

  /// The timeline in `bytes`, or a `ProviderError` naming `program` and the field; with no
  /// `policy`, due again `interval` seconds after `now`. Public for the `command` fuzz
  /// target, which feeds it bytes without running a program.
  public static func decode(
    _ bytes: [UInt8], now: Int64, program: String, interval: Int64 = defaultInterval
  ) throws -> TimelineDraft {
    do {
      return try decode(bytes, now: now, interval: interval)
    } catch let failure as CommandOutputError {
      throw ProviderError("\(program) output: \(failure.what)")
    }
  }

  private static func decode(_ bytes: [UInt8], now: Int64, interval: Int64) throws -> TimelineDraft {
    guard let root = JSONValue.parse(bytes) else { throw CommandOutputError(what: whyNotJSON(bytes)) }
    guard case .object = root else { throw CommandOutputError(what: "expected a JSON object") }
    guard let items = root["entries"]?.array else { throw CommandOutputError(what: "\"entries\" must be an array") }
    guard items.count <= 10_000 else { throw CommandOutputError(what: "more than 10000 entries") }
    let entries = try items.enumerated().map { try entry($1, at: "entries[\($0)]", now: now) }
    let end = try root["end"].flatMap { $0.isNull ? nil : try date($0, field: "end") }
    let policy: ReloadPolicy
    switch root["policy"] {
    case nil, .null?: policy = .after(later(now, by: interval))
    case .string("atEnd")?: policy = .atEnd
    case .string("never")?: policy = .never
    case .object(let o)?:
      guard let after = o["after"] else { throw CommandOutputError(what: Self.policyShape) }
      policy = .after(try date(after, field: "policy.after"))
    default: throw CommandOutputError(what: Self.policyShape)
    }
    return TimelineDraft(entries: entries, end: end, policy: policy)
  }

  /// The deepest nesting of arrays and objects the JSON reader accepts.
  static let maxDepth = 512

  /// Why `bytes` did not parse, as precisely as a quick look can say.
  static func whyNotJSON(_ bytes: [UInt8]) -> String {
    if bytes.isEmpty { return "empty, expected a JSON timeline" }
    if String(validating: bytes, as: UTF8.self) == nil {
      return "not UTF-8 (print text as UTF-8, e.g. through `iconv -t UTF-8`)"
    }
    if depth(bytes) > maxDepth { return "nested too deep (more than \(maxDepth) levels of arrays and objects)" }
    return "not valid JSON"
  }

  /// The deepest nesting of `[` and `{` outside strings.
  static func depth(_ bytes: [UInt8]) -> Int {
    var depth = 0
    var deepest = 0
    var inString = false
    var escaped = false
    for byte in bytes {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        deepest = Swift.max(deepest, depth)
      case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
      default: break
      }
    }
    return deepest
  }

  private static func entry(_ value: JSONValue, at: String, now: Int64) throws -> Entry {
    guard case .object(let f) = value else { throw CommandOutputError(what: "\(at) must be an object") }
    /// The field `key` as `read` reads it; nil when missing or null, an error saying `what`
    /// it must be when `read` finds no such value.
    func field<T>(_ key: String, _ what: String, _ read: (JSONValue) -> T?) throws -> T? {
      guard let raw = f[key], !raw.isNull else { return nil }
      guard let value = read(raw) else { throw CommandOutputError(what: "\(at).\(key) must be \(what)") }
      return value
    }
    func text(_ key: String) throws -> String? { try field(key, "a string") { $0.string } }
    var runs: [TextRun]
    if let list = try field("runs", "an array", { $0.array }) {
      runs = try list.map { run in
        guard let t = run["text"]?.string else { throw CommandOutputError(what: "\(at).runs[].text must be a string") }
        return TextRun(t, color: run["color"]?.string, bold: run["bold"]?.bool ?? false)
      }
    } else {
      runs = [TextRun(try text("text") ?? "", color: try text("color"))]
    }
    var tooltip: [String] = []
    switch f["tooltip"] {
    case nil, .null?: break
    case .string(let s)?: tooltip = s.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    case .array(let list)?:
      tooltip = try list.map {
        guard let s = $0.string else { throw CommandOutputError(what: "\(at).tooltip must hold strings") }
        return s
      }
    default: throw CommandOutputError(what: "\(at).tooltip must be a string or an array of strings")
    }
    let level = try field("level", "an integer 0-5") { $0.int.flatMap { (0...5).contains($0) ? Int($0) : nil } }
    let relevance = try field("relevance", "a number 0-100") { raw in
      raw.number.flatMap { $0.isFinite && (0...100).contains($0) ? Relevance(Int($0.rounded())) : nil }
    }
    let classes = try field("class", "an array of strings") { raw in
      raw.array.flatMap { list in list.allSatisfy { $0.string != nil } ? list.compactMap(\.string) : nil }
    }
    let quiet = try field("quiet", "true or false") { $0.bool } ?? false
    return Entry(
      date: try f["date"].flatMap { $0.isNull ? nil : try date($0, field: "\(at).date") } ?? now,
      relevance: relevance ?? Relevance(Relevance.defaultScore), runs: runs, short: try text("short"),
      tooltip: tooltip, alt: try text("alt") ?? (level.map { "level-\($0)" } ?? "command"),
      classes: classes ?? [], level: level, url: try text("url"), quiet: quiet)
  }

  /// `now + seconds`, kept within the dates a timeline holds (years 1 to 9999), whatever
  /// the clock says.
  static func later(_ now: Int64, by seconds: Int64) -> Int64 {
    let (sum, overflow) = now.addingReportingOverflow(seconds)
    let range = ISOTime.validRange
    if overflow || sum > range.upperBound { return range.upperBound }
    return Swift.max(sum, range.lowerBound)
  }

  static func date(_ value: JSONValue, field: String) throws -> Int64 {
    let epoch: Int64
    if let n = value.int {
      epoch = n
    } else if let s = value.string, let parsed = ISO8601.parse(s, requireZone: true) {
      epoch = parsed
    } else {
      throw CommandOutputError(
        what: "\(field) must be epoch seconds or an ISO 8601 date with a zone, like 2026-11-22T10:00:00Z")
    }
    guard ISOTime.validRange.contains(epoch) else {
      throw CommandOutputError(what: "\(field) \(epoch) is out of range (years 1 to 9999)")
    }
    return epoch
  }
}

struct CommandOutputError: Error { var what: String }
