import Emitters
import TimelineCache
import TimelineCore

/// What a stack's resolution knows of its members, kept for its large form. Unchecked:
/// the member reads point into file bytes, and only the thread that read them uses them.
struct StackDetail: @unchecked Sendable {
  /// The members with an entry, each read as far as the ranking needs.
  var shown: [StackView.Shown]
  /// Those members from the highest score now down, as the stack and browsing order them.
  var ranking: [StackRule.Candidate]
  /// Whether the member shown is held there by `min_display`.
  var held: Bool
  /// The members with nothing to show, and why, in config order.
  var skipped: [(name: String, why: String)]
}

/// A stack's large family: the large form of the member its bars show now (the same
/// choice, hold and browsing included), then the ranking of every member (`StackRanking`).
/// Each member is read as the small stack reads it (only its current line is decoded); only
/// the member shown is read for its large form.
enum StackLarge {
  /// The lines, or nil when `stack` is not a readable stack. `member: false`: the ranking
  /// alone (`timeline show` prints the member's large form from its whole timeline).
  static func lines(
    stack name: WidgetName, directory: String, now: Int64, browse: BrowseStore?, shapes: Bool, member: Bool = true
  ) -> [[TextRun]]? {
    guard let parts = parts(stack: name, directory: directory, now: now, browse: browse, shapes: shapes) else {
      return nil
    }
    guard member else { return parts.ranking }
    var out = [parts.entry]
    if let member = parts.member {
      var isStack = false
      if let large = EmitPipeline.largeLines(widget: member, directory: directory, now: now, stack: &isStack) {
        out = large.lines
      }
    }
    return out + parts.ranking
  }

  /// `lines` as `style` writes them, from the stack's file as read into `view`
  /// (`CacheReader.largeBytes(path:at:following:into:stack:)`), straight into the writer:
  /// the member's large form from the file its choice already read
  /// (`MemberView.largeBytes`) where that read answers, else from its lines; then the
  /// ranking row by row (`StackRanking.Writer`), each member's line decoded as far as it is
  /// drawn. The String form (`lines`) stays what `timeline show` prints and the tests'
  /// oracle; nil, as for a stack not read, where a member's line is not in the writer's
  /// form: that form then answers.
  static func output(
    stack name: WidgetName, view: CacheView, directory: String, now: Int64, browse: BrowseStore?, shapes: Bool,
    style: LargeWriter.Style
  ) -> EmitPipeline.LargeOutput? {
    let store = CacheStore(directory: directory)
    guard let meta = view.meta, meta.kind == StackRule.kind, view.error == nil else { return nil }
    let resolved = StackView.resolve(
      stack: name, meta: meta, directory: directory, now: now, shortLived: false, tooltip: false, browse: browse,
      recordHold: false, explain: false, details: true)
    guard let detail = resolved.stack else { return nil }
    let shown = detail.shown.first { $0.name == resolved.member }
    // The member's name is data from the stack's file, checked as StackView read it.
    let member = resolved.member.flatMap { WidgetName($0) }
    var writer = LargeWriter(style: style)
    let following = { (meta: CacheMeta) in LargeText.showsFollowing(kind: meta.kind) }
    var written = shown?.read.largeBytes(at: now, following: following, into: &writer) ?? false
    if !written, let member {
      writer = LargeWriter(style: style)
      written = CacheReader.largeBytes(path: store.path(for: member), at: now, following: following, into: &writer)
    }
    if !written {
      writer = LargeWriter(style: style)
      var isStack = false
      if let member,
        let large = EmitPipeline.largeLines(widget: member, directory: directory, now: now, stack: &isStack)
      {
        writer.lines(large.lines)
      } else {
        writer.lines([shown?.read.entry()?.runs ?? resolved.state.entry.runs])
      }
    }
    var ranking = StackRanking.Writer(
      stack: name.text, browsing: resolved.state.browsing, shapes: shapes, into: &writer)
    // One entry for the rows of members read in part, each row's line written into it.
    var line = Entry(date: 0, runs: [], alt: "")
    for candidate in detail.ranking {
      guard let member = detail.shown.first(where: { $0.name == candidate.name }) else { continue }
      let isShown = candidate.name == resolved.member
      let form = member.read.view.meta?.line
      let held = isShown && detail.held && resolved.state.browsing == nil
      let written: Bool
      // A member read in part: its runs are never decoded, the writer takes them from the
      // file's bytes. Any other was read whole, runs and all.
      if member.read.lineEntry(into: &line, forms: ranking.readsForms(form), drawsRuns: { _ in false }) {
        written = ranking.row(
          name: candidate.name, entry: line, score: candidate.score, form: form, stale: member.stale,
          shown: isShown, held: held, into: &writer
        ) { member.read.writeRuns(into: &$0, color: $1) }
        member.forms = (line.transliteration, line.translation)
      } else if let entry = member.read.lineEntry(forms: ranking.readsForms(form), drawsRuns: { _ in true }) {
        written = ranking.row(
          name: candidate.name, entry: entry, score: candidate.score, form: form, stale: member.stale,
          shown: isShown, held: held, into: &writer)
        member.line = entry
      } else {
        ranking.missing(name: candidate.name, why: nil, into: &writer)
        continue
      }
      // A text the writer does not take (invalid UTF-8): the String form answers.
      guard written else { return nil }
    }
    for (name, why) in detail.skipped { ranking.missing(name: name, why: why, into: &writer) }
    return EmitPipeline.LargeOutput(bytes: writer.bytes, stack: resolved, writer: consume writer)
  }

  /// What both forms are made of: the stack's entry (shown when the member has no large
  /// form), the member shown, and the ranking's lines.
  private static func parts(
    stack name: WidgetName, directory: String, now: Int64, browse: BrowseStore?, shapes: Bool
  ) -> (entry: [TextRun], member: WidgetName?, ranking: [[TextRun]])? {
    let view = CacheReader.view(
      path: CacheStore(directory: directory).path(for: name), at: now, keepParsed: false, tooltip: false)
    guard let meta = view.meta, meta.kind == StackRule.kind, view.error == nil else { return nil }
    let resolved = StackView.resolve(
      stack: name, meta: meta, directory: directory, now: now, shortLived: false, tooltip: false, browse: browse,
      recordHold: false, explain: false, details: true)
    guard let detail = resolved.stack else { return nil }
    var rows: [StackRanking.Row] = []
    for candidate in detail.ranking {
      guard let member = detail.shown.first(where: { $0.name == candidate.name }) else { continue }
      var row = StackRanking.Row(name: candidate.name, entry: member.read.entry())
      row.score = candidate.score
      row.line = member.read.view.meta?.line
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
    let ranking = StackRanking.lines(stack: name.text, rows: rows, browsing: resolved.state.browsing, shapes: shapes)
    // The member's name is data from the stack's file, checked as StackView read it.
    let entry = detail.shown.first { $0.name == resolved.member }?.read.entry()?.runs ?? resolved.state.entry.runs
    return (entry, resolved.member.flatMap { WidgetName($0) }, ranking)
  }
}
