import TimelineCore

/// What a stack's large form reads of its members beyond their choice: the large form of
/// the member it shows, and each member's line for the ranking, from the reads the choice
/// already made.
extension MemberView {
  /// `CacheReader.largeBytes(path:at:following:into:)` of the file this view read, from
  /// the layout found then: the file is neither opened nor its meta line read again. False
  /// where that read is false, and for a file not read in part (read its path instead).
  /// At the time it was read for, the current line is neither searched for nor checked again.
  public func largeBytes(at now: Int64, following: (CacheMeta) -> Bool, into writer: inout LargeWriter) -> Bool {
    guard let line, let meta = line.layout.meta else { return false }
    return withExtendedLifetime(line.file) {
      writer.reserve(line.layout.bytes.count)
      return line.layout.largeBytes(
        at: now, meta: meta, following: following(meta), parser: line.parser, into: &writer,
        shown: now == line.now ? (line.start, line.json) : nil)
    }
  }

  /// The current entry as far as a bar line of it may need: its date, its line forms'
  /// texts (no short form) only with `forms`, and its runs only where `drawsRuns` says the
  /// line needs them (a line shown in one of its forms draws no run). No ASCII form: only a bar that switches fonts
  /// draws it. The ranking shows every member's line; decoding each entry whole (tooltip,
  /// classes, short forms) cost it more than writing it.
  public func lineEntry(forms: Bool, drawsRuns: (Entry) -> Bool) -> Entry? {
    guard line != nil else { return view.current }
    var entry = Entry(date: 0, runs: [], alt: "")
    return lineEntry(into: &entry, forms: forms, drawsRuns: drawsRuns) ? entry : nil
  }

  /// `lineEntry(forms:drawsRuns:)` of a file read in part, written into `entry`: its date,
  /// forms and runs are replaced, the rest left as they are (as an empty entry has them,
  /// for a ranking that keeps one entry for all its rows: an entry made, returned and
  /// copied per row cost each row about a thousand instructions). False, and `entry`
  /// unchanged, for a file not read in part or with no current entry.
  public func lineEntry(into entry: inout Entry, forms: Bool, drawsRuns: (Entry) -> Bool) -> Bool {
    guard let line, let date = view.current?.date else { return false }
    // The line's `date` is the one the choice read (`LineLayout.shownLine` holds them equal).
    entry.date = date
    entry.runs = []
    guard forms else {
      entry.transliteration = nil
      entry.translation = nil
      if drawsRuns(entry) { entry.runs = EntryDecoder.runs(line.json.root["runs"]) }
      return true
    }
    // The members read in one pass over the line's keys, not one pass each.
    let runs = FlatFields<LineField>.read(line.json.root) { fields in
      // A form's text alone: a row shows no short form, and the choice of form reads none.
      entry.transliteration = fields[.translit]?["t"]?.string.map { LineText($0) }
      entry.translation = fields[.transl]?["t"]?.string.map { LineText($0) }
      return fields[.runs]
    }
    if drawsRuns(entry) { entry.runs = EntryDecoder.runs(runs) }
    return true
  }

  /// The members of an entry line a ranking row reads.
  enum LineField: Int, FieldNames {
    case runs, translit, transl

    static let keyCount = 3

    var name: StaticString {
      switch self {
      case .runs: "runs"
      case .translit: "translit"
      case .transl: "transl"
      }
    }
  }

  /// Whether the file was read in part: `writeRuns` can write the current line's runs.
  public var readInPart: Bool { line != nil }

  /// The current line's runs written into `writer` from the file's bytes, as
  /// `writer.run(_:color:)` writes those `lineEntry` decodes: each in its own colour, or
  /// all in `color`. False at a text the writer does not take (invalid UTF-8, which the
  /// String path repairs: the caller drops what was written), and for a member not read in
  /// part. No run is made: neither its String nor the run array, whose type's first use
  /// alone costs a one-shot emit some 8 k.
  public func writeRuns(into writer: inout LargeWriter, color: String?) -> Bool {
    guard let line else { return false }
    guard let runs = line.json.root["runs"], runs.count != nil else { return true }
    var written = true
    // swift-format-ignore: ReplaceForEachWithForLoop
    runs.forEach { run in
      guard written, let text = run["t"].flatMap(Self.raw) else { return }
      let mark = writer.out.count
      guard writer.run(text.bytes, json: text.escaped, color: color) else {
        written = false
        return
      }
      if color == nil, let raw = run["c"].flatMap(Self.raw) {
        writer.color(raw.bytes, json: raw.escaped, since: mark)
      }
    }
    return written
  }

  /// A string value's content in the line's bytes, and whether it has an escape.
  private static func raw(_ node: FlatNode) -> (bytes: UnsafeRawBufferPointer, escaped: Bool)? {
    let token = node.json.tokens[Int(node.index)]
    guard token.kind == UInt8(ascii: "\"") else { return nil }
    return (UnsafeRawBufferPointer(rebasing: node.json.bytes[Int(token.start)..<Int(token.end)]), token.escaped)
  }
}
