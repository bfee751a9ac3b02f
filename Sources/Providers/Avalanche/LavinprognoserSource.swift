import TimelineCore

extension Service {
  /// Sweden's forecasts: Naturvårdsverket's lavinprognoser WFS.
  public static let lavinprognoser = Service(
    key: "lavinprognoser", defaultURL: "https://nvgis.naturvardsverket.se/geoserver/lavinprognoser/ows")
}

/// Sweden: Naturvårdsverket's WFS layer `lavinprognoser:published_forecasts`; each area's
/// forecast runs 18:00 to 18:00 Stockholm time, with a one-day outlook
/// (docs/providers/avalanche.md).
struct LavinprognoserSource: Sendable {
  var base: SourceURL
  var areas: [Int]
  var language: AvalancheLanguage
  let zone = Zone.stockholm

  /// The GetFeature URL; `valid_date` asks for the forecasts valid at `now`, not the latest
  /// published one, which between publication and 18:00 is not valid yet.
  func url(now: Int64? = nil) -> String {
    var params = "lang:\(language == .sv ? "sv" : "en")"
    // One area: let the server filter. Several: fetch all and filter here.
    if areas.count == 1 { params += ";location:\(areas[0])" }
    if let now { params += ";valid_date:" + validDate(now).replacing(" ", with: "%20") }
    let query =
      "service=WFS&version=1.0.0&request=GetFeature&typeName=lavinprognoser:published_forecasts"
      + "&outputformat=application/json&viewparams=\(params)"
    return base.text + (base.text.contains("?") ? "&" : "?") + query
  }

  /// The forecasts of the configured areas, in config order.
  func fetch(http: any HTTPClient, now: Int64) async throws -> [WFSForecast] {
    let body = try await http.json(url(now: now), from: "lavinprognoser", now: now)
    guard let collection = WFSForecastCollection.decoded(body, keys: .snake) else {
      throw ProviderError("lavinprognoser: unexpected reply (not a WFS feature collection)")
    }
    let forecasts = (collection.features ?? []).compactMap(\.properties)
    return try areas.map { area in
      let mine = forecasts.filter { $0.areaId == area }
      guard let best = pick(mine, now: now) else {
        throw ProviderError(
          "lavinprognoser: area \(area) is not in the published forecasts; run `timeline regions --country se` to list the ids"
        )
      }
      return best
    }
  }

  /// `now` on the Stockholm wall clock, `2026-03-01 17:30`.
  func validDate(_ now: Int64) -> String {
    let clock = zone.clock(at: now)
    return "\(clock.day) " + TimeText.hourMinute(clock.hour, clock.minute)
  }

  /// The forecast valid now, else the latest one.
  func pick(_ forecasts: [WFSForecast], now: Int64) -> WFSForecast? {
    forecasts.first { window($0).map { $0.0 <= now && now < $0.1 } ?? false }
      ?? forecasts.max { (window($0)?.0 ?? 0) < (window($1)?.0 ?? 0) }
  }

  func window(_ forecast: WFSForecast) -> (Int64, Int64)? {
    guard let from = forecast.validFrom.flatMap(zone.parse), let to = forecast.validTo.flatMap(zone.parse), to > from
    else { return nil }
    return (from, to)
  }

  /// Off season every area is "not assessed" for months at a time.
  func isOffSeason(_ forecast: WFSForecast) -> Bool {
    guard forecast.level == 0 else { return false }
    guard let (from, to) = window(forecast) else { return true }
    return to - from > 2 * 86_400
  }

  /// A part of an area's timeline: its forecast over its own window, or the outlook from
  /// the window's end to 18:00 on the outlook day.
  struct Period {
    var from: Int64
    var to: Int64
    var day: DangerDay
  }

  func periods(_ forecast: WFSForecast, now: Int64) throws -> [Period] {
    guard let (from, to) = window(forecast) else {
      throw ProviderError(
        "lavinprognoser: forecast for area \(forecast.areaId ?? 0) without a valid_from/valid_to window")
    }
    let forecastDay = isOffSeason(forecast) ? zone.day(at: now) : zone.day(at: to - 1)
    var result = [Period(from: from, to: to, day: dangerDay(forecast, day: forecastDay))]
    if let trend = trendDay(forecast, after: forecastDay) {
      let trendEnd = zone.epoch(trend.day, hour: 18)
      if trendEnd > to { result.append(Period(from: to, to: trendEnd, day: trend)) }
    }
    return result
  }

  /// An entry wherever any area's period starts, until the first area runs out. If the
  /// newest forecast is not valid yet, the entry of `previous` current now bridges the gap.
  func draft(
    _ forecasts: [WFSForecast], builder: AvalancheEntryBuilder, now: Int64, previous: Timeline? = nil
  ) throws -> TimelineDraft {
    let perArea = try forecasts.map { try periods($0, now: now) }
    guard let end = perArea.compactMap({ $0.last?.to }).min(),
      let validTo = perArea.compactMap({ $0.first?.to }).min()
    else {
      throw ProviderError("lavinprognoser: no forecast for the configured areas")
    }
    let starts = Set(perArea.flatMap { $0.map(\.from) }).filter { $0 < end }.sorted()
    var entries: [Entry] = starts.compactMap { instant in
      let days = perArea.compactMap { periods in periods.first { $0.from <= instant && instant < $0.to }?.day }
      return days.isEmpty ? nil : builder.entry(date: instant, days: days)
    }
    // Only the entry current now and those after it matter.
    if let current = entries.lastIndex(where: { $0.date <= now }) { entries.removeFirst(current) }
    if let first = entries.first, first.date > now, let kept = previous?.current(at: now),
      kept.date < first.date, kept.key?.hasPrefix("lavinprognoser:") == true
    {
      entries.insert(kept, at: 0)
    }
    guard !entries.isEmpty else { throw ProviderError("lavinprognoser: no forecast for the configured areas") }
    var draft = TimelineDraft(entries: entries, end: end, policy: policy(now: now, validTo: validTo))
    draft.facts = builder.facts(perArea.flatMap { $0.map(\.day) }, today: zone.day(at: now))
    return draft
  }

  func dangerDay(_ forecast: WFSForecast, day: LocalDay) -> DangerDay {
    let area = forecast.areaId ?? 0
    let name = forecast.location?.trimmedOrNil ?? "\(area)"
    var result = DangerDay(
      regionId: String(area), regionName: name, day: day, level: forecast.level,
      key: "lavinprognoser:\(area):\(forecast.id.map(String.init) ?? day.description)")
    let text = forecast.assessmentContent.map(HTMLText.plain)?.paragraphs ?? []
    result.summary = (forecast.assessmentTitle?.trimmedOrNil.map { [$0] } ?? []) + text
    if isOffSeason(forecast), let (from, to) = window(forecast) {
      result.note = localized("valid %s – %s", zone.day(at: from), zone.day(at: to))
    }
    result.problems = forecast.decodedProblems.compactMap(problemLine)
    result.advice = [forecast.recommendation?.trimmedOrNil].compactMap { $0 }
    result.url = Self.link(area: area, language: language)
    if let changed = forecast.changeDate.flatMap(zone.parse) {
      result.published = localized("Published: %s", AvalancheWords.stamp(changed, in: zone))
    }
    return result
  }

  /// Only a real next-day outlook: an assessed level for the day after the forecast.
  func trendDay(_ forecast: WFSForecast, after day: LocalDay) -> DangerDay? {
    guard let level = forecast.trendRisk?.value, level > 0,
      let trendDay = forecast.trendDate.flatMap({ LocalDay($0) }), trendDay > day
    else { return nil }
    let area = forecast.areaId ?? 0
    var result = DangerDay(
      regionId: String(area), regionName: forecast.location?.trimmedOrNil ?? "\(area)", day: trendDay,
      level: level, key: "lavinprognoser:\(area):trend:\(trendDay)")
    result.tendency = true
    let text = forecast.trendContent.map(HTMLText.plain)?.paragraphs ?? []
    let title = forecast.trendTitle.map(HTMLText.plain)?.trimmedOrNil
    result.summary = text.isEmpty ? [title ?? localized("Outlook")] : text
    result.url = Self.link(area: area, language: language)
    return result
  }

  func problemLine(_ problem: WFSProblem) -> ProblemLine? {
    guard let title = problem.title?.trimmedOrNil else { return nil }
    var parts = [title]
    let aspects = zip(problem.directions, AvalancheWords.compass).filter { $0.0 == true }.map(\.1)
    if !aspects.isEmpty { parts.append(aspects.joined(separator: " ")) }
    let heights = zip([problem.aboveTreeline, problem.treeline, problem.belowTreeline], AvalancheWords.treeline)
      .filter { $0.0 == true }.map(\.1)
    if !heights.isEmpty { parts.append(heights.joined(separator: ", ")) }
    let extra = [problem.sensitivity?.trimmedOrNil, problem.spread?.trimmedOrNil].compactMap { $0 }
    return ProblemLine(line: parts.joined(separator: ", "), extra: extra.isEmpty ? nil : extra.joined(separator: ", "))
  }

  static func link(area: Int, language: AvalancheLanguage) -> String {
    guard let slug = AvalancheRegion.find(.sweden, area)?.slug else { return "https://lavinprognoser.se/" }
    return language != .sv
      ? "https://lavinprognoser.se/en/current-avalanche-bulletins/\(slug)/"
      : "https://lavinprognoser.se/oversikt-alla-omraden/\(slug)/"
  }

  /// Just after 18:00, when the next forecast takes over; within the hour when it is late.
  func policy(now: Int64, validTo: Int64) -> ReloadPolicy {
    let today = zone.day(at: now)
    var evening = zone.epoch(today, hour: 18, minute: 1)
    if evening <= now { evening = zone.epoch(today.adding(days: 1), hour: 18, minute: 1) }
    if validTo <= now { return .after(min(now + 3600, evening)) }
    return .after(min(validTo + 60, evening))
  }
}
