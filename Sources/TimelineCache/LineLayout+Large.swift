import TimelineCore

/// What `--family large` reads from a cache file at one instant (`CacheReader.large`).
public enum LargeRead: Sendable {
  /// The current entry, then (when asked for) every later one dated before the end, each
  /// with its link, key and detail as the whole-document reader gives them.
  case entries(CacheMeta, [Entry])
  /// No entry is current (none yet, or the timeline has ended): bars show the placeholder.
  case noEntry
  /// The line layout cannot answer: read the whole document (`CacheReader.timeline`).
  case whole
}

/// The large family's read of a version 2 file: the bars' binary search, then only the
/// lines of the entries it shows and their `extra` records. A repeated shabad's detail is
/// that of the first record with its key and a detail, where a writer in this layout puts it.
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
      // A later line dated before the one above it breaks the order: only the whole read sorts.
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
    guard let date = Self.leadingDate(bytes, from: from, to: stop), let json = shownLine(from, stop, date: date)
    else { return nil }
    var record: FlatJSON?
    // An index past the last record costs the entry its detail and link, as in the whole read.
    if let index = EntryDecoder.extraIndex(json.root), let range = records.line(index) {
      guard let parsed = self.record(range) else { return nil }
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

  /// The detail of the first record with `key` and a detail; empty when none has one, nil
  /// when a record on the way is damaged.
  mutating func detail(key: String) -> [[TextRun]]? {
    var index = 0
    while let range = line(index) {
      guard let json = layout.record(range) else { return nil }
      if json.root["key"]?.string == key {
        let detail = EntryDecoder.lines(json.root["detail"], twins: twins)
        if !detail.isEmpty { return detail }
      }
      index += 1
    }
    return []
  }
}
