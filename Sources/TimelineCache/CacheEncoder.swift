import TimelineCore

/// Serialises a timeline in the cache layout of docs/cache-format.md (version 2): line 1
/// holds the version and the meta object, then one small entry line per entry with only
/// what bars print, then the `extra` section (link, key and the full content `timeline
/// show` reads), one record per line, shared by entries whose records are equal.
enum CacheEncoder {
  /// The format version this build writes; it reads this one and every older one.
  static let version: Int64 = 2

  static func encode(_ timeline: Timeline) -> [UInt8] {
    var records: [ExtraRecord] = []
    var recordIndex: [ExtraRecord: Int] = [:]
    var lines = JSONWriter()
    for (index, entry) in timeline.entries.enumerated() {
      if index > 0 {
        lines.raw(",")
        lines.newline()
      }
      var extra: Int?
      let record = ExtraRecord(entry)
      if !record.isEmpty {
        if let known = recordIndex[record] {
          extra = known
        } else {
          extra = records.count
          recordIndex[record] = records.count
          records.append(record)
        }
      }
      self.entry(entry, extra: extra, into: &lines)
    }
    if !timeline.entries.isEmpty { lines.newline() }

    var w = JSONWriter()
    w.raw("{\"version\":\(version),\"meta\":")
    meta(timeline, entryBytes: lines.bytes.count, into: &w)
    w.raw(",\"entries\":[")
    w.newline()
    w.append(lines)
    w.raw("],\"extra\":[")
    w.newline()
    for (index, record) in records.enumerated() {
      if index > 0 {
        w.raw(",")
        w.newline()
      }
      record.write(into: &w)
    }
    if !records.isEmpty { w.newline() }
    w.raw("]}")
    w.newline()
    return w.bytes
  }

  private static func meta(_ t: Timeline, entryBytes: Int, into w: inout JSONWriter) {
    w.beginObject()
    w.field("widget", t.widget.text)
    w.field("kind", t.kind)
    w.field("generated", t.generated)
    w.optional("lastSuccess", t.lastSuccess)
    w.optional("due", t.due)
    w.field("grace", t.grace)
    w.optional("end", t.end)
    switch t.policy {
    case .atEnd:
      w.field("policy", "atEnd")
    case .never:
      w.field("policy", "never")
    case .after(let date):
      w.field("policy", "after")
      w.field("after", date)
    }
    w.field("configHash", t.configHash)
    if let line = t.line { w.field("line", line.rawValue) }
    if let font = t.polybarFont { w.field("polybarFont", Int64(font)) }
    if !t.members.isEmpty {
      w.key("members")
      w.beginArray()
      for member in t.members { w.string(member) }
      w.endArray()
      w.optional("minDisplay", t.minDisplay)
    }
    if t.days { w.field("days", true) }
    if t.hideWhenEmpty { w.field("hideWhenEmpty", true) }
    w.field("count", Int64(t.entries.count))
    w.field("entryBytes", Int64(entryBytes))
    w.key("placeholder")
    entry(t.placeholder, extra: nil, into: &w)
    w.endObject()
  }

  /// An entry line: `date` first (readers find it by its bytes), then what bars print.
  static func entry(_ e: Entry, extra: Int?, into w: inout JSONWriter) {
    w.beginObject()
    w.field("date", e.date)
    w.field("alt", e.alt)
    w.key("runs")
    runs(e.runs, into: &w)
    if let short = e.short { w.field("short", short) }
    strings("tooltip", e.tooltip, into: &w)
    strings("class", e.classes, into: &w)
    if let level = e.level { w.field("level", Int64(level)) }
    if let relevance = e.relevance {
      relevanceField(relevance, into: &w)
    }
    if !e.ascii.isEmpty {
      w.key("ascii")
      runs(e.ascii, into: &w)
    }
    lineText("translit", e.transliteration, into: &w)
    lineText("transl", e.translation, into: &w)
    if e.quiet { w.field("quiet", true) }
    if let extra { w.field("x", Int64(extra)) }
    w.endObject()
  }

  /// `"rel":N`, or `"rel":[N,from,score,…]` when the score changes while the entry is current.
  private static func relevanceField(_ relevance: Relevance, into w: inout JSONWriter) {
    guard !relevance.changes.isEmpty else {
      w.field("rel", Int64(relevance.score))
      return
    }
    w.key("rel")
    w.beginArray()
    w.int(Int64(relevance.score))
    for value in relevance.changes { w.int(value) }
    w.endArray()
  }

  private static func strings(_ name: String, _ values: [String], into w: inout JSONWriter) {
    guard !values.isEmpty else { return }
    w.key(name)
    w.beginArray()
    for value in values { w.string(value) }
    w.endArray()
  }

  private static func lineText(_ name: String, _ value: LineText?, into w: inout JSONWriter) {
    guard let value else { return }
    w.key(name)
    w.beginObject()
    w.field("t", value.text)
    if let short = value.short { w.field("s", short) }
    w.endObject()
  }

  /// Runs as `{"t":…,"c":…,"b":true}`; a detail line's (`twins`) with its ASCII twin first,
  /// `{"a":…,"t":…}`, so that a reader drawing the twin meets it before the text it skips.
  static func runs(_ runs: [TextRun], twins: Bool = false, into w: inout JSONWriter) {
    w.beginArray()
    for run in runs {
      w.beginObject()
      if twins, let ascii = run.ascii { w.field("a", ascii) }
      w.field("t", run.text)
      if let color = run.color { w.field("c", color) }
      if run.bold { w.field("b", true) }
      w.endObject()
    }
    w.endArray()
  }
}

/// What only `timeline show`, `timeline open` and the next refresh read: one line of the
/// `extra` section. Equal records are written once (a favourites folder that repeats a
/// shabad, or a provider that keeps several entries of one shabad, stores its body once).
struct ExtraRecord: Hashable {
  var url: String?
  var key: String?
  var detail: [[TextRun]]

  init(_ entry: Entry) {
    url = entry.url
    key = entry.key
    detail = entry.detail
  }

  var isEmpty: Bool { url == nil && key == nil && detail.isEmpty }

  func write(into w: inout JSONWriter) {
    w.beginObject()
    if let url { w.field("url", url) }
    if let key { w.field("key", key) }
    if !detail.isEmpty {
      w.key("detail")
      w.beginArray()
      for line in detail { CacheEncoder.runs(line, twins: true, into: &w) }
      w.endArray()
    }
    w.endObject()
  }
}
