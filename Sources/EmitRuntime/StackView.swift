import Emitters
import TimelineCache
import TimelineCore

/// A stack's emit: each member's cache read at `now` as a widget of its own, the member
/// with the highest score shown with its own look plus the classes `stack` and its name
/// (docs/relevance.md). Members with nothing to show (missing, damaged, a placeholder)
/// are skipped; with none left the stack shows its placeholder.
enum StackView {
  /// One member with an entry to show.
  struct Shown: Sendable {
    let name: String
    /// Its file as read at the instant asked for, the current entry in summary (its date
    /// and relevance: what the choice needs).
    let view: CacheView
    let path: String
    let stale: Bool
    let now: Int64

    /// The current entry whole, from the line the summary kept (else read again): only the
    /// member shown, and the large form's ranking rows, need more than its summary.
    func entry(tooltip: Bool) -> Entry? {
      if let line = view.line { return CacheReader.entry(line: line, tooltip: tooltip) }
      return CacheReader.view(path: path, at: now, tooltip: tooltip).current
    }
  }

  /// `explain: false` (no `--verbose`): the reason, which only `--verbose` prints, is not
  /// written. `details`: for the large form, what the ranking needs (`Resolution.stack`).
  static func resolve(
    stack: WidgetName, meta: CacheMeta, directory: String, now: Int64, tooltip: Bool,
    browse: BrowseStore?, recordHold: Bool, explain: Bool, details: Bool = false
  ) -> EmitPipeline.Resolution {
    let store = CacheStore(directory: directory)
    var shown: [Shown] = []
    var candidates: [StackRule.Candidate] = []
    var next: Int64?
    var skipped: [(name: String, why: String)] = []
    func consider(_ instant: Int64?) {
      guard let instant, instant > now else { return }
      if next.map({ instant < $0 }) ?? true { next = instant }
    }
    for name in meta.members where name != stack.text {
      // Member names are data from the stack's cache file: each is checked here.
      guard let memberName = WidgetName(name) else { continue }
      let path = store.path(for: memberName)
      let view = CacheReader.view(path: path, at: now, summary: true)
      guard let meta = view.meta, meta.kind != StackRule.kind else {
        if details {
          let why = view.meta != nil ? "a stack, not a member" : view.error.map(Self.unreadable) ?? "no cache to read"
          skipped.append((name, why))
        }
        continue
      }
      consider(
        Selection.nextChange(nextDate: view.nextDate, end: meta.end, due: meta.due, grace: meta.grace, now: now))
      guard view.error == nil, let current = view.current else {
        if details {
          skipped.append((name, view.error != nil ? "damaged cache" : "placeholder: no entry is current"))
        }
        continue
      }
      let stale = Selection.isStale(due: meta.due, grace: meta.grace, now: now)
      consider(current.relevance?.nextChange(after: now))
      shown.append(Shown(name: name, view: view, path: path, stale: stale, now: now))
      candidates.append(StackRule.Candidate(name: name, score: StackRule.score(current.score(at: now), stale: stale)))
    }
    let ranking = StackRule.ranking(candidates)
    let minDisplay = meta.minDisplay ?? StackRule.defaultMinDisplay
    let hold = browse?.readHold(stack)
    guard
      let (chosenIndex, held) = StackRule.choose(
        ranking, shown: hold?.member, shownSince: hold?.since, minDisplay: minDisplay, now: now)
    else {
      var state = RenderInput.neutralPlaceholder(widget: stack)
      state.kind = StackRule.kind
      // The pipeline's read of the stack's file left the placeholder for this case.
      let placeholder =
        meta.placeholder
        ?? CacheReader.view(path: store.path(for: stack), at: now, tooltip: tooltip)
        .meta?.placeholder
      if let placeholder { state.entry = placeholder }
      let reason =
        meta.members.isEmpty
        ? "the stack has no members (run `timeline refresh`)"
        : "no member has an entry to show (\(meta.members.joined(separator: ", ")))"
      var resolution = EmitPipeline.Resolution(state: state, reason: reason, nextChange: next, members: meta.members)
      if details { resolution.stack = StackDetail(shown: [], ranking: [], held: false, skipped: skipped) }
      if meta.hideWhenEmpty { resolution.hideIfEmpty() }
      return resolution
    }
    var index = chosenIndex
    if held, let since = hold?.since { consider(since.adding(saturating: minDisplay)) }
    if !held, recordHold, let browse, hold?.member != ranking[index].name {
      browse.writeHold(StackHold(member: ranking[index].name, since: now), for: stack)
    }
    // The words file is read only for a word about to be written.
    var words: Words?
    func loadWords() -> Words {
      let loaded = words ?? store.words()
      words = loaded
      return loaded
    }
    // Browsing turns through the members in order of relevance and returns by itself.
    var browsing: String?
    if let browse, let live = browse.read(stack), live.offset > 0, now < live.expires, live.anchor == nil {
      index = live.offset % ranking.count
      browsing = loadWords()(
        .stackPosition, ranking[index].name, DecimalText.string(index + 1), DecimalText.string(ranking.count))
      consider(live.expires)
    }
    let choice = ranking[index]
    guard let member = shown.first(where: { $0.name == choice.name }), var entry = member.entry(tooltip: tooltip)
    else {
      return EmitPipeline.Resolution(
        state: .neutralPlaceholder(widget: stack), reason: nil, nextChange: next, members: meta.members)
    }
    // The line's classes are the bars'; the large form draws none.
    if !details { entry.classes.insert(contentsOf: ["stack", member.name], at: 0) }
    if tooltip {
      entry.tooltip.append(
        why(choice, entry: entry, held: held, ranking: ranking, shownIndex: index, words: loadWords()))
    }
    var reason: String?
    if explain {
      reason =
        "stack: showing \(member.name) (relevance \(choice.score)\(held ? ", held for min_display" : ""))"
        + (member.stale ? "; \(member.name) is stale" : "")
    }
    // The stack's name stays the widget's: clicks and the wheel act on the stack.
    var state = RenderInput(
      widget: stack, kind: member.view.meta?.kind, entry: entry, isStale: member.stale,
      browsing: browsing, line: member.view.meta?.line, polybarFont: member.view.meta?.polybarFont)
    if state.needsWords { state.words = loadWords() }
    var resolution = EmitPipeline.Resolution(
      state: state,
      reason: reason, nextChange: next, members: meta.members, member: member.name,
      ranking: ranking.map { $0.name },
      stack: details ? StackDetail(shown: shown, ranking: ranking, held: held, skipped: skipped) : nil)
    // The stack's own option: it hides while the member it shows has nothing to say.
    if meta.hideWhenEmpty { resolution.hideIfEmpty() }
    return resolution
  }

  /// Why a member's file could not be read, in a ranking's words.
  static func unreadable(_ error: CacheReadError) -> String {
    switch error {
    case .missing: "no cache to read"
    case .tooLarge(_, let limit): "its cache is larger than \(limit >> 20) MB"
    case .notRegularFile: "its cache is not a regular file"
    case .unreadable(_, let code): "its cache cannot be read (errno \(code))"
    case .empty, .corrupt: "damaged cache"
    case .futureVersion: "its cache is from a newer version"
    }
  }

  /// "avalanche: level 4, relevance 85 · next: hukamnama 50": which member and why.
  static func why(
    _ choice: StackRule.Candidate, entry: Entry, held: Bool, ranking: [StackRule.Candidate], shownIndex: Int,
    words: Words
  ) -> String {
    var text =
      entry.level.map { words(.stackLevel, choice.name, DecimalText.string($0), DecimalText.string(choice.score)) }
      ?? words(.stackWhy, choice.name, DecimalText.string(choice.score))
    if held { text += words(.keptForMinDisplay) }
    if let other = ranking.indices.first(where: { $0 != shownIndex }) {
      text += words(.stackNext, ranking[other].name, DecimalText.string(ranking[other].score))
    }
    return text
  }
}
