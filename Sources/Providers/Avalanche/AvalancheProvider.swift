import TimelineCore

/// Kind `avalanche`: the daily avalanche danger of one or more regions of one country, each
/// read from its own service (Varsom, lavinprognoser, the EAWS bulletins, avalanche.org).
/// Options, requests, policies and attributions: docs/providers/avalanche.md,
/// avalanche-eaws.md and avalanche-us.md. Any positive id is accepted at init (the bundled
/// lists only supply names); the service decides at refresh.
public struct AvalancheProvider: TimelineProvider {
  /// `avalanche`.
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
    let (key, other) = country == .sweden ? ("area", "region") : ("region", "area")
    for wrong in [other, other + "s"] where config.options[wrong] != nil {
      throw options.invalid(wrong, expected: "\"\(key)\" for country \"\(country.rawValue)\"")
    }
    ids = country.numbered ? try Self.numberedRegions(&options, country: country) : []
    textIDs = country.numbered ? [] : try Self.textRegions(&options, country: country)
    // The user's language when the service speaks it, else English (also for an EAWS file
    // not published in it: `EAWSSource`).
    let languages =
      switch country {
      case .norway: ["en", "nb"]
      case .sweden: ["sv", "en"]
      default: ["de", "it", "fr", "en"]
      }
    language =
      AvalancheLanguage(
        rawValue: try options.choice("language", languages, default: Language.service(languages, else: "en"))) ?? .en
    let palettes = country.numbered ? ["varsom", "eaws"] : ["eaws", "varsom"]
    palette = AvalanchePalette(rawValue: try options.choice("palette", palettes, default: palettes[0])) ?? .eaws
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
      let layers = try await source.fetch(http: context.http, base: base, now: now)
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
    let draft = AvalancheSamples.draft(country: country, language: language, ids: ids, builder: sample, now: now)
    if let draft { return draft }
    var entry = placeholder()
    entry.date = now
    return TimelineDraft(entries: [entry], end: nil, policy: .after(now + 3600))
  }
}
