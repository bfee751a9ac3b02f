import Emitters
import TimelineCache
import TimelineCore

/// What a stack's resolution knows of its members, kept for its large form.
struct StackDetail: Sendable {
  /// The members with an entry, each read as far as the ranking needs.
  var shown: [StackView.Shown]
  /// Those members from the highest score now down, as the stack and browsing order them.
  var ranking: [StackRule.Candidate]
  /// Whether the member shown is held there by `min_display`.
  var held: Bool
  /// The members with nothing to show, and why, in config order.
  var skipped: [(name: String, why: String)]
}

/// A stack's large family: the large form of the member its bars show now, then the ranking
/// (`StackRanking`); only the member shown is read for its large form.
enum StackLarge {
  /// The lines, or nil when `stack` is not a readable stack. `member: false`: the ranking
  /// alone (`timeline show` prints the member's large form from its whole timeline).
  static func lines(
    stack name: WidgetName, directory: String, now: Int64, browse: BrowseStore?, shapes: Bool,
    asciiTwins: Bool = false, member: Bool = true, words: Words = .english
  ) -> [[TextRun]]? {
    guard let parts = parts(stack: name, directory: directory, now: now, browse: browse, shapes: shapes, words: words)
    else {
      return nil
    }
    guard member else { return parts.ranking }
    var out = [parts.entry]
    if let member = parts.member,
      let large = EmitPipeline.largeLines(widget: member, directory: directory, now: now, asciiTwins: asciiTwins).lines
    {
      out = large
    }
    return out + parts.ranking
  }

  /// What both forms are made of: the stack's entry (shown when the member has no large
  /// form), the member shown, and the ranking's lines.
  private static func parts(
    stack name: WidgetName, directory: String, now: Int64, browse: BrowseStore?, shapes: Bool, words: Words
  ) -> (entry: [TextRun], member: WidgetName?, ranking: [[TextRun]])? {
    let view = CacheReader.view(
      path: CacheStore(directory: directory).path(for: name), at: now, tooltip: false)
    guard let meta = view.meta, meta.kind == StackRule.kind, view.error == nil else { return nil }
    let resolved = StackView.resolve(
      stack: name, meta: meta, directory: directory, now: now, tooltip: false, browse: browse,
      recordHold: false, explain: false, details: true)
    guard let detail = resolved.stack else { return nil }
    var rows: [StackRanking.Row] = []
    for candidate in detail.ranking {
      guard let member = detail.shown.first(where: { $0.name == candidate.name }) else { continue }
      var row = StackRanking.Row(name: candidate.name, entry: member.entry(tooltip: false))
      row.score = candidate.score
      row.line = member.view.meta?.line
      row.stale = member.stale
      row.shown = candidate.name == resolved.member
      row.held = row.shown && detail.held && resolved.state.browsing == nil
      rows.append(row)
    }
    for (name, why) in detail.skipped {
      var row = StackRanking.Row(name: name, entry: nil)
      row.missing = why
      rows.append(row)
    }
    let ranking = StackRanking.lines(
      stack: name.text, rows: rows, browsing: resolved.state.browsing, shapes: shapes, words: words)
    // The member's name is data from the stack's file, checked as StackView read it.
    let shown = detail.shown.first { $0.name == resolved.member }
    let entry = shown?.entry(tooltip: false)?.runs ?? resolved.state.entry.runs
    return (entry, resolved.member.flatMap { WidgetName($0) }, ranking)
  }
}
