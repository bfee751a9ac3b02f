import TimelineCore

/// A stack member's cache file read only as far as the stack's choice needs
/// (docs/relevance.md): the meta line, the next change, and of the current entry its date
/// and relevance. The one member the stack shows is then decoded whole (`entry()`) from the
/// line already read; the others never are. Decoding every member's entry (its runs, forms
/// and tooltip as Strings) and freeing them again was most of a stack emit's cost.
/// A class: a struct kept in the stack's `StackView.Shown` was copied (every string of its
/// meta retained, then released) for each call made on it, some 800 instructions a call.
public final class MemberView {
  /// The view; `current` holds only the date and relevance of the current entry (and no
  /// placeholder is decoded: a stack skips a member with nothing current).
  public let view: CacheView
  /// The current line, when it was read in part.
  let line: CurrentLine?

  init(view: CacheView, line: CurrentLine?) {
    self.view = view
    self.line = line
  }

  /// The current entry, decoded whole, as `CacheReader.view` gives it.
  public func entry() -> Entry? {
    guard let line else { return view.current }
    return EntryDecoder.entry(line.json.root, full: false, tooltip: line.tooltip)
  }
}

/// The shown line of a member's file and the bytes it points into.
final class CurrentLine {
  let file: FileBytes
  let json: FlatJSON
  let tooltip: Bool
  /// The file's layout, found once: a stack's large form writes the member it shows from it.
  let layout: LineLayout
  /// The parser the layout was read with, for that write too: making another cost an
  /// allocation it never uses (a version 2 file is read without json-c).
  let parser: JSONParser
  /// Where the line starts in the file, and the time it was chosen for.
  let start: Int
  let now: Int64

  init(
    file: FileBytes, json: FlatJSON, tooltip: Bool, layout: LineLayout, parser: JSONParser, start: Int, now: Int64
  ) {
    self.file = file
    self.json = json
    self.tooltip = tooltip
    self.layout = layout
    self.parser = parser
    self.start = start
    self.now = now
  }
}

extension CacheReader {
  /// The member view of the cache file at `path` at `now`: the same meta, next date, error
  /// and choice of entry as `view(path:at:)`. Only a complete version 2 file in the line
  /// layout is read in part; any other is read as `view` reads it. `keepParsed`: the
  /// process exits right after (the one-shot emitter), so the bytes read are never freed.
  public static func member(path: String, at now: Int64, keepParsed: Bool, tooltip: Bool) -> MemberView {
    let file: FileBytes
    switch FileBytes.open(path) {
    case .failed(let error): return MemberView(view: CacheView(error: error), line: nil)
    case .opened(let opened): file = opened
    }
    // Not in a closure (`withExtendedLifetime(file) { … }`): there every value built here
    // (the meta, the view) was copied out and the original destroyed, some 3 k instructions
    // a member.
    defer { withExtendedLifetime(file) {} }
    guard let parser = JSONParser(keepParsed: keepParsed),
      case .layout(let layout) = LineLayout.find(file.bytes, parser: parser), layout.version >= 2,
      layout.complete, case .some = layout.meta
    else {
      return MemberView(
        view: view(file.bytes, path: path, at: now, keepParsed: keepParsed, tooltip: tooltip), line: nil)
    }
    if keepParsed {
      _ = Unmanaged.passRetained(file)
      layout.keep(parser)
    }
    // Each view is built where it is returned: a view built in a variable and then returned
    // was copied out and destroyed, some 2 k instructions a member.
    guard let found = layout.search(at: now, parser: parser) else {
      return MemberView(
        view: CacheView(meta: layout.meta, error: .corrupt(path, "an entry line is not valid")), line: nil)
    }
    guard !Selection.isExpired(end: layout.meta?.end, now: now), let (probe, stop, date, _) = found.best else {
      return MemberView(view: CacheView(meta: layout.meta, nextDate: found.nextDate), line: nil)
    }
    guard let json = layout.shownLine(probe, stop, date: date) else {
      return MemberView(
        view: CacheView(meta: layout.meta, error: .corrupt(path, "an entry line is not valid")), line: nil)
    }
    let view = CacheView(
      meta: layout.meta, current: Entry(date: date, relevance: EntryDecoder.relevance(json.root), runs: [], alt: ""),
      nextDate: found.nextDate)
    // The layout's last use: moved into the line, not copied and then destroyed.
    let line = CurrentLine(
      file: file, json: json, tooltip: tooltip, layout: consume layout, parser: parser, start: probe, now: now)
    if keepParsed { _ = Unmanaged.passRetained(line) }
    return MemberView(view: view, line: line)
  }
}
