import TimelineCore

/// The one validity rule for a file in the writer's layout, checked whole: what the
/// emitter would refuse on any instant's read (a meta line it cannot read, a file cut or
/// spliced, an entry line it could not show) makes `timeline status`, `doctor` and
/// `refresh` refuse the file too, so the refresh that repairs it is due instead of "not due"
/// while the bar says "run `timeline refresh`".
extension LineLayout {
  /// Throws the error the emitter's read gives for the first damage found; returns for a
  /// file every read of which the emitter accepts.
  func check(path: String, parser: JSONParser) throws(CacheReadError) {
    guard meta != nil else { throw .corrupt(path, "the meta line is not valid") }
    guard complete else { throw .corrupt(path, "the file is truncated") }
    var at = start
    while at < end {
      let stop = Self.lineEnd(bytes, from: at)
      guard stop > at, acceptsEntryLine(at, Swift.min(stop, end), parser: parser) else {
        throw .corrupt(path, "an entry line is not valid")
      }
      at = stop + 1
    }
  }

  /// Whether the emitter would show the entry line `from..<stop` (see `select`): its date
  /// read from its first bytes (version 2) agrees with the parsed line, nothing follows the
  /// object but the separating comma, and the entry decodes.
  private func acceptsEntryLine(_ from: Int, _ stop: Int, parser: JSONParser) -> Bool {
    let line = UnsafeRawBufferPointer(rebasing: bytes[from..<stop])
    var used = 0
    if version >= 2 {
      guard let date = Self.leadingDate(bytes, from: from, to: stop), let json = FlatJSON.parse(line, used: &used),
        used == line.count || (used == line.count - 1 && line[used] == UInt8(ascii: ",")),
        EntryDecoder.date(json.root) == date
      else { return false }
      return EntryDecoder.entry(json.root, full: false, tooltip: true) != nil
    }
    guard let document = parser.parse(line, used: &used), EntryDecoder.date(document.node) != nil else { return false }
    return EntryDecoder.entry(document.node, full: false, tooltip: true) != nil
  }
}
