import Emitters
import TimelineCache
import TimelineCore

/// A stack's emit: each member's cache read at `now` as a widget of its own, the member
/// with the highest score shown with its own look plus the classes `stack` and its name
/// (docs/relevance.md). Members with nothing to show (missing, damaged, a placeholder)
/// are skipped; with none left the stack shows its placeholder.
enum StackView {
  /// One member with an entry to show. A class: an array of class instances shares one
  /// storage type, where an array of a new struct makes the runtime build that array's type
  /// (some 9 k instructions) in every one-shot emit.
  final class Shown {
    let name: String
    /// Its file read as far as the ranking needs; only the member shown is decoded whole.
    let read: MemberView
    let stale: Bool
    /// Its current line as the large form's ranking read it: the entry of a file read
    /// whole, the forms of one read in part (`MemberView.lineEntry(into:forms:drawsRuns:)`).
    /// Kept here so that they are freed with the read (never, in a one-shot emit): the first
    /// of them freed costs the runtime a type lookup of some 35 k instructions.
    var line: Entry?
    var forms: (transliteration: LineText?, translation: LineText?)

    init(name: String, read: MemberView, stale: Bool) {
      self.name = name
      self.read = read
      self.stale = stale
    }
  }

  /// `explain: false` (no `--verbose`): the reason, which only `--verbose` prints, is not
  /// written. `details`: for the large form, what the ranking needs (`Resolution.stack`);
  /// the state's entry is then the shown member's date and relevance only (read it with
  /// `MemberView.entry`).
  static func resolve(
    stack: WidgetName, meta: CacheMeta, directory: String, now: Int64, shortLived: Bool, tooltip: Bool,
    browse: BrowseStore?, recordHold: Bool, explain: Bool, details: Bool = false
  ) -> EmitPipeline.Resolution {
    let store = CacheStore(directory: directory)
    // Room for every member at once: growing made and freed a buffer on the third.
    var shown: [Shown] = []
    shown.reserveCapacity(meta.members.count)
    var candidates: [StackRule.Candidate] = []
    candidates.reserveCapacity(meta.members.count)
    var next: Int64?
    var skipped: [(name: String, why: String)] = []
    func consider(_ instant: Int64?) {
      guard let instant, instant > now else { return }
      if next.map({ instant < $0 }) ?? true { next = instant }
    }
    for name in meta.members where name != stack.text {
      // Member names are data from the stack's cache file: each is checked here.
      guard let memberName = WidgetName(name) else { continue }
      let read = CacheReader.member(
        path: store.path(for: memberName), at: now, keepParsed: shortLived, tooltip: tooltip)
      // Fields are read in place: binding the view, its meta or its entry to a name copies
      // every string in them, three times per member.
      guard let kind = read.view.meta?.kind, kind != StackRule.kind else {
        if details { skipped.append((name, read.view.meta == nil ? "no cache to read" : "a stack, not a member")) }
        continue
      }
      let (due, grace) = (read.view.meta?.due, read.view.meta?.grace ?? 0)
      consider(
        Selection.nextChange(
          nextDate: read.view.nextDate, end: read.view.meta?.end, due: due, grace: grace, now: now))
      // Tested by pattern, not by `==`/`!=`: comparing an optional of an Equatable type
      // with nil copies it (an entry, an error) into a pair of optionals first.
      guard case .none = read.view.error, let score = read.view.current?.score(at: now) else {
        if details {
          let damaged: Bool
          if case .some = read.view.error { damaged = true } else { damaged = false }
          skipped.append((name, damaged ? "damaged cache" : "placeholder: no entry is current"))
        }
        continue
      }
      let stale = Selection.isStale(due: due, grace: grace, now: now)
      consider(read.view.current?.relevance?.nextChange(after: now))
      // Moved into its object, not copied: a copy retains every string of the read.
      shown.append(Shown(name: name, read: consume read, stale: stale))
      candidates.append(StackRule.Candidate(name: name, score: StackRule.score(score, stale: stale)))
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
        ?? CacheReader.view(path: store.path(for: stack), at: now, keepParsed: shortLived, tooltip: tooltip)
        .meta?.placeholder
      if let placeholder { state.entry = placeholder }
      let reason =
        meta.members.isEmpty
        ? "the stack has no members (run `timeline refresh`)"
        : "no member has an entry to show (\(meta.members.joined(separator: ", ")))"
      var resolution = EmitPipeline.Resolution(state: state, reason: reason, nextChange: next, members: meta.members)
      if details { resolution.stack = StackDetail(shown: [], ranking: [], held: false, skipped: skipped) }
      return resolution
    }
    var index = chosenIndex
    if held, let since = hold?.since { consider(since + minDisplay) }
    if !held, recordHold, let browse, hold?.member != ranking[index].name {
      browse.writeHold(StackHold(member: ranking[index].name, since: now), for: stack)
    }
    // Browsing turns through the members in order of relevance and returns by itself.
    var browsing: String?
    if let browse, let live = browse.read(stack), live.offset > 0, now < live.expires, live.anchor == nil {
      index = live.offset % ranking.count
      browsing = "\(ranking[index].name), \(index + 1) of \(ranking.count)"
      consider(live.expires)
    }
    let choice = ranking[index]
    // A one-shot emitter exits right after: the members' reads are never freed.
    if shortLived {
      for item in shown { _ = Unmanaged.passRetained(item) }
    }
    // The large form (`details`) decodes the shown entry itself, and only when the member
    // has no large form of its own: its state keeps the date and relevance alone.
    guard let member = shown.first(where: { $0.name == choice.name }),
      var entry = details ? member.read.view.current : member.read.entry()
    else {
      return EmitPipeline.Resolution(
        state: .neutralPlaceholder(widget: stack), reason: nil, nextChange: next, members: meta.members)
    }
    // The line's classes are the bars'; the large form draws none.
    if !details { entry.classes.insert(contentsOf: ["stack", member.name], at: 0) }
    if tooltip {
      entry.tooltip.append(why(choice, entry: entry, held: held, ranking: ranking, shownIndex: index))
    }
    var reason: String?
    if explain {
      reason =
        "stack: showing \(member.name) (relevance \(choice.score)\(held ? ", held for min_display" : ""))"
        + (member.stale ? "; \(member.name) is stale" : "")
    }
    // The stack's name stays the widget's: clicks and the wheel act on the stack. The state
    // is made in place: a copy retains every string of the entry.
    return EmitPipeline.Resolution(
      state: RenderInput(
        widget: stack, kind: member.read.view.meta?.kind, entry: consume entry, isStale: member.stale,
        browsing: browsing, line: member.read.view.meta?.line, polybarFont: member.read.view.meta?.polybarFont),
      reason: reason, nextChange: next, members: meta.members, member: member.name,
      ranking: ranking.map { $0.name },
      stack: details ? StackDetail(shown: shown, ranking: ranking, held: held, skipped: skipped) : nil)
  }

  /// "avalanche: level 4, relevance 85 · next: hukamnama 50": which member and why.
  static func why(
    _ choice: StackRule.Candidate, entry: Entry, held: Bool, ranking: [StackRule.Candidate], shownIndex: Int
  ) -> String {
    // Appended piece by piece into room made once: interpolation builds and grows a
    // string per piece, a cost every waybar emit of a stack paid.
    var text = ""
    text.reserveCapacity(96)
    text += choice.name
    text += ": "
    if let level = entry.level {
      text += "level "
      text += String(level)
      text += ", "
    }
    text += "relevance "
    text += String(choice.score)
    if held { text += " (kept for min_display)" }
    if let other = ranking.indices.first(where: { $0 != shownIndex }) {
      text += " · next: "
      text += ranking[other].name
      text += " "
      text += String(ranking[other].score)
    }
    return text
  }
}
