import TimelineCore

/// Kind `hukamnama`: the day's Hukamnama from Sri Harmandir Sahib, by Amritsar's date;
/// until BaniDB publishes it, the latest one, labelled with its own date (every label comes
/// from the response, never from the request). Once one is fetched the bar never falls
/// back to the placeholder: a `repeat` copy follows with no end. docs/providers/banidb.md.
public struct HukamnamaProvider: TimelineProvider {
  /// The kind name in config.
  public static let kind = "hukamnama"
  /// Reads BaniDB only.
  public static let services: [Service] = [.banidb]
  /// BaniDB dates the Hukamnama by Amritsar's calendar.
  public var dayZone: String? { "Asia/Kolkata" }
  static let retryGap: Int64 = 30 * 60

  let style: BaniDBStyle
  let fresh: Int64

  /// Reads and checks the widget's options; throws `ProviderError.config` naming a bad one.
  public init(config: WidgetConfig) throws {
    var options = Options(config)
    style = try BaniDBStyle(&options)
    fresh = try options.duration("fresh", default: 12 * 3600, minimum: 0)
    try options.finish()
  }

  /// What the bars show before the first refresh; no I/O.
  public func placeholder() -> Entry { BaniDBRender.placeholder(localized("Hukamnama") + "…", kind: "hukamnama") }

  /// The preview's timeline, made without the network.
  public func snapshot(context: ProviderContext) -> TimelineDraft {
    let now = context.clock.now()
    guard let hukamnama = BaniDBSamples.hukamnama("hukamnama"), !hukamnama.shabads.isEmpty else {
      return TimelineDraft(entries: [placeholder()], end: nil, policy: .never, line: style.line)
    }
    var entry = makeEntry(hukamnama, date: now, isToday: true)
    entry.relevance = RelevanceTable.hukamnama(
      dayStart: Zone.ist.startOfDay(at: now), dayEnd: Zone.ist.nextMidnight(after: now), fresh: fresh)
    return TimelineDraft(entries: [entry], end: Zone.ist.nextMidnight(after: now), policy: .never, line: style.line)
  }

  /// The widget's timeline at `context`'s time.
  public func timeline(context: ProviderContext) async throws -> TimelineDraft {
    let now = context.clock.now()
    let today = Zone.ist.day(at: now)
    let api = BaniDBAPI(context)
    var found = try await api.get("/hukamnamas/\(today.year)/\(today.month)/\(today.day)")
    // A dated row whose shabad ids match nothing comes back with `shabads: {}`: as good
    // as no hukamnama for today, so fall back like a 404.
    if case .found(let json) = found, let dated = Hukamnama(json), dated.shabads.isEmpty {
      found = .notFound
    }
    if case .notFound = found {
      found = try await api.get("/hukamnamas")
    }
    guard case .found(let json) = found else { throw ProviderError("BaniDB: no hukamnama available (HTTP 404)") }
    guard let hukamnama = Hukamnama(json) else { throw ProviderError("BaniDB: unexpected hukamnama format") }
    guard !hukamnama.shabads.isEmpty else { throw ProviderError("BaniDB: the hukamnama has no shabads") }
    let isToday = hukamnama.date == today
    let midnight = Zone.ist.nextMidnight(after: now)
    let dayStart = Zone.ist.startOfDay(at: now)
    var entry = makeEntry(hukamnama, date: dayStart, isToday: isToday)
    // Not today's (BaniDB has not published it yet) scores as an old one all day.
    entry.relevance =
      isToday
      ? RelevanceTable.hukamnama(dayStart: dayStart, dayEnd: midnight, fresh: fresh)
      : Relevance(RelevanceTable.hukamnamaOld)
    var later = OfflineRotation.copy(
      makeEntry(hukamnama, date: midnight, isToday: false, fetchedDay: false), date: midnight)
    later.relevance = Relevance(RelevanceTable.hukamnamaOld)
    let policy: ReloadPolicy = isToday ? .after(midnight) : .after(min(now + Self.retryGap, midnight))
    var draft = TimelineDraft(entries: [entry, later], end: nil, policy: policy, line: style.line)
    if isToday {
      draft.facts = [
        NoticeFact(
          subject: "hukamnama", occasion: today.description, level: 1, title: localized("Hukamnama"),
          what: localized("new"), when: localized("today"),
          body: entry.tooltip.first ?? entry.text, url: entry.url)
      ]
    }
    return draft
  }

  /// `fetchedDay`: made for the day it was fetched on (else for the days after, when no
  /// newer one came).
  func makeEntry(_ hukamnama: Hukamnama, date: Int64, isToday: Bool, fetchedDay: Bool = true) -> Entry {
    let shabads = hukamnama.shabads
    let day = TimeText.date(hukamnama.date)
    let note =
      fetchedDay
      ? localized(" (latest available; today's is not published yet)")
      : localized(" (not today's; no newer one fetched yet)")
    let label = localized("Hukamnama, %s", day) + (isToday ? "" : note)
    var notes: [String] = []
    if shabads.count > 1 {
      notes.append(
        localizedPlural(
          "%d shabad; `timeline show` prints all of them", "%d shabads; `timeline show` prints all of them",
          shabads.count))
    }
    return BaniDBRender.entry(
      shabads[0], date: date, style: style, alt: "hukamnama",
      classes: isToday ? ["hukamnama"] : ["hukamnama", "not-today"], key: "hukamnama:\(hukamnama.date)",
      label: label, notes: notes, extraDetail: Array(shabads.dropFirst()))
  }
}

extension HukamnamaProvider {
  /// `[notify] hukamnama = true`: the new day's Hukamnama when a fetch brings it (not the
  /// day before's, which BaniDB serves until it publishes).
  public static var notifyRule: NotifyRule? { .flag }

  /// "Today's Hukamnama" and its first line.
  public static func notice(_ facts: [NoticeFact]) -> Notice {
    var notice = Notice.plain(facts)
    notice.summary = localized("Today's Hukamnama")
    return notice
  }
}
