import TimelineCore

extension CacheReader {
  /// `largeBytes(path:at:following:into:)`; where that is false for a stack's file (a
  /// stack has no entries of its own), `stack` is set to the view `view(path:at:tooltip:
  /// false, stackPlaceholder: false)` gives, made from the same read: a stack's large form
  /// then reads its file once, not once to find it is a stack and again for its members.
  /// `writer` is made (for `style`) only for a file with entry lines: a stack's file has
  /// none, and its large form writes into a writer of its own.
  public static func largeBytes(
    path: String, at now: Int64, following: (CacheMeta) -> Bool, style: LargeWriter.Style,
    into writer: inout LargeWriter?, stack: inout CacheView?
  ) -> Bool {
    guard case .opened(let file) = FileBytes.open(path) else { return false }
    // Not in a closure (`withExtendedLifetime(file) { … }`), which copied the layout and
    // the view out of it.
    defer { withExtendedLifetime(file) {} }
    guard let parser = JSONParser(keepParsed: true),
      case .layout(let layout) = LineLayout.find(file.bytes, parser: parser), let meta = layout.meta
    else { return false }
    // Without an entry line `layout.largeBytes` is false before it writes anything.
    if layout.start < layout.end {
      var made = LargeWriter(style: style)
      made.reserve(file.bytes.count)
      let written = layout.largeBytes(
        at: now, meta: meta, following: following(meta), parser: parser, into: &made)
      writer = consume made
      if written { return true }
    }
    if meta.kind == StackRule.kind {
      stack = view(layout, path: path, at: now, parser: parser, full: false, tooltip: false, stackPlaceholder: false)
    }
    return false
  }
}
