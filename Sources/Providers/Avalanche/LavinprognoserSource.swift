import Foundation
import TimelineCore

/// Sweden: Naturvårdsverket's WFS layer `lavinprognoser:published_forecasts`. Each area has
/// one forecast valid 18:00 the day before → 18:00 (Europe/Stockholm), with a one-day
/// outlook in `trend_risk`/`trend_date`.
struct LavinprognoserSource: Sendable {
  var base: String
  var areas: [Int]
  var language: AvalancheLanguage
  let zone = LocalZone.stockholm

  func url() -> String {
    var params = "lang:\(language == .en ? "en" : "sv")"
    // One area: let the server filter. Several: fetch all and filter here.
    if areas.count == 1 { params += ";location:\(areas[0])" }
    let query = "service=WFS&version=1.0.0&request=GetFeature&typeName=lavinprognoser:published_forecasts"
      + "&outputformat=application/json&viewparams=\(params)"
    return base + (base.contains("?") ? "&" : "?") + query
  }

  /// The forecasts of the configured areas, in config order.
  func fetch(http: any HTTPClient, now: Int64) async throws -> [WFSForecast] {
    let response = try await http.get(url(), headers: ["Accept": "application/json"])
    let body = try response.jsonBody(from: "lavinprognoser")
    let collection: WFSForecastCollection
    do {
      collection = try JSONDecoder().decode(WFSForecastCollection.self, from: Data(body))
    } catch {
      throw ProviderError("lavinprognoser: unexpected reply (not a WFS feature collection)")
    }
    let forecasts = (collection.features ?? []).compactMap(\.properties)
    return try areas.map { area in
      let mine = forecasts.filter { $0.areaId == area }
      guard let best = pick(mine, now: now) else {
        throw ProviderError(
          "lavinprognoser: area \(area) is not in the published forecasts; run `timeline regions --country se` to list the ids")
      }
      return best
    }
  }

  /// The forecast valid now, else the latest one.
  func pick(_ forecasts: [WFSForecast], now: Int64) -> WFSForecast? {
    let windows = forecasts.map { ($0, window($0)) }
    if let current = windows.first(where: { w in w.1.map { $0.0 <= now && now < $0.1 } ?? false }) {
      return current.0
    }
    return windows.max { ($0.1?.0 ?? 0) < ($1.1?.0 ?? 0) }?.0
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

  func draft(_ forecasts: [WFSForecast], builder: AvalancheEntryBuilder, now: Int64) throws -> TimelineDraft {
    guard let lead = forecasts.first, let (from, to) = window(lead) else {
      throw ProviderError("lavinprognoser: forecast without a valid_from/valid_to window")
    }
    let today = zone.day(at: now)
    let forecastDay = isOffSeason(lead) ? today : zone.day(at: to - 1)
    let main = forecasts.map { dangerDay($0, day: forecastDay) }
    var entries = [builder.entry(date: from, days: main)]
    var end = to
    // The outlook covers the next forecast's window, until it is published.
    let trends = forecasts.compactMap { trendDay($0, after: forecastDay) }
    if !trends.isEmpty, trends.count == forecasts.count, let trendDay = trends.first?.day {
      let trendEnd = zone.epoch(trendDay, hour: 18)
      if trendEnd > to {
        entries.append(builder.entry(date: to, days: trends))
        end = trendEnd
      }
    }
    return TimelineDraft(entries: entries, end: end, policy: policy(now: now, validTo: to))
  }

  func dangerDay(_ forecast: WFSForecast, day: LocalDay) -> DangerDay {
    let area = forecast.areaId ?? 0
    let name = forecast.location?.trimmedOrNil ?? "\(area)"
    var result = DangerDay(
      regionId: area, regionName: name, day: day, level: forecast.level,
      key: "lavinprognoser:\(area):\(forecast.id.map(String.init) ?? day.description)")
    let text = forecast.assessmentContent.map(HTMLText.plain)?.paragraphs ?? []
    result.summary = (forecast.assessmentTitle?.trimmedOrNil.map { [$0] } ?? []) + text
    if isOffSeason(forecast), let (from, to) = window(forecast) {
      result.note = "\(language.strings.valid) \(zone.clock(at: from).0) – \(zone.clock(at: to).0)"
    }
    result.problems = forecast.decodedProblems.compactMap(problemLine)
    result.advice = [forecast.recommendation?.trimmedOrNil].compactMap { $0 }
    result.url = Self.link(area: area, language: language)
    if let changed = forecast.changeDate.flatMap(zone.parse) {
      result.published = "\(language.strings.published): \(language.stamp(changed, in: zone))"
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
      regionId: area, regionName: forecast.location?.trimmedOrNil ?? "\(area)", day: trendDay,
      level: level, key: "lavinprognoser:\(area):trend:\(trendDay)")
    result.tendency = true
    let text = forecast.trendContent.map(HTMLText.plain)?.paragraphs ?? []
    result.summary = text.isEmpty ? [language.strings.outlook] : text
    result.url = Self.link(area: area, language: language)
    return result
  }

  func problemLine(_ problem: WFSProblem) -> ProblemLine? {
    guard let title = problem.title?.trimmedOrNil else { return nil }
    var parts = [title]
    let aspects = zip(problem.directions, language.compass).filter { $0.0 == true }.map(\.1)
    if !aspects.isEmpty { parts.append(aspects.joined(separator: " ")) }
    let heights = zip([problem.aboveTreeline, problem.treeline, problem.belowTreeline], language.strings.treeline)
      .filter { $0.0 == true }.map(\.1)
    if !heights.isEmpty { parts.append(heights.joined(separator: ", ")) }
    let extra = [problem.sensitivity?.trimmedOrNil, problem.spread?.trimmedOrNil].compactMap { $0 }
    return ProblemLine(line: parts.joined(separator: ", "), extra: extra.isEmpty ? nil : extra.joined(separator: ", "))
  }

  static func link(area: Int, language: AvalancheLanguage) -> String {
    guard let slug = AvalancheRegion.find(.sweden, area)?.slug else { return "https://lavinprognoser.se/" }
    return language == .en
      ? "https://lavinprognoser.se/en/current-avalanche-bulletins/\(slug)/"
      : "https://lavinprognoser.se/oversikt-alla-omraden/\(slug)/"
  }

  /// The next forecast takes over at 18:00, so ask just after it. A forecast already past
  /// its end means the new one is late: try again within the hour.
  func policy(now: Int64, validTo: Int64) -> ReloadPolicy {
    let today = zone.day(at: now)
    var evening = zone.epoch(today, hour: 18, minute: 1)
    if evening <= now { evening = zone.epoch(today.adding(days: 1), hour: 18, minute: 1) }
    if validTo <= now { return .after(min(now + 3600, evening)) }
    return .after(min(validTo + 60, evening))
  }
}
