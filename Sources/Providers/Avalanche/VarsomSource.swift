import TimelineCore

extension Service {
  /// Norway's forecasts: NVE's Varsom API.
  public static let varsom = Service(
    key: "varsom", defaultURL: "https://api01.nve.no/hydrology/forecast/avalanche/v6.3.0/api")
}

/// Norway: NVE's Varsom API, one Detail request per region (the Simple endpoints lack
/// `EmergencyWarning`) for today … today+2 in Oslo (docs/providers/avalanche.md).
struct VarsomSource: Sendable {
  var base: SourceURL
  var regions: [Int]
  var language: AvalancheLanguage
  let zone = Zone.oslo

  /// The Detail URL; the API's language key is 1 for Norwegian, 2 for English.
  func url(region: Int, from: LocalDay, to: LocalDay) -> String {
    "\(base.text)/AvalancheWarningByRegion/Detail/\(region)/\(language == .nb ? 1 : 2)/\(from)/\(to)"
  }

  /// The days of each region, in config order, for today … today+2.
  func fetch(http: any HTTPClient, now: Int64) async throws -> [[DangerDay]] {
    let today = zone.day(at: now)
    let last = today.adding(days: 2)
    return try await withThrowingTaskGroup(of: (Int, [DangerDay]).self) { group in
      for (index, region) in regions.enumerated() {
        group.addTask {
          let warnings = try await fetchWarnings(http: http, region: region, from: today, to: last, now: now)
          return (index, days(from: warnings, region: region, today: today))
        }
      }
      var results = [[DangerDay]](repeating: [], count: regions.count)
      for try await (index, days) in group { results[index] = days }
      return results
    }
  }

  func fetchWarnings(http: any HTTPClient, region: Int, from: LocalDay, to: LocalDay, now: Int64) async throws
    -> [VarsomWarning]
  {
    let response = try await http.get(url(region: region, from: from, to: to), headers: ["Accept": "application/json"])
    if response.status == 400 || response.status == 404 {
      // The API answers an unknown region in JSON. A page that is not JSON (IIS's HTML
      // 404, an empty body) means the URL itself is wrong: a retired API version or a
      // mistyped base URL, which `timeline regions` cannot help with.
      guard response.looksLikeJSON else {
        throw ProviderError(
          "varsom: HTTP \(response.status) without a JSON reply; the API address may be wrong or retired: check `[sources] varsom`"
        )
      }
      throw notFound(region, why: "HTTP \(response.status)")
    }
    let body = try response.jsonBody(from: "varsom", now: now)
    guard let warnings = [VarsomWarning].decoded(body, keys: .pascal) else {
      throw ProviderError("varsom: unexpected reply for region \(region) (not a list of warnings)")
    }
    // An unknown id has come back as an empty list, and as nameless placeholders.
    let real = warnings.filter {
      ($0.regionId ?? region) == region && !($0.regionName ?? "").trimmed.isEmpty
    }
    if real.isEmpty { throw notFound(region, why: warnings.isEmpty ? "empty reply" : "no such region in the reply") }
    return real
  }

  private func notFound(_ region: Int, why: String) -> ProviderError {
    ProviderError("varsom: region \(region) not found (\(why)); run `timeline regions` to list the ids")
  }

  /// One day per date in range; a re-issued warning for the same date replaces the older.
  func days(from warnings: [VarsomWarning], region: Int, today: LocalDay) -> [DangerDay] {
    var byDay: [LocalDay: (VarsomWarning, Int64)] = [:]
    for warning in warnings {
      guard let from = warning.validFrom, let day = LocalDay(from),
        day >= today, day <= today.adding(days: 2)
      else { continue }
      let published = warning.publishTime.flatMap(zone.parse) ?? 0
      if let existing = byDay[day], existing.1 > published { continue }
      byDay[day] = (warning, published)
    }
    return byDay.keys.sorted().compactMap { day in
      byDay[day].map { dangerDay($0.0, day: day, region: region, thirdDay: day == today.adding(days: 2)) }
    }
  }

  func dangerDay(_ warning: VarsomWarning, day: LocalDay, region: Int, thirdDay: Bool) -> DangerDay {
    let name = warning.regionName?.trimmed ?? String(region)
    let level = warning.level
    var result = DangerDay(
      regionId: String(region), regionName: name, day: day, level: level, key: "varsom:\(region):\(day)")
    // The API marks the reduced day-after-tomorrow warning from v6.3.0 on; when the
    // flag is missing the third day is that reduced warning since the 2023-24 season.
    result.tendency = warning.isTendency ?? thirdDay
    result.summary = warning.mainText?.trimmedOrNil.map { [$0] } ?? []
    result.assessment = warning.avalancheDanger?.paragraphs ?? []
    result.emergency = warning.activeEmergency
    result.problems = (warning.avalancheProblems ?? [])
      .sorted { ($0.avalancheProblemId ?? 0) < ($1.avalancheProblemId ?? 0) }
      .compactMap(problemLine)
    result.advice = (warning.avalancheAdvices ?? []).compactMap { $0.text?.trimmedOrNil }
    result.url = Self.link(region: name, day: day, language: language)
    if !warning.isPlaceholder, let published = warning.publishTime.flatMap(zone.parse) {
      result.published = localized("Published: %s", AvalancheWords.stamp(published, in: zone))
    }
    return result
  }

  func problemLine(_ problem: VarsomProblem) -> ProblemLine? {
    guard let name = problem.avalancheProblemTypeName?.trimmedOrNil else { return nil }
    var parts = [name]
    if let exp = problem.validExpositions, exp.count == 8 {
      let aspects = zip(exp, AvalancheWords.compass).filter { $0.0 == "1" }.map(\.1)
      if !aspects.isEmpty { parts.append(aspects.joined(separator: " ")) }
    }
    let h1 = problem.exposedHeight1 ?? 0
    let h2 = problem.exposedHeight2 ?? 0
    switch problem.exposedHeightFill {
    case 1? where h1 > 0: parts.append(localized("above %d m", h1))
    case 2? where h1 > 0: parts.append(localized("below %d m", h1))
    case 3? where h1 > 0: parts.append(localized("above %d m and below %d m", h1, h2))
    case 4? where h1 > 0: parts.append(localized("between %d and %d m", h2, h1))
    default: break
    }
    let extra = problem.triggerSenitivityPropagationDestuctiveSizeText?.trimmedOrNil.map {
      $0.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
    return ProblemLine(line: parts.joined(separator: ", "), extra: extra)
  }

  /// The varsom.no page of a region's warning for a date.
  static func link(region: String, day: LocalDay, language: AvalancheLanguage) -> String {
    // Percent-encoded but for RFC 3986's unreserved characters.
    var name = ""
    for byte in region.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
        name.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        name += "%" + String(String(0x100 + Int(byte), radix: 16, uppercase: true).dropFirst())
      }
    }
    return language == .nb
      ? "https://varsom.no/snoskredvarsling/varsel/\(name)/\(day)"
      : "https://varsom.no/en/avalanche-bulletins/forecast/\(name)/\(day)"
  }

  /// Tomorrow's warning is due by 16:00, so ask at 16:30; after that, just past midnight.
  func policy(now: Int64) -> ReloadPolicy {
    let today = zone.day(at: now)
    let afternoon = zone.epoch(today, hour: 16, minute: 30)
    if now < afternoon { return .after(afternoon) }
    return .after(zone.start(of: today.adding(days: 1)) + 60)
  }

  /// One entry per day at 00:00 Oslo, each naming every configured region.
  func draft(_ perRegion: [[DangerDay]], builder: AvalancheEntryBuilder, now: Int64) -> TimelineDraft {
    let allDays = Set(perRegion.flatMap { $0.map(\.day) }).sorted()
    let entries = allDays.map { day in
      builder.entry(date: zone.start(of: day), days: perRegion.compactMap { $0.first { $0.day == day } })
    }
    let end = allDays.last.map { zone.start(of: $0.adding(days: 1)) }
    var draft = TimelineDraft(entries: entries, end: end, policy: policy(now: now))
    draft.facts = builder.facts(perRegion.flatMap { $0 }, today: zone.day(at: now))
    return draft
  }
}
