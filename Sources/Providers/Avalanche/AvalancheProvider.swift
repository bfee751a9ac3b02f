import FoundationEssentials
import TimelineCore

/// Kind `avalanche`: the daily avalanche danger level for Norwegian or Swedish regions,
/// like iVarsom's ("Skredvarsel") widget.
///
/// Norway (`country = "no"`, default): NVE's Varsom API v6.3.0,
/// `{varsom}/AvalancheWarningByRegion/Detail/{region}/{1 nb|2 en}/{today}/{today+2}` with
/// `Accept: application/json`; base URL from `[sources] varsom`. One entry per day at
/// 00:00 Europe/Oslo; the third day is the reduced "tendency" warning. Options: `region`
/// (id, default 3011 Tromsø) or `regions = [..]` (several regions side by side, one Detail
/// request each, so emergency warnings are never lost), `language` ("nb" or "en"; the
/// default is the user's language, `Language.service`, when the service has it, else "en"),
/// `palette` ("varsom" default, "eaws"). Policy: at 16:30 Oslo while that is ahead
/// (tomorrow's warning is out by 16:00), else just after the next Oslo midnight.
///
/// Sweden (`country = "se"`): Naturvårdsverket's WFS `lavinprognoser:published_forecasts`
/// from `[sources] lavinprognoser`. Options: `area` or `areas = [..]` (required; see
/// `timeline regions --country se`), `language` ("sv" or "en"; the default as in Norway:
/// Swedish for a Swedish user, else English), `palette`. The WFS is asked for the forecasts valid now
/// (`valid_date`). Per area: one entry for the forecast over its own window (18:00 the day
/// before → 18:00, Europe/Stockholm) plus a tendency entry from `trend_risk`; several areas
/// get a new entry wherever any area's period starts. A cached entry still current bridges
/// a forecast that is not valid yet. Policy 18:01 Stockholm, or within the hour when the
/// forecast is overdue.
///
/// The Alps (`country = "at"`, `"de"`, `"it"`, `"si"`, `"ch"`): EAWS CAAMLv6 bulletins
/// from avalanche.report, lawinen-warnung.eu, AINEVA or SLF (`EAWSSource`), and the US
/// (`country = "us"`): avalanche.org's map layer (`MapLayerSource`). Options: `region` or
/// `regions = [..]` with the service's own ids ("AT-07-20", "CH-7231", "SNFAC/301"); see
/// `timeline regions --country at`; `language` ("de", "it", "fr", "en"; the default as in
/// Norway, and English for a file not published in it).
///
/// Errors throw `ProviderError` and leave the retry to the engine's backoff. Ids must be
/// positive integers; any such id is accepted at init (the bundled region list only
/// supplies names), and an id the service does not know fails the refresh with a pointer
/// to `timeline regions`.
///
/// Attribution, always in the tooltip: "Varsler fra Snøskredvarslingen i Norge og
/// www.varsom.no" (NVE's wording); Sweden: Naturvårdsverket / lavinprognoser.se.
public struct AvalancheProvider: TimelineProvider {
  /// The kind name in config.
  public static let kind = "avalanche"
  /// Reads its country's services only.
  public static let services: [Service] = [
    .varsom, .lavinprognoser, .avalancheReport, .lawinenWarnung, .aineva, .slf, .avalancheOrg,
  ]
  /// The services of the widget's country.
  public var servicesUsed: [Service] { country.services }
  /// A forecast's day is its service's.
  public var dayZone: String? {
    switch country {
    case .norway: "Europe/Oslo"
    case .sweden: "Europe/Stockholm"
    case .unitedStates: MapLayerCenters.zone(of: MapLayerZone(textIDs.first ?? "")?.center ?? "")
    default: EAWSFile.zones[country.rawValue]
    }
  }
  /// Each entry is a forecast day (or half-day).
  public static let entriesAreDays = true

  let country: AvalancheCountry
  let ids: [Int]
  /// The Alps' and the US's ids, as their services write them.
  let textIDs: [String]
  let language: AvalancheLanguage
  let palette: AvalanchePalette

  /// Reads and checks the widget's options; throws `ProviderError.config` naming a bad one.
  public init(config: WidgetConfig) throws {
    var options = Options(config)
    country =
      AvalancheCountry(
        rawValue: try options.choice("country", AvalancheCountry.allCases.map(\.rawValue), default: "no"))
      ?? .norway
    guard country.numbered else {
      textIDs = try Self.textRegions(&options, config: config, country: country)
      ids = []
      // A file not published in the language is asked for in English (`EAWSSource`).
      let languages = ["de", "it", "fr", "en"]
      language =
        AvalancheLanguage(
          rawValue: try options.choice("language", languages, default: Language.service(languages, else: "en"))) ?? .en
      palette =
        AvalanchePalette(rawValue: try options.choice("palette", ["eaws", "varsom"], default: "eaws")) ?? .eaws
      try options.finish()
      return
    }
    textIDs = []
    let (key, keys, other) = country == .norway ? ("region", "regions", "area") : ("area", "areas", "region")
    for wrong in [other, other + "s"] where config.options[wrong] != nil {
      throw options.invalid(wrong, expected: "\"\(key)\" for country \"\(country.rawValue)\"")
    }
    let single = try options.int(key)
    let several = try options.ints(keys)
    if single != nil && several != nil {
      throw options.invalid(keys, expected: "either \"\(key)\" or \"\(keys)\", not both")
    }
    var chosen = several ?? single.map { [$0] } ?? (country == .norway ? [3011] : [])
    if chosen.isEmpty {
      let example =
        country == .norway
        ? "a Varsom region id such as 3011 (Tromsø)" : "an area id such as 2 (Abisko/Riksgränsfjällen)"
      throw options.invalid(
        several == nil ? key : keys,
        expected: "\(example); run `timeline regions --country \(country.rawValue)`")
    }
    var seen = Set<Int>()
    chosen = chosen.filter { seen.insert($0).inserted }
    // The region sets change (Sweden reorganised its areas in 2025/26), so an id missing
    // from the bundled list is not refused here: the service decides at refresh, where an
    // id it does not know fails with "region N not found; run `timeline regions`".
    for id in chosen where id <= 0 {
      let example =
        country == .norway ? "a Varsom region id such as 3011 (Tromsø)" : "a lavinprognoser area id such as 2"
      throw options.invalid(
        several == nil ? key : keys,
        expected: "\(example), got \(id); run `timeline regions --country \(country.rawValue)` to list them")
    }
    ids = chosen
    // The user's language when the service speaks it, else English.
    let languages = country == .norway ? ["en", "nb"] : ["sv", "en"]
    language =
      AvalancheLanguage(
        rawValue: try options.choice("language", languages, default: Language.service(languages, else: "en"))) ?? .en
    palette =
      AvalanchePalette(rawValue: try options.choice("palette", ["varsom", "eaws"], default: "varsom")) ?? .varsom
    try options.finish()
  }

  var builder: AvalancheEntryBuilder {
    let attribution: String
    switch country {
    case .norway: attribution = varsomAttribution
    case .sweden: attribution = lavinprognoserAttribution
    case .unitedStates: attribution = "avalanche.org"
    default:
      let credits = textIDs.compactMap { EAWSFile.of(region: $0, country: country.rawValue)?.attribution }
      attribution = credits.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }.joined(separator: " · ")
    }
    return AvalancheEntryBuilder(palette: palette, attribution: attribution)
  }

  /// What the bars show before the first refresh; no I/O.
  public func placeholder() -> Entry {
    // Names from the bundled list when known; an id it lacks shows as its number.
    let names =
      country.numbered
      ? ids.map { AvalancheRegion.find(country, $0)?.name ?? String($0) }
      : textIDs.map { EAWSRegionList.name(of: $0) ?? $0 }
    let text = names.isEmpty ? "?" : names.map { "\($0) …" }.joined(separator: " · ")
    return Entry(
      date: 0, runs: [TextRun(text, color: palette.color(0))], short: "…",
      tooltip: [builder.attribution], alt: "placeholder", classes: ["avalanche", "placeholder"], level: 0)
  }

  /// The widget's timeline at `context`'s time.
  public func timeline(context: ProviderContext) async throws -> TimelineDraft {
    let now = context.clock.now()
    let base = context.sources[country.services[0]]
    switch country {
    case .norway:
      let source = VarsomSource(base: base, regions: ids, language: language)
      let days = try await source.fetch(http: context.http, now: now)
      if let index = days.firstIndex(where: \.isEmpty) {
        throw ProviderError("varsom: no warning for region \(ids[index]) from today on")
      }
      return source.draft(days, builder: builder, now: now)
    case .sweden:
      let source = LavinprognoserSource(base: base, areas: ids, language: language)
      let forecasts = try await source.fetch(http: context.http, now: now)
      return try source.draft(forecasts, builder: builder, now: now, previous: context.previous)
    case .unitedStates:
      let source = MapLayerSource(zones: textIDs.compactMap(MapLayerZone.init))
      let layers = try await source.fetch(http: context.http, base: context.sources[.avalancheOrg], now: now)
      return try source.draft(layers, builder: builder, now: now)
    default:
      let source = try EAWSSource(regions: textIDs, country: country.rawValue, language: language.rawValue)
      let files = try await source.fetch(http: context.http, sources: context.sources, now: now)
      return try source.draft(files, builder: builder, now: now, previous: context.previous)
    }
  }

  /// The preview's timeline, made without the network.
  public func snapshot(context: ProviderContext) -> TimelineDraft {
    let now = context.clock.now()
    var sample = builder
    sample.sample = true
    if let draft = AvalancheSamples.draft(
      country: country, language: language, ids: ids, builder: sample, now: now)
    {
      return draft
    }
    var entry = placeholder()
    entry.date = now
    return TimelineDraft(entries: [entry], end: nil, policy: .after(now + 3600))
  }
}
