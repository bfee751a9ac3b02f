import Emitters
import TimelineCache
import TimelineCore

/// What a widget's tooltip says when the bar cannot show a current entry: the cause with the
/// command that fixes it (in plain quotes: a tooltip shows backticks as they are), then why
/// the last refresh failed, read from the state file only on this path.
enum Guidance {
  /// The lines for `widget`, given what the cache gave at `now`.
  static func notes(
    widget: WidgetName, store: CacheStore, view: CacheView, now: Int64, placeholder: Bool, words: Words
  ) -> [String] {
    var notes: [String] = []
    if placeholder {
      switch view.error {
      case .missing?: notes.append(words(.noData))
      case .some: notes.append(words(.unreadable))
      case nil:
        if let end = view.meta?.end, Selection.isExpired(end: end, now: now) {
          notes.append(words(.ended, ISOTime.format(end)))
        } else if let next = view.nextDate {
          notes.append(words(.nothingUntil, ISOTime.format(next)))
        } else {
          notes.append(words(.noCurrent))
        }
      }
    }
    if let error = store.state(of: widget)?.lastError {
      notes.append(words(.lastFailed, CleanText.oneLine(error, limit: 160)))
    }
    return notes
  }

  /// The `--verbose` reason for a missing cache file: which widgets do have one, so a
  /// misspelled name is told apart from one that was never refreshed.
  static func missing(widget: WidgetName, store: CacheStore) -> String {
    let cached = store.cachedWidgets()
    let list = cached.isEmpty ? "none yet" : cached.map(\.text).joined(separator: ", ")
    return "no cache for widget \"\(widget)\" in \(store.directory) (widgets with a cache: \(list)); "
      + "if it is configured, run `timeline refresh`; `timeline status` lists the configured widgets"
  }
}
