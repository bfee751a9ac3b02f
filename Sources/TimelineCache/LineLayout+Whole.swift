import TimelineCore

/// The whole timeline of a file in the writer's layout, for the CLI: read line by line, each
/// line as the bars read it, so the CLI and the bars give one answer (docs/cache-format.md,
/// "One answer"). A whole-document parse would read the same bytes differently: json-c
/// keeps the last of repeated top-level keys, so an `extra` line could restate `entries`.
extension LineLayout {
  /// The meta and every entry with its link and detail; `ordered` false when the entry
  /// lines are out of date order (the entries then those the bars show). Throws the error
  /// the emitter's read gives for the first damage found.
  func whole(path: String, parser: JSONParser) throws(CacheReadError) -> (CacheMeta, [Entry], ordered: Bool) {
    guard var meta else { throw .corrupt(path, "the meta line is not valid") }
    guard complete else { throw .corrupt(path, "the file is truncated") }
    meta.placeholder = placeholder()
    let records = version >= 2 ? recordLines() : []
    var entries: [Entry] = []
    var starts: [Int] = []
    entries.reserveCapacity(meta.count <= 100_000 ? meta.count : 0)
    var ordered = true
    var at = start
    while at < end {
      let stop = Self.lineEnd(bytes, from: at)
      guard stop > at, let entry = entryLine(at, Swift.min(stop, end), parser: parser, records: records) else {
        throw .corrupt(path, "an entry line is not valid")
      }
      if let last = entries.last, entry.date < last.date { ordered = false }
      entries.append(entry)
      starts.append(at)
      at = stop + 1
    }
    if version >= 2 { resolveRepeats(&entries, records: records) }
    guard ordered else { return (meta, asTheBarsShow(entries, starts: starts, parser: parser), false) }
    return (meta, entries, true)
  }

  /// Entry lines out of date order, as the bars show them: the bars' search changes its
  /// answer only where `now` crosses a line's date and never goes back to an earlier line,
  /// so their view is a timeline in order. Lines the search never finds are left out.
  private func asTheBarsShow(_ entries: [Entry], starts: [Int], parser: JSONParser) -> [Entry] {
    var line: [Int: Int] = [:]
    for (index, start) in starts.enumerated() { line[start] = index }
    var shown: [Entry] = []
    var last: Int?
    for date in Set(entries.map(\.date)).sorted() {
      guard let found = search(at: date, parser: parser)?.best, let index = line[found.start], index != last else {
        continue
      }
      var entry = entries[index]
      entry.date = date
      shown.append(entry)
      last = index
    }
    return shown
  }

  /// An offline repeat takes the detail of the first record with its key and a detail, as
  /// `ExtraLines.detail` does, so the two agree on a file whose records are in another order.
  private func resolveRepeats(_ entries: inout [Entry], records: [Range<Int>]) {
    guard entries.contains(where: { $0.detail.isEmpty && $0.key != nil }) else { return }
    var shared: [String: [[TextRun]]] = [:]
    for range in records {
      guard let json = record(range), let key = json.root["key"]?.string, shared[key] == nil else { continue }
      let detail = EntryDecoder.lines(json.root["detail"])
      if !detail.isEmpty { shared[key] = detail }
    }
    for index in entries.indices where entries[index].detail.isEmpty {
      if let key = entries[index].key, let detail = shared[key] { entries[index].detail = detail }
    }
  }

  /// The entry on the line `from..<stop`, if the emitter would show it (see `select`); a
  /// record line that is not one object costs the entry its link and detail.
  private func entryLine(_ from: Int, _ stop: Int, parser: JSONParser, records: [Range<Int>]) -> Entry? {
    if version >= 2 {
      guard let date = Self.leadingDate(bytes, from: from, to: stop), let json = shownLine(from, stop, date: date)
      else { return nil }
      let record = EntryDecoder.extraIndex(json.root).flatMap { $0 < records.count ? self.record(records[$0]) : nil }
      return EntryDecoder.entry(json.root, full: true, extra: record?.root)
    }
    var used = 0
    guard let document = parser.parse(UnsafeRawBufferPointer(rebasing: bytes[from..<stop]), used: &used),
      Self.onlySeparator(bytes, after: from + used, stop: stop)
    else { return nil }
    return EntryDecoder.entry(document.node, full: true)
  }

  /// The byte ranges of the `extra` lines, one record a line, up to the closing `]}`.
  private func recordLines() -> [Range<Int>] {
    var lines: [Range<Int>] = []
    var at = extraStart
    while at < bytes.count {
      let stop = Self.lineEnd(bytes, from: at)
      if stop - at == 2 && bytes[at] == UInt8(ascii: "]") && bytes[at + 1] == UInt8(ascii: "}") { break }
      lines.append(at..<stop)
      at = stop + 1
    }
    return lines
  }

  /// The record on the `extra` line `range`: one JSON value and its separating comma, else nil.
  func record(_ range: Range<Int>) -> FlatJSON? {
    var used = 0
    guard range.count > 0, let json = FlatJSON.parse(UnsafeRawBufferPointer(rebasing: bytes[range]), used: &used),
      Self.onlySeparator(bytes, after: range.lowerBound + used, stop: range.upperBound)
    else { return nil }
    return json
  }

  /// Whether nothing but the `,` that separates lines follows a value ending at `after`.
  static func onlySeparator(_ bytes: UnsafeRawBufferPointer, after: Int, stop: Int) -> Bool {
    after == stop || (after == stop - 1 && bytes[after] == UInt8(ascii: ","))
  }
}
