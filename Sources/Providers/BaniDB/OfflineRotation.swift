import TimelineCore

/// What a BaniDB widget shows after its fresh entries while refreshes fail: shabads
/// already fetched, one per interval, so an offline laptop never shows the placeholder
/// (docs/providers/banidb.md). Only one entry per shabad carries the full text; every
/// repeat is a copy without it, and `Timeline.detail(of:)` finds the text by its key.
enum OfflineRotation {
  /// How long after the last fresh entry the rotation goes on.
  static let span: Int64 = 7 * 86_400
  /// The most shabads kept for it.
  static let poolSize = 24

  /// The pool: distinct keys, `fresh` first, then `previous` in date order, each with
  /// its full text when any copy has it; at most `poolSize`.
  static func pool(fresh: [Entry], previous: [Entry]) -> [Entry] {
    var order: [String] = []
    var byKey: [String: Entry] = [:]
    for entry in fresh + previous.sorted(by: { $0.date < $1.date }) {
      guard let key = entry.key, key.hasPrefix("shabad:") else { continue }
      if let known = byKey[key] {
        if known.detail.isEmpty && !entry.detail.isEmpty { byKey[key] = entry }
        continue
      }
      guard order.count < poolSize else { continue }
      order.append(key)
      byKey[key] = entry
    }
    return order.compactMap { byKey[$0] }
  }

  /// The repeats from `start`, one per `interval` until `start + span`, rotating through
  /// `pool` beginning with the shabads not among `shownKeys` (not just seen). The first
  /// copy of a shabad that no entry in `shownKeys` carries keeps its full text.
  static func entries(from start: Int64, interval: Int64, pool: [Entry], shownKeys: Set<String>) -> [Entry] {
    guard !pool.isEmpty, interval > 0 else { return [] }
    let rotation = pool.filter { !shownKeys.contains($0.key ?? "") } + pool.filter { shownKeys.contains($0.key ?? "") }
    var withText = shownKeys
    return (0..<(span / interval)).map { slot in
      let entry = rotation[Int(slot) % rotation.count]
      let keepText = withText.insert(entry.key ?? "").inserted
      return copy(entry, date: start + slot * interval, keepText: keepText)
    }
  }

  /// `entry` shown again at `date`: marked `repeat`, without its full text unless asked.
  static func copy(_ entry: Entry, date: Int64, keepText: Bool = false) -> Entry {
    var copy = entry
    copy.date = date
    if !keepText { copy.detail = [] }
    if !copy.isRepeat { copy.classes.append(Entry.repeatClass) }
    return copy
  }
}
