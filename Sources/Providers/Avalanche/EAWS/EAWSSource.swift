import TimelineCore

/// The Alps: EAWS CAAMLv6 bulletins for a widget's regions of one country, today's and
/// tomorrow's (docs/providers/avalanche-eaws.md).
struct EAWSSource: Sendable {
  var regions: [String]
  var files: [EAWSFile]
  var zone: Zone
  /// The language asked for (the widget's); a file not published in it is asked in English.
  var language: String

  /// The widget's regions, all of `country`; throws naming an id no service publishes.
  init(regions: [String], country: String, language: String = "en") throws {
    var files: [EAWSFile] = []
    for region in regions {
      guard let file = EAWSFile.of(region: region, country: country) else {
        throw ProviderError(
          "avalanche: no \(country) service publishes region \(region); run `timeline regions --country \(country)`")
      }
      if !files.contains(file) { files.append(file) }
    }
    self.regions = regions
    self.files = files
    self.language = language
    zone = Zone.named(files.first?.zoneName ?? "UTC", else: "CET-1CEST,M3.5.0,M10.5.0/3")
  }

  /// The bulletins of every file, today's and tomorrow's (SLF: the current one).
  func fetch(http: any HTTPClient, sources: Sources, now: Int64) async throws -> [[EAWSBulletin]] {
    let today = zone.day(at: now)
    var result: [[EAWSBulletin]] = []
    for file in files {
      let base = sources[file.service]
      let language = file.languages.contains(language) ? language : "en"
      func url(_ day: LocalDay?) -> String { file.url(base: base, day: day, language: language) }
      if file.province == nil {
        result.append(try await get(http, url(nil), file, now: now, missingIsEmpty: false))
        continue
      }
      var current = try await get(http, url(today), file, now: now, missingIsEmpty: true)
      if current.isEmpty {
        current = try await get(http, url(nil), file, now: now, missingIsEmpty: false)
      }
      result.append(current)
      result.append(try await get(http, url(today.adding(days: 1)), file, now: now, missingIsEmpty: true))
    }
    return result
  }

  /// One file's bulletins; a 404 is no bulletins where `missingIsEmpty` (a day not yet
  /// published), else an error.
  private func get(
    _ http: any HTTPClient, _ url: String, _ file: EAWSFile, now: Int64, missingIsEmpty: Bool
  ) async throws -> [EAWSBulletin] {
    let response = try await http.get(url, headers: ["Accept": "application/json"])
    if response.status == 404 && missingIsEmpty { return [] }
    let body = try response.jsonBody(from: file.service.key, now: now)
    return try EAWSBulletin.decode(body, service: file.service.key)
  }

  /// The timeline: an entry wherever any region's period starts, each naming every
  /// region's period current then. Entries of `previous` before the first new one stay
  /// (SLF's today after 17:00). Throws for a region no bulletin covers.
  func draft(
    _ fetched: [[EAWSBulletin]], builder: AvalancheEntryBuilder, now: Int64, previous: Timeline?
  ) throws -> TimelineDraft {
    let days = EAWSDays(zone: zone)
    var perRegion: [[EAWSDays.Period]] = []
    for region in regions {
      let periods = days.periods(
        region: region, name: EAWSRegionList.name(of: region) ?? region, files: fetched)
      if periods.isEmpty {
        throw ProviderError(
          "avalanche: no bulletin carries region \(region); run `timeline regions` to list the ids")
      }
      perRegion.append(periods)
    }
    var entries = builder.entries(perRegion)
    if let first = entries.first?.date, first > now, let previous {
      let kept = previous.entries.filter { $0.date < first && $0.date >= zone.startOfDay(at: now) }
      entries = kept + entries
    }
    let lastDay = perRegion.compactMap { $0.last?.day.day }.max()
    let end = lastDay.map { zone.start(of: $0.adding(days: 1)) }
    let tomorrowPublished = lastDay.map { $0 > zone.day(at: now) } ?? false
    var draft = TimelineDraft(
      entries: entries, end: end, policy: policy(now: now, tomorrowPublished: tomorrowPublished))
    draft.facts = builder.facts(perRegion.flatMap { $0.map(\.day) }, today: zone.day(at: now))
    return draft
  }

  /// The services publish about 17:00 and update about 08:00: ask at 08:15 and 17:15, then
  /// hourly until 20:15 while tomorrow's bulletin is missing.
  func policy(now: Int64, tomorrowPublished: Bool) -> ReloadPolicy {
    let today = zone.day(at: now)
    var times = [zone.epoch(today, hour: 8, minute: 15), zone.epoch(today, hour: 17, minute: 15)]
    if !tomorrowPublished { times += (18...20).map { zone.epoch(today, hour: $0, minute: 15) } }
    times.append(zone.epoch(today.adding(days: 1), hour: 8, minute: 15))
    return .after(times.first { $0 > now } ?? now + 3600)
  }
}
