import TimelineCore

/// What `--family large` reads from a cache file at one instant (`CacheReader.large`).
public enum LargeRead: Sendable {
  /// The current entry, then (when asked for) every later one dated before the timeline's
  /// end, each with its link, key and detail, as the whole-document reader gives them (a
  /// repeat's detail resolved as `Timeline.detail(of:)` resolves it).
  case entries(CacheMeta, [Entry])
  /// No entry is current (none yet, or the timeline has ended): bars show the placeholder.
  case noEntry
  /// The line layout cannot answer (another layout, version 1, a damaged line or record):
  /// read the whole document instead (`CacheReader.timeline`), as `timeline show` does.
  case whole
}

/// The large family's read of a version 2 file: the binary search of the bars' read, then
/// only the lines of the entries it shows and their `extra` records. A shabad's body is
/// stored once, in the record of the first entry that shows it; the entries that show it
/// again carry only its key, and their detail is that of the first record with the same key
/// and a detail, which is where a writer in this layout puts it (records are numbered in
/// the order entries first use them). So the read parses one entry (a forecast's few days)
/// and one or two records, whatever the number of entries.
extension LineLayout {
  func large(at now: Int64, meta: CacheMeta, following: Bool, twins: EntryDecoder.Twins, parser: JSONParser)
    -> LargeRead
  {
    guard version >= 2, complete, let found = search(at: now, parser: parser) else { return .whole }
    guard !Selection.isExpired(end: meta.end, now: now), let best = found.best else { return .noEntry }
    var records = ExtraLines(layout: self, twins: twins)
    var entries: [Entry] = []
    var at = best.start
    repeat {
      let stop = Swift.min(Self.lineEnd(bytes, from: at), end)
      // A later line dated before the one above it breaks the layout's order, which only
      // the whole read (it sorts) can answer.
      guard let entry = shownEntry(at, stop, records: &records), entries.last.map({ $0.date <= entry.date }) ?? true
      else { return .whole }
      // A later entry dated at or after the end is never current: the rest are not shown.
      if !entries.isEmpty, let last = meta.end, entry.date >= last { break }
      entries.append(entry)
      at = stop + 1
    } while following && at < end
    return .entries(meta, entries)
  }

  /// The entry on the line `from..<stop` with its record, checked as `select` checks the
  /// line it shows; nil for a damaged line or record.
  private func shownEntry(_ from: Int, _ stop: Int, records: inout ExtraLines) -> Entry? {
    let line = UnsafeRawBufferPointer(rebasing: bytes[from..<stop])
    var used = 0
    guard let date = Self.leadingDate(bytes, from: from, to: stop), let json = FlatJSON.parse(line, used: &used),
      Self.isOneValue(line, used: used), EntryDecoder.date(json.root) == date
    else { return nil }
    var record: FlatJSON?
    // An index past the last record costs the entry its detail and link, as in the
    // whole-document read.
    if let index = EntryDecoder.extraIndex(json.root), let range = records.line(index) {
      guard let parsed = records.parse(range) else { return nil }
      record = parsed
    }
    guard
      var entry = EntryDecoder.entry(json.root, full: true, tooltip: true, extra: record?.root, twins: records.twins)
    else { return nil }
    if entry.detail.isEmpty, let key = entry.key {
      guard let shared = records.detail(key: key) else { return nil }
      entry.detail = shared
    }
    return entry
  }

  /// Whether `used` bytes of `line` are all of it but the `,` that separates it from the next.
  static func isOneValue(_ line: UnsafeRawBufferPointer, used: Int) -> Bool {
    used == line.count || (used == line.count - 1 && line[used] == UInt8(ascii: ","))
  }
}

/// The `extra` section's lines, found as they are asked for (one `memchr` per line).
struct ExtraLines {
  let layout: LineLayout
  /// How the details' twins are read.
  let twins: EntryDecoder.Twins
  /// Where the closing `]}` line starts: the records are the lines before it.
  let close: Int
  private var starts: [Int] = []
  private var next: Int
  /// The record asked for last, which is asked for again (`largeBytes` looks at its end
  /// before it reads it): its line's end is found once.
  private var last = (index: -1, range: 0..<0)

  init(layout: LineLayout, twins: EntryDecoder.Twins) {
    self.layout = layout
    self.twins = twins
    var tail = layout.bytes.count
    while tail > layout.extraStart, layout.bytes[tail - 1] == 0x0A { tail -= 1 }
    // `]}` closes the records only on a line of its own: a last record that carries it is
    // not one value, and damaged, as the whole read (`recordLines`) finds it.
    let own = tail - 2 == layout.extraStart || (tail - 3 >= layout.extraStart && layout.bytes[tail - 3] == 0x0A)
    close = own ? tail - 2 : Swift.max(layout.extraStart, tail)
    next = layout.extraStart
  }

  /// The byte range of record `index`, nil past the last one.
  mutating func line(_ index: Int) -> Range<Int>? {
    while starts.count <= index, next < close {
      starts.append(next)
      next = LineLayout.lineEnd(layout.bytes, from: next) + 1
    }
    guard index < starts.count else { return nil }
    if last.index != index {
      last = (index, starts[index]..<Swift.min(LineLayout.lineEnd(layout.bytes, from: starts[index]), close))
    }
    return last.range
  }

  /// The record on `range`, nil unless it is one JSON value (with its separating comma).
  func parse(_ range: Range<Int>) -> FlatJSON? {
    let line = UnsafeRawBufferPointer(rebasing: layout.bytes[range])
    var used = 0
    guard let json = FlatJSON.parse(line, used: &used), LineLayout.isOneValue(line, used: used) else { return nil }
    return json
  }

  /// The detail of the first record with `key` and a detail; empty when none has one, nil
  /// when a record on the way is damaged.
  mutating func detail(key: String) -> [[TextRun]]? {
    var index = 0
    while let range = line(index) {
      guard let json = parse(range) else { return nil }
      if json.root["key"]?.string == key {
        let detail = EntryDecoder.lines(json.root["detail"], twins: twins)
        if !detail.isEmpty { return detail }
      }
      index += 1
    }
    return []
  }
}
