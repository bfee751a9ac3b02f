import TimelineCore

/// The large family written straight from the file's bytes: the entries `large` would
/// give, laid out as `LargeText.lines(shown:)` lays them out, each detail record read into
/// the writer as it is parsed (`DetailRecord`). False whenever `large` would not give
/// `.entries` or a record is not in the writer's own form: the caller then takes the
/// String path, which answers every file the same way as before.
extension LineLayout {
  func largeBytes(
    at now: Int64, meta: CacheMeta, following: Bool, parser: JSONParser, into writer: inout LargeWriter
  ) -> Bool {
    guard version >= 2, complete, let found = search(at: now, parser: parser) else { return false }
    guard !Selection.isExpired(end: meta.end, now: now), let best = found.best else { return false }
    var records = ExtraLines(layout: self)
    var at = best.start
    var last: Int64?
    repeat {
      let stop = Swift.min(Self.lineEnd(bytes, from: at), end)
      let line = UnsafeRawBufferPointer(rebasing: bytes[at..<stop])
      var used = 0
      guard let date = Self.leadingDate(bytes, from: at, to: stop), let json = FlatJSON.parse(line, used: &used),
        Self.isOneValue(line, used: used), EntryDecoder.date(json.root) == date, last.map({ $0 <= date }) ?? true
      else { return false }
      if last != nil, let end = meta.end, date >= end { break }
      if last != nil { writer.rule() }
      guard write(json.root, records: &records, into: &writer) else { return false }
      last = date
      at = stop + 1
    } while following && at < end
    return true
  }

  /// One entry (`LargeText.lines(of:detail:)`): its detail, else its runs and tooltip, then
  /// its link unless a line names it.
  private func write(_ node: FlatNode, records: inout ExtraLines, into writer: inout LargeWriter) -> Bool {
    var url: [UInt8]?
    var key: [UInt8]?
    var record: DetailRecord?
    var oldDetail: [[TextRun]] = []
    // An index past the last record leaves the entry line's own members, as in `large`.
    if let index = EntryDecoder.extraIndex(node), let range = records.line(index) {
      guard let read = DetailRecord(UnsafeRawBufferPointer(rebasing: bytes[range])) else { return false }
      record = read
      url = read.url.map { read.bytes($0) }
      key = read.key.map { read.bytes($0) }
    } else {
      url = node["url"]?.string.map { Array($0.utf8) }
      key = node["key"]?.string.map { Array($0.utf8) }
      oldDetail = EntryDecoder.lines(node["detail"])
    }
    // The link is searched for as the String path finds it: valid UTF-8 (the record's
    // String would be repaired; such a file takes that path).
    if let url {
      guard LargeWriter.isValidUTF8(url) else { return false }
      writer.search(for: url)
    }
    var wrote = false
    if var current = record {
      wrote = current.hasDetail
      guard current.detail(into: &writer, write: true) else { return false }
    } else if !oldDetail.isEmpty {
      writer.lines(oldDetail)
      wrote = true
    }
    if !wrote, let key {
      guard let shared = sharedDetail(key: key, records: &records, into: &writer) else { return false }
      wrote = shared
    }
    if !wrote {
      let runs = EntryDecoder.runs(node["runs"])
      let tooltip = EntryDecoder.strings(node["tooltip"])
      writer.lines([runs] + (tooltip.isEmpty ? [] : [[]]) + tooltip.map { [TextRun($0)] })
    }
    let named = writer.named
    writer.endSearch()
    if let url, !named {
      writer.emptyLine()
      writer.beginLine()
      guard url.withUnsafeBytes({ writer.run($0, json: false, color: LargeForm.linkColor) }) else { return false }
      writer.endLine()
    }
    return true
  }

  /// The detail of the first record with `key` and a detail, written (`ExtraLines.detail`):
  /// true if one was, false if none has one, nil when a record on the way is not in the
  /// writer's form.
  private func sharedDetail(key: [UInt8], records: inout ExtraLines, into writer: inout LargeWriter) -> Bool? {
    var index = 0
    while let range = records.line(index) {
      guard var record = DetailRecord(UnsafeRawBufferPointer(rebasing: bytes[range])) else { return nil }
      let found = record.key.map { record.bytes($0) }
      // Keys are compared as Strings (canonical equivalence): bytes answer for ASCII alone.
      if let found, found != key, !(found + key).allSatisfy({ $0 < 0x80 }) { return nil }
      let match = record.hasDetail && found == key
      guard record.detail(into: &writer, write: match) else { return nil }
      if match { return true }
      index += 1
    }
    return false
  }
}
