import TimelineCore

/// Kind `random-shabad`: a random shabad per slot of `interval`, on a grid kept across
/// refreshes so that no shabad is replaced before its slot is over; after the fresh slots,
/// `OfflineRotation`. The options, the schedule and the failures: docs/providers/banidb.md.
public struct RandomShabadProvider: TimelineProvider {
  /// The kind name in config.
  public static let kind = "random-shabad"
  /// Reads BaniDB only.
  public static let services: [Service] = [.banidb]
  static let sources = ["G", "all", "D", "B", "A", "S", "N", "R"]
  static let retryGap: Int64 = 30 * 60

  let interval: Int64
  let count: Int
  let source: String
  let style: BaniDBStyle

  /// Reads and checks the widget's options; throws `ProviderError.config` naming a bad one.
  public init(config: WidgetConfig) throws {
    var options = Options(config)
    interval = try options.duration("interval", default: 3 * 3600, minimum: 600)
    count = try options.int("entries", default: 8, range: 1...48) ?? 8
    source = try options.choice("source", Self.sources, default: "G")
    style = try BaniDBStyle(&options)
    try options.finish()
  }

  /// What the bars show before the first refresh; no I/O.
  public func placeholder() -> Entry { BaniDBRender.placeholder("ੴ", kind: "shabad") }

  /// The preview's timeline, made without the network.
  public func snapshot(context: ProviderContext) -> TimelineDraft {
    let now = context.clock.now()
    guard let shabad = BaniDBSamples.shabad("random-shabad") else {
      return TimelineDraft(entries: [placeholder()], end: nil, policy: .never, line: style.line)
    }
    let entry = makeEntry(shabad, date: now, timeZone: context.timeZone)
    return TimelineDraft(entries: [entry], end: now + interval, policy: .never, line: style.line)
  }

  func makeEntry(_ shabad: Shabad, date: Int64, timeZone: String?) -> Entry {
    var entry = BaniDBRender.entry(
      shabad, date: date, style: style, alt: "shabad", classes: ["shabad"], key: "shabad:\(shabad.id)",
      dateLine: localized("Random shabad for %s", BaniDBRender.localTime(date, timeZone: timeZone)))
    entry.relevance = Relevance(RelevanceTable.randomShabad)
    return entry
  }

  /// The slot dates and the cached entries that already fill some of them.
  ///
  /// With `entries = 1` the grid holds the current slot only until half of it has passed;
  /// after that it also holds the next slot, so the refresh at the half-way mark fetches
  /// the next shabad before the current one ends (no placeholder at the slot change, and
  /// no refresh loop: each such refresh moves the due time on by one interval).
  func plan(now: Int64, previous: [Entry]) -> (slots: [Int64], kept: [Int64: Entry], anchor: Entry?) {
    let anchor = previous.last { $0.date <= now } ?? previous.first
    func grid(from start: Int64) -> [Int64] {
      let span = count == 1 && now - start >= interval / 2 ? 2 : count
      return (0..<Int64(span)).map { start + $0 * interval }
    }
    if let anchor {
      // The slot containing now on the anchor's grid (floor modulo, so an anchor in the
      // future works too).
      let offset = ((now - anchor.date) % interval + interval) % interval
      let slots = grid(from: now - offset)
      var kept: [Int64: Entry] = [:]
      for entry in previous where slots.contains(entry.date) && kept[entry.date] == nil { kept[entry.date] = entry }
      if !kept.isEmpty { return (slots, kept, anchor) }
    }
    return (grid(from: now), [:], anchor)
  }

  /// The widget's timeline at `context`'s time.
  public func timeline(context: ProviderContext) async throws -> TimelineDraft {
    let now = context.clock.now()
    let previous = context.force ? [] : context.previous?.entries ?? []
    let reusable = previous.filter { $0.key?.hasPrefix("shabad:") == true && !$0.isRepeat }
    let (slots, kept, anchor) = plan(now: now, previous: reusable)
    let missing = slots.filter { kept[$0] == nil }
    let api = BaniDBAPI(context)
    let path = "/random/\(source)"
    let results = await BaniDBAPI.each(missing) { _ in
      guard let shabad = try await api.shabad(path) else {
        throw BaniDBRequestError("BaniDB: \(path) not found (HTTP 404)", reason: "not found")
      }
      return shabad
    }
    var entries = kept
    var errors: [ProviderError] = []
    for (slot, result) in zip(missing, results) {
      switch result {
      case .success(let shabad): entries[slot] = makeEntry(shabad, date: slot, timeZone: context.timeZone)
      case .failure(let failure): errors.append(failure.error)
      }
    }
    if !missing.isEmpty && errors.count == missing.count { throw BaniDBAPI.combined(errors) }
    if entries[slots[0]] == nil {
      // The current slot failed: keep showing what was on screen, or else start the
      // next fetched shabad now rather than leave the bar empty until its slot.
      if let anchor, anchor.date < slots[0] {
        entries[anchor.date] = anchor
      } else if let first = entries.keys.min(), let entry = entries.removeValue(forKey: first) {
        var moved = entry
        moved.date = slots[0]
        entries[slots[0]] = moved
      }
    }
    let freshEnd = slots[slots.count - 1] + interval
    // With one entry: half-way through the last slot (see `plan`), not at the end, which
    // would leave the placeholder up until the timer fires.
    var refresh = count >= 2 ? freshEnd - interval : slots[slots.count - 1] + interval / 2
    if !errors.isEmpty { refresh = min(refresh, now + Self.retryGap) }
    let fresh = entries.keys.sorted().compactMap { entries[$0] }
    let repeats = OfflineRotation.entries(
      from: freshEnd, interval: interval, pool: OfflineRotation.pool(fresh: fresh, previous: previous),
      shownKeys: Set(fresh.compactMap(\.key)))
    let end = repeats.last.map { $0.date + interval } ?? freshEnd
    return TimelineDraft(entries: fresh + repeats, end: end, policy: .after(refresh), line: style.line)
  }
}
