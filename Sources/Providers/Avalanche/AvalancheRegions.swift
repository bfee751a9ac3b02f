import FoundationEssentials
import TimelineCore

/// The two forecast services.
public enum AvalancheCountry: String, Sendable, CaseIterable, Codable {
  case norway = "no"
  case sweden = "se"

  /// Its service.
  public var service: Service { self == .norway ? .varsom : .lavinprognoser }
}

/// A forecast region (Norway) or area (Sweden).
public struct AvalancheRegion: Sendable, Equatable, Codable {
  /// Which service lists it.
  public var country: AvalancheCountry
  /// The id the `avalanche` widget's `region` or `area` takes.
  public var id: Int
  /// The name the service gives it.
  public var name: String
  /// Norway: "A" (warned daily in season) or "B" (only at high danger). Sweden: "area"
  /// or "sub-area".
  public var type: String
  /// lavinprognoser.se page slug (Sweden only).
  public var slug: String?

  /// Creates a region.
  public init(country: AvalancheCountry, id: Int, name: String, type: String, slug: String? = nil) {
    self.country = country
    self.id = id
    self.name = name
    self.type = type
    self.slug = slug
  }

  static func find(_ country: AvalancheCountry, _ id: Int) -> AvalancheRegion? {
    AvalancheRegions.bundled(country).first { $0.id == id }
  }
}

/// Region lists: the bundled one, and the live one from each service.
public enum AvalancheRegions {
  /// The list shipped with this build.
  public static func bundled(_ country: AvalancheCountry) -> [AvalancheRegion] {
    country == .norway ? AvalancheRegion.bundledNorway : AvalancheRegion.bundledSweden
  }

  /// The live list: Norway from `RegionSummary/Simple/1/{today}/{today}` (every A and B
  /// region), Sweden from the areas in `published_forecasts`. Sorted by id.
  public static func fetch(
    _ country: AvalancheCountry, base: SourceURL, http: any HTTPClient, now: Int64
  ) async throws -> [AvalancheRegion] {
    switch country {
    case .norway:
      let today = Zone.oslo.day(at: now)
      let response = try await http.get(
        "\(base.text)/RegionSummary/Simple/1/\(today)/\(today)", headers: ["Accept": "application/json"])
      let body = try response.jsonBody(from: "varsom", now: now)
      guard let list = try? JSONDecoder().decode([VarsomRegionSummary].self, from: Data(body)) else {
        throw ProviderError("varsom: unexpected region list reply")
      }
      let regions = list.compactMap { item -> AvalancheRegion? in
        guard let id = item.id, let name = item.name?.trimmedOrNil else { return nil }
        let type = item.typeName?.trimmedOrNil ?? (item.typeId == 10 ? "A" : item.typeId == 20 ? "B" : "?")
        return AvalancheRegion(country: .norway, id: id, name: name, type: type)
      }
      return try nonEmpty(dedupe(regions), "varsom")
    case .sweden:
      let source = LavinprognoserSource(base: base, areas: [], language: .sv)
      let response = try await http.get(source.url(now: now), headers: ["Accept": "application/json"])
      let body = try response.jsonBody(from: "lavinprognoser", now: now)
      guard let collection = try? JSONDecoder().decode(WFSForecastCollection.self, from: Data(body)) else {
        throw ProviderError("lavinprognoser: unexpected area list reply")
      }
      let regions = (collection.features ?? []).compactMap(\.properties).compactMap { item -> AvalancheRegion? in
        guard let id = item.areaId, let name = item.location?.trimmedOrNil else { return nil }
        let known = AvalancheRegion.find(.sweden, id)
        return AvalancheRegion(country: .sweden, id: id, name: name, type: known?.type ?? "area", slug: known?.slug)
      }
      return try nonEmpty(dedupe(regions), "lavinprognoser")
    }
  }

  private static func dedupe(_ regions: [AvalancheRegion]) -> [AvalancheRegion] {
    var seen = Set<Int>()
    return regions.sorted { $0.id < $1.id }.filter { seen.insert($0.id).inserted }
  }

  private static func nonEmpty(_ regions: [AvalancheRegion], _ service: String) throws -> [AvalancheRegion] {
    if regions.isEmpty { throw ProviderError("\(service): the region list is empty") }
    return regions
  }
}
