import TimelineCore

/// What a stack's large form reads of its members beyond their choice: the large form of
/// the member it shows, and each member's line for the ranking, from the reads the choice
/// already made.
extension MemberView {
  /// `CacheReader.largeBytes(path:at:following:into:)` of the file this view read, from
  /// the layout found then: the file is neither opened nor its meta line read again. False
  /// where that read is false, and for a file not read in part (read its path instead).
  public func largeBytes(at now: Int64, following: (CacheMeta) -> Bool, into writer: inout LargeWriter) -> Bool {
    guard let line, let meta = line.layout.meta, let parser = JSONParser(keepParsed: true) else { return false }
    return withExtendedLifetime(line.file) {
      writer.reserve(line.layout.bytes.count)
      return line.layout.largeBytes(at: now, meta: meta, following: following(meta), parser: parser, into: &writer)
    }
  }

  /// The current entry as far as a bar line of it may need: its date and line forms, and
  /// its runs only where `drawsRuns` says the line needs them (a line shown in one of its
  /// forms draws no run). No ASCII form: only a bar that switches fonts draws it. The
  /// ranking shows every member's line; decoding each entry whole (tooltip, classes, short
  /// forms) cost it more than writing it.
  public func lineEntry(drawsRuns: (Entry) -> Bool) -> Entry? {
    guard let line else { return view.current }
    let node = line.json.root
    guard let date = EntryDecoder.date(node) else { return nil }
    var entry = Entry(
      date: date, runs: [], alt: "", transliteration: EntryDecoder.lineText(node["translit"]),
      translation: EntryDecoder.lineText(node["transl"]))
    if drawsRuns(entry) { entry.runs = EntryDecoder.runs(node["runs"]) }
    return entry
  }
}
