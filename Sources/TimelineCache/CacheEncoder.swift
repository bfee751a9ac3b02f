import TimelineCore

/// Serialises a timeline in the cache layout of docs/cache-format.md: line 1 holds the
/// version and the meta object, then one entry per line, then `]}`. Readers may rely on
/// that layout to find the current entry by binary search without parsing every entry.
public enum CacheEncoder {
  /// The format version this build writes and reads.
  public static let version: Int64 = 1

  /// The cache file's bytes.
  public static func encode(_ timeline: Timeline) -> [UInt8] {
    var w = JSONWriter()
    w.raw("{\"version\":\(version),\"meta\":")
    meta(timeline, into: &w)
    w.raw(",\"entries\":[")
    w.newline()
    for (index, entry) in timeline.entries.enumerated() {
      if index > 0 {
        w.raw(",")
        w.newline()
      }
      self.entry(entry, into: &w)
    }
    if !timeline.entries.isEmpty { w.newline() }
    w.raw("]}")
    w.newline()
    return w.bytes
  }

  private static func meta(_ t: Timeline, into w: inout JSONWriter) {
    w.beginObject()
    w.key("widget"); w.string(t.widget)
    w.key("kind"); w.string(t.kind)
    w.key("generated"); w.int(t.generated)
    w.optional("lastSuccess", t.lastSuccess)
    w.optional("lastError", t.lastError)
    w.key("failures"); w.int(Int64(t.failures))
    w.optional("retryAt", t.retryAt)
    w.optional("due", t.due)
    w.key("grace"); w.int(t.grace)
    w.optional("end", t.end)
    switch t.policy {
    case .atEnd: w.key("policy"); w.string("atEnd")
    case .never: w.key("policy"); w.string("never")
    case .after(let date):
      w.key("policy"); w.string("after")
      w.key("after"); w.int(date)
    }
    w.key("configHash"); w.string(t.configHash)
    w.key("count"); w.int(Int64(t.entries.count))
    w.key("placeholder")
    entry(t.placeholder, into: &w)
    w.endObject()
  }

  static func entry(_ e: Entry, into w: inout JSONWriter) {
    w.beginObject()
    w.key("date"); w.int(e.date)
    w.key("alt"); w.string(e.alt)
    w.key("runs"); runs(e.runs, into: &w)
    if let short = e.short { w.key("short"); w.string(short) }
    if !e.tooltip.isEmpty {
      w.key("tooltip"); w.beginArray()
      for line in e.tooltip { w.string(line) }
      w.endArray()
    }
    if !e.classes.isEmpty {
      w.key("class"); w.beginArray()
      for name in e.classes { w.string(name) }
      w.endArray()
    }
    if let level = e.level { w.key("level"); w.int(Int64(level)) }
    if let relevance = e.relevance, relevance.isFinite { w.key("relevance"); w.double(relevance) }
    if let url = e.url { w.key("url"); w.string(url) }
    if let key = e.key { w.key("key"); w.string(key) }
    if !e.detail.isEmpty {
      w.key("detail"); w.beginArray()
      for line in e.detail { runs(line, into: &w) }
      w.endArray()
    }
    w.endObject()
  }

  private static func runs(_ runs: [TextRun], into w: inout JSONWriter) {
    w.beginArray()
    for run in runs {
      w.beginObject()
      w.key("t"); w.string(run.text)
      if let color = run.color { w.key("c"); w.string(color) }
      if run.bold { w.key("b"); w.bool(true) }
      w.endObject()
    }
    w.endArray()
  }
}
