import TimelineCore

/// The large family written straight from the file's bytes: the entries `large` would
/// give, laid out as `LargeText.lines(shown:)` lays them out, each detail record read into
/// the writer as it is parsed (`DetailRecord`). False whenever `large` would not give
/// `.entries` or a record is not in the writer's own form: the caller then takes the
/// String path, which answers every file the same way as before.
extension LineLayout {
  /// `shown`: the line current at `now` as `search` and `shownLine` already read it from
  /// these bytes (a stack's member, read for its choice): neither is done again.
  func largeBytes(
    at now: Int64, meta: CacheMeta, following: Bool, parser: JSONParser, into writer: inout LargeWriter,
    shown: (start: Int, json: FlatJSON)? = nil
  ) -> Bool {
    guard version >= 2, complete, !Selection.isExpired(end: meta.end, now: now) else { return false }
    var at: Int
    if let shown {
      at = shown.start
    } else {
      guard let best = search(at: now, parser: parser)?.best else { return false }
      at = best.start
    }
    var records = ExtraLines(layout: self)
    var last: Int64?
    repeat {
      let stop = Swift.min(Self.lineEnd(bytes, from: at), end)
      let line = UnsafeRawBufferPointer(rebasing: bytes[at..<stop])
      let read = last == nil ? shown?.json : nil
      guard let date = Self.leadingDate(bytes, from: at, to: stop), last.map({ $0 <= date }) ?? true,
        var entry = read.flatMap({ Self.entryLine(line, read: $0) }) ?? entryLine(line, records: &records),
        entry.date == date
      else { return false }
      if last != nil, let end = meta.end, date >= end { break }
      if last != nil { writer.rule() }
      guard write(&entry, records: &records, into: &writer) else { return false }
      last = date
      at = stop + 1
    } while following && at < end
    return true
  }

  /// The shown line `line` under the cache's validity rule (one JSON value as `FlatJSON`
  /// reads it, then at most the `,` before the next line); nil where the rule refuses it.
  /// An entry that shows a detail record needs only its `date` and `x`: its line is checked
  /// without being parsed (`EntryLineCheck`). Any other is parsed whole at once, since its
  /// runs or link are shown (and a key with an escape needs the parse to be told apart).
  private func entryLine(_ line: UnsafeRawBufferPointer, records: inout ExtraLines) -> EntryLine? {
    if showsRecord(line, records: &records) {
      guard let check = EntryLineCheck(line), Self.isOneValue(line, used: check.used) else { return nil }
      if check.plainKeys {
        return EntryLine(line: line, json: nil, date: check.date, extra: EntryDecoder.extraIndex(check.extra))
      }
    }
    var used = 0
    guard let json = FlatJSON.parse(line, used: &used), Self.isOneValue(line, used: used) else { return nil }
    return EntryLine(
      line: line, json: json, date: EntryDecoder.date(json.root), extra: EntryDecoder.extraIndex(json.root))
  }

  /// `line` as `shownLine` parsed it already (`read`, checked under the same rule), where
  /// `read` holds exactly these bytes.
  private static func entryLine(_ line: UnsafeRawBufferPointer, read: FlatJSON) -> EntryLine? {
    guard read.bytes.baseAddress == line.baseAddress, read.bytes.count == line.count else { return nil }
    return EntryLine(
      line: line, json: read, date: EntryDecoder.date(read.root), extra: EntryDecoder.extraIndex(read.root))
  }

  /// Whether `line` ends as the writer ends a line whose record has a detail: `,"x":N}`
  /// (then maybe `,`) with record `N` ending as detail lines do. Only a guess at which read is
  /// cheaper: both give the same answer for every line.
  private func showsRecord(_ line: UnsafeRawBufferPointer, records: inout ExtraLines) -> Bool {
    var at = line.count
    if at > 0 && line[at - 1] == UInt8(ascii: ",") { at -= 1 }
    guard at > 0, line[at - 1] == UInt8(ascii: "}") else { return false }
    at -= 1
    var index = 0
    var scale = 1
    while at > 0, line[at - 1] &- 48 < 10, scale < 1_000_000_000 {
      index += Int(line[at - 1] &- 48) * scale
      scale *= 10
      at -= 1
    }
    // `,"x":` before the digits.
    guard scale > 1, at >= 5, line[at - 5] == UInt8(ascii: ","), line[at - 4] == UInt8(ascii: "\""),
      line[at - 3] == UInt8(ascii: "x"), line[at - 2] == UInt8(ascii: "\""), line[at - 1] == UInt8(ascii: ":"),
      var record = records.line(index)
    else { return false }
    // A record with detail lines ends as its detail does: `]]}`.
    if record.count > 0 && bytes[record.upperBound - 1] == UInt8(ascii: ",") { record = record.dropLast() }
    return record.count >= 3 && bytes[record.upperBound - 1] == UInt8(ascii: "}")
      && bytes[record.upperBound - 2] == UInt8(ascii: "]") && bytes[record.upperBound - 3] == UInt8(ascii: "]")
  }

  /// One entry (`LargeText.lines(of:detail:)`): its detail, else its runs and tooltip, then
  /// its link unless a line names it.
  private func write(_ entry: inout EntryLine, records: inout ExtraLines, into writer: inout LargeWriter) -> Bool {
    var url: [UInt8]?
    var key: [UInt8]?
    var record: DetailRecord?
    var oldDetail: [[TextRun]] = []
    // An index past the last record leaves the entry line's own members, as in `large`.
    if let index = entry.extra, let range = records.line(index) {
      guard let read = DetailRecord(UnsafeRawBufferPointer(rebasing: bytes[range])) else { return false }
      record = read
      url = read.url.map { read.bytes($0) }
      key = read.key.map { read.bytes($0) }
    } else {
      guard let node = entry.root() else { return false }
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
      guard let node = entry.root() else { return false }
      var runs = EntryDecoder.runs(node["runs"])
      if !runs.contains(where: { $0.color != nil }) { runs = LargeForm.text(runs, level: EntryDecoder.level(node)) }
      // Line by line, as `LargeText.lines(of:detail:)` lays them out: an array of lines
      // of runs would cost a one-shot emit its generic metadata.
      writer.beginLine()
      for run in runs { writer.run(run.text, color: run.color) }
      writer.endLine()
      var first = true
      // swift-format-ignore: ReplaceForEachWithForLoop
      node["tooltip"]?.forEach { item in
        guard let text = item.string else { return }
        if first { writer.emptyLine() }
        first = false
        writer.beginLine()
        writer.run(text, color: nil)
        writer.endLine()
      }
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

/// A shown entry line, read whole (`root`) only when its values beyond `date` and `x` are.
private struct EntryLine {
  let line: UnsafeRawBufferPointer
  var json: FlatJSON?
  var date: Int64?
  var extra: Int?

  /// The line's value; nil only where `EntryLineCheck` and `FlatJSON` would disagree.
  mutating func root() -> FlatNode? {
    if json == nil {
      var used = 0
      json = FlatJSON.parse(line, used: &used)
    }
    return json?.root
  }
}
