import Glibc
import TimelineCore

/// The writer's line layout, located in a file's bytes (docs/cache-format.md, "Layout"):
/// each entry line is one JSON object, so a reader binary-searches the lines by byte offset.
/// In version 2 every entry line starts `{"date":<integer>`, so the search reads the probed
/// lines' dates from their bytes and parses only the line it shows (`FlatJSON`); the `extra`
/// section is never touched. In version 1 every probed line is parsed.
struct LineLayout {
  let bytes: UnsafeRawBufferPointer
  let version: Int64
  let meta: CacheMeta?
  /// Version 2: the meta line, for the placeholder (decoded only when shown).
  var metaLine: FlatJSON?
  /// Byte range of the entry lines.
  let start: Int
  let end: Int
  /// Version 2: where the `extra` records start.
  let extraStart: Int
  /// Whether the closing `]}` is there (and, in version 2, the entry lines have the length
  /// the meta line gives).
  let complete: Bool

  enum Found {
    case layout(LineLayout)
    case futureVersion(Int64)
    case other
  }

  // Compared with memcmp (`holds`).
  private static var prefix: StaticString { #"{"version":"# }
  private static var metaKey: StaticString { #","meta":"# }
  private static var entriesKey: StaticString { #","entries":["# }
  private static var extraKey: StaticString { "],\"extra\":[\n" }
  private static var datePrefix: StaticString { #"{"date":"# }

  /// Whether `bytes` hold `text` at `at`.
  private static func holds(_ bytes: UnsafeRawBufferPointer, _ text: StaticString, at: Int) -> Bool {
    let count = text.utf8CodeUnitCount
    guard at >= 0, at <= bytes.count, count <= bytes.count - at, let base = bytes.baseAddress else { return false }
    return memcmp(base + at, text.utf8Start, count) == 0
  }

  static func find(_ bytes: UnsafeRawBufferPointer, parser: JSONParser) -> Found {
    guard holds(bytes, prefix, at: 0) else { return .other }
    var at = prefix.utf8CodeUnitCount
    var version: Int64 = 0
    while at < bytes.count, (48...57).contains(bytes[at]), version < 1_000_000 {
      version = version * 10 + Int64(bytes[at] - 48)
      at += 1
    }
    if version > CacheEncoder.version { return .futureVersion(version) }
    guard version >= 1, holds(bytes, metaKey, at: at) else { return .other }
    at += metaKey.utf8CodeUnitCount
    let metaBytes = UnsafeRawBufferPointer(rebasing: bytes[at..<lineEnd(bytes, from: at)])
    var used = 0
    let meta: CacheMeta?
    var metaLine: FlatJSON?
    if version >= 2 {
      guard let line = FlatJSON.parse(metaBytes, used: &used) else { return .layout(damaged(bytes, version)) }
      meta = CacheMeta.decode(line.root, placeholder: false)
      metaLine = line
    } else {
      guard let document = parser.parse(metaBytes, used: &used) else { return .layout(damaged(bytes, version)) }
      meta = CacheMeta.decode(document.node)
    }
    at += used
    guard holds(bytes, entriesKey, at: at) else { return .other }
    at += entriesKey.utf8CodeUnitCount
    guard at < bytes.count, bytes[at] == 0x0A else { return .other }
    let start = at + 1
    var tail = bytes.count
    while tail > start, bytes[tail - 1] == 0x0A { tail -= 1 }
    let closed = tail - start >= 2 && bytes[tail - 2] == UInt8(ascii: "]") && bytes[tail - 1] == UInt8(ascii: "}")
    guard version >= 2 else {
      return .layout(
        LineLayout(
          bytes: bytes, version: version, meta: meta, start: start, end: closed ? tail - 2 : tail, extraStart: tail,
          complete: closed))
    }
    // Version 2: the `extra` section must start where the meta line says the entry lines
    // end, so a file cut or spliced inside the entries is noticed.
    guard let length = meta?.entryBytes, length <= bytes.count - start,
      holds(bytes, extraKey, at: start + length)
    else {
      return .layout(
        LineLayout(
          bytes: bytes, version: version, meta: meta, metaLine: metaLine, start: 0, end: 0, extraStart: 0,
          complete: false))
    }
    let end = start + length
    return .layout(
      LineLayout(
        bytes: bytes, version: version, meta: meta, metaLine: metaLine, start: start, end: end,
        extraStart: end + extraKey.utf8CodeUnitCount, complete: closed && tail - 2 >= end + extraKey.utf8CodeUnitCount))
  }

  /// The meta line's placeholder, decoded now (version 1 decoded it with the meta).
  func placeholder() -> Entry? {
    guard let metaLine else { return meta?.placeholder }
    return metaLine.root["placeholder"].flatMap { EntryDecoder.entry($0) }
  }

  private static func damaged(_ bytes: UnsafeRawBufferPointer, _ version: Int64) -> LineLayout {
    LineLayout(bytes: bytes, version: version, meta: nil, start: 0, end: 0, extraStart: 0, complete: false)
  }

  /// Where the line starting at `from` ends (its newline, or the end of the bytes).
  static func lineEnd(_ bytes: UnsafeRawBufferPointer, from: Int) -> Int {
    guard from < bytes.count, let base = bytes.baseAddress else { return Swift.max(from, bytes.count) }
    guard let found = memchr(base + from, 0x0A, bytes.count - from) else { return bytes.count }
    return UnsafeRawPointer(found) - base
  }

  /// The start of the line holding `position`, never before `start`.
  private func lineStart(before position: Int) -> Int {
    guard position > start, let base = bytes.baseAddress else { return position }
    let byte = base.assumingMemoryBound(to: UInt8.self)
    var at = position
    // Back a word at a time while no byte is a newline (Glibc's module has no memrchr).
    while at - 8 >= start && !ByteScan.hasByte(ByteScan.word(base, at: at - 8), equalTo: 0x0A) { at -= 8 }
    while at > start, byte[at - 1] != 0x0A { at -= 1 }
    return at
  }

  /// A line start in `low..<high` near its middle: the line after the middle, or (when the
  /// middle is in the last line) the line holding it, so a probe never backs up through a
  /// long line byte by byte.
  private func probeLine(low: Int, high: Int) -> Int {
    let middle = (low + high) / 2
    let next = Self.lineEnd(bytes, from: middle) + 1
    return next < high ? next : lineStart(before: middle)
  }

  /// The date a version 2 entry line starts with: `{"date":` then an integer ended by `,`
  /// or `}`; nil for anything else (the line is damaged).
  static func leadingDate(_ bytes: UnsafeRawBufferPointer, from: Int, to stop: Int) -> Int64? {
    guard stop - from > datePrefix.utf8CodeUnitCount, holds(bytes, datePrefix, at: from) else { return nil }
    var at = from + datePrefix.utf8CodeUnitCount
    let negative = bytes[at] == UInt8(ascii: "-")
    if negative { at += 1 }
    let first = at
    // Without overflow checks as it is scanned; past 18 digits (never a real date) again, with them.
    var value: Int64 = 0
    while at < stop, bytes[at] &- 48 < 10 {
      value = value &* 10 &+ Int64(bytes[at] &- 48)
      at += 1
    }
    let digits = at - first
    guard digits > 0, digits == 1 || bytes[first] != 48, at < stop,
      bytes[at] == UInt8(ascii: ",") || bytes[at] == UInt8(ascii: "}")
    else { return nil }
    if digits > 18 {
      value = 0
      for index in first..<at {
        let (times, o1) = value.multipliedReportingOverflow(by: 10)
        let (sum, o2) = times.addingReportingOverflow(Int64(bytes[index] &- 48))
        if o1 || o2 { return nil }
        value = sum
      }
    }
    return negative ? -value : value
  }

  /// The date of the entry line `probe..<stop`: read from its bytes (version 2) or by
  /// parsing it (version 1). Nil if the line is damaged.
  private func date(_ probe: Int, _ stop: Int, parser: JSONParser, document: inout JSONDocument?) -> Int64? {
    if version >= 2 { return Self.leadingDate(bytes, from: probe, to: stop) }
    var used = 0
    guard let parsed = parser.parse(UnsafeRawBufferPointer(rebasing: bytes[probe..<stop]), used: &used),
      Self.onlySeparator(bytes, after: probe + used, stop: stop)
    else { return nil }
    document = parsed
    return EntryDecoder.date(parsed.node)
  }

  /// The binary search's result: the last line dated ≤ now (in version 1 with the line
  /// parsed), and the date of the first line after now.
  struct Search {
    var best: (start: Int, stop: Int, date: Int64, parsed: JSONDocument?)?
    var nextDate: Int64?
  }

  /// Binary search for the last line whose date ≤ now; nil if a probed line is damaged. The
  /// next entry's date is the last probe after now, so no line is read twice.
  func search(at now: Int64, parser: JSONParser) -> Search? {
    var low = start
    var high = end
    var found = Search()
    var highDate: Int64 = 0
    while low < high {
      let probe = probeLine(low: low, high: high)
      let stop = Self.lineEnd(bytes, from: probe)
      var document: JSONDocument?
      guard stop > probe, let date = date(probe, stop, parser: parser, document: &document) else { return nil }
      if date <= now {
        found.best = (probe, stop, date, document)
        low = Swift.min(stop + 1, end)
      } else {
        high = probe
        highDate = date
      }
    }
    // The last probe that moved `high` was the first line dated after now.
    if low < end { found.nextDate = highDate }
    return found
  }

  /// The entry current at `now`; the winning line alone is decoded (with `full`, its
  /// `extra` record too), and not even that when the timeline has ended.
  func select(
    at now: Int64, meta: CacheMeta, path: String, parser: JSONParser, full: Bool, tooltip: Bool, summary: Bool = false
  ) -> CacheView {
    guard let found = search(at: now, parser: parser) else {
      return CacheView(meta: meta, error: .corrupt(path, "an entry line is not valid"))
    }
    // Each view is built where it is returned: one built in a variable was copied out.
    guard !Selection.isExpired(end: meta.end, now: now), let (probe, stop, date, parsed) = found.best else {
      return CacheView(meta: meta, nextDate: found.nextDate)
    }
    if version >= 2 {
      if summary, let json = shownLine(probe, stop, date: date) {
        let entry = Entry(date: date, relevance: EntryDecoder.relevance(json.root), runs: [], alt: "")
        return CacheView(
          meta: meta, current: entry, nextDate: found.nextDate, line: Array(bytes[probe..<stop]))
      }
      guard let json = shownLine(probe, stop, date: date),
        var entry = EntryDecoder.entry(json.root, full: false, tooltip: tooltip)
      else { return CacheView(meta: meta, error: .corrupt(path, "an entry line is not valid")) }
      if full, let index = EntryDecoder.extraIndex(json.root) {
        guard let record = extraRecord(index) else {
          return CacheView(meta: meta, error: .corrupt(path, "an extra record is not valid"))
        }
        let resolved = EntryDecoder.entry(json.root, full: true, extra: record.root)
        entry.url = resolved?.url
        entry.key = resolved?.key
        entry.detail = resolved?.detail ?? []
      }
      return CacheView(meta: meta, current: entry, nextDate: found.nextDate)
    }
    let line = UnsafeRawBufferPointer(rebasing: bytes[probe..<stop])
    var used = 0
    // The shown line is read whole, and its `date` must be the one its bytes gave.
    guard let document = parsed ?? parser.parse(line, used: &used), EntryDecoder.date(document.node) == date,
      let entry = EntryDecoder.entry(document.node, full: full, tooltip: tooltip)
    else { return CacheView(meta: meta, error: .corrupt(path, "an entry line is not valid")) }
    return CacheView(meta: meta, current: entry, nextDate: found.nextDate)
  }

  /// Version 2: the shown line `probe..<stop`, read whole; nil unless it is one JSON value
  /// (and its separating `,`) whose `date` is the one its bytes gave.
  func shownLine(_ probe: Int, _ stop: Int, date: Int64) -> FlatJSON? {
    let line = UnsafeRawBufferPointer(rebasing: bytes[probe..<stop])
    var used = 0
    guard let json = FlatJSON.parse(line, used: &used),
      Self.onlySeparator(bytes, after: probe + used, stop: stop),
      EntryDecoder.date(json.root) == date
    else { return nil }
    return json
  }

  /// The `index`-th record of the `extra` section (a linear walk: only `full` readers come here).
  private func extraRecord(_ index: Int) -> FlatJSON? {
    var at = extraStart
    var remaining = index
    while at < bytes.count {
      let stop = Self.lineEnd(bytes, from: at)
      if remaining == 0 { return record(at..<stop) }
      remaining -= 1
      at = stop + 1
    }
    return nil
  }
}
