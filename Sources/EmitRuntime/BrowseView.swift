import Emitters
import TimelineCache
import TimelineCore

/// The browsed entry: `offset` entries after the current one, found through the cache
/// reader's view (at t, then at its `nextDate`, `offset` times), so it follows whatever the
/// reader makes of the file. Reading stops at the last entry, at the end, and before an
/// offline repeat unless the current entry is one itself.
public enum BrowseView {
  /// The entry `steps` after `view`'s instant, and how many steps were possible.
  public static func walk(path: String, from view: CacheView, steps: Int) -> (
    entry: Entry, steps: Int
  )? {
    var at = view
    var found: Entry?
    var taken = 0
    let offline = view.current?.isRepeat ?? false
    while taken < steps, let next = at.nextDate {
      let ahead = CacheReader.view(path: path, at: next)
      guard ahead.error == nil, let entry = ahead.current, offline || !entry.isRepeat else { break }
      found = entry
      taken += 1
      at = ahead
    }
    return found.map { ($0, taken) }
  }

  /// Shows the browsed entry in `resolution`, labelled, until the state expires; at
  /// offset 0, the current entry with the state's note ("nothing later yet"). `explain`:
  /// the reason (`--verbose`) says so too.
  static func apply(
    _ state: BrowseState, to resolution: inout EmitPipeline.Resolution, view: CacheView, path: String, now: Int64,
    words: Words, explain: Bool
  ) {
    if state.offset == 0 {
      guard let note = state.label, !resolution.state.isPlaceholder else { return }
      resolution.state.browsing = note
      if explain { resolution.addReason(note) }
      resolution.nextChange = resolution.nextChange.map { min($0, state.expires) } ?? state.expires
      return
    }
    guard let (entry, steps) = walk(path: path, from: view, steps: state.offset) else { return }
    resolution.state.entry = entry
    resolution.state.isPlaceholder = false
    // The stored label names the entry `timeline browse` saw; if the file has changed
    // since, say it in hours, which needs no time zone.
    let label = entry.date == state.target ? state.label : nil
    resolution.state.browsing = label ?? RelativeTime.words(from: now, to: entry.date, words: words)
    if explain {
      resolution.addReason("browsing: \(steps) entr\(steps == 1 ? "y" : "ies") ahead until \(state.expires)")
    }
    resolution.nextChange = resolution.nextChange.map { min($0, state.expires) } ?? state.expires
  }

  /// Shows the current entry of the view file beside the state (`BrowseState.view`), until
  /// the state expires; the entry carries its own position and class.
  static func applyView(
    _ state: BrowseState, to resolution: inout EmitPipeline.Resolution, path: String?, now: Int64, explain: Bool
  ) {
    guard let path else { return }
    let shown = CacheReader.view(path: path, at: now)
    guard shown.error == nil, let entry = shown.current else { return }
    resolution.state.entry = entry
    resolution.state.isPlaceholder = false
    if explain { resolution.addReason("browsing: \(path) until \(state.expires)") }
    resolution.nextChange = resolution.nextChange.map { min($0, state.expires) } ?? state.expires
  }
}
