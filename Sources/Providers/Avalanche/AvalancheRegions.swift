import TimelineCore

/// The countries whose services the widget reads.
public enum AvalancheCountry: String, Sendable, CaseIterable, Codable {
  case norway = "no"
  case sweden = "se"
  case austria = "at"
  case germany = "de"
  case italy = "it"
  case slovenia = "si"
  case switzerland = "ch"
  case unitedStates = "us"

  /// The services its regions are published by.
  public var services: [Service] {
    switch self {
    case .norway: [.varsom]
    case .sweden: [.lavinprognoser]
    case .switzerland: [.slf]
    case .unitedStates: [.avalancheOrg]
    default: EAWSFile.provinces.filter { $0.provinces.contains { $0.hasPrefix(rawValue.uppercased()) } }.map(\.service)
    }
  }

  /// Whether its regions have number ids (Norway, Sweden) rather than the services' own
  /// text ids ("AT-07-20", "SNFAC/301").
  var numbered: Bool { self == .norway || self == .sweden }
}

/// A region's id: a number (Norway, Sweden) or a service's text id ("AT-07-20",
/// "CH-7231", "SNFAC/301"). JSON keeps each as it is: a number or a string.
public enum RegionID: Sendable, Hashable, Comparable, Codable, CustomStringConvertible, ExpressibleByIntegerLiteral {
  case number(Int)
  case text(String)

  /// A number id.
  public init(integerLiteral value: Int) { self = .number(value) }

  /// The id as written in config.
  public var description: String {
    switch self {
    case .number(let value): String(value)
    case .text(let value): value
    }
  }

  /// Numbers first, by value; then text ids.
  public static func < (a: RegionID, b: RegionID) -> Bool {
    switch (a, b) {
    case (.number(let x), .number(let y)): x < y
    case (.text(let x), .text(let y)): x < y
    case (.number, .text): true
    case (.text, .number): false
    }
  }

  /// A JSON number or string.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Int.self) {
      self = .number(number)
    } else {
      self = .text(try container.decode(String.self))
    }
  }

  /// As it came: a number or a string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .number(let value): try container.encode(value)
    case .text(let value): try container.encode(value)
    }
  }
}

/// A forecast region (Norway) or area (Sweden).
public struct AvalancheRegion: Sendable, Equatable, Codable {
  /// Which service lists it.
  public var country: AvalancheCountry
  /// The id the `avalanche` widget's `region` or `area` takes.
  public var id: RegionID
  /// The name the service gives it.
  public var name: String
  /// Norway: "A" (warned daily in season) or "B" (only at high danger). Sweden: "area"
  /// or "sub-area".
  public var type: String
  /// lavinprognoser.se page slug (Sweden only).
  public var slug: String? = nil

  static func find(_ country: AvalancheCountry, _ id: Int) -> AvalancheRegion? {
    AvalancheRegions.bundled(country).first { $0.id == .number(id) }
  }
}

/// Region lists: the bundled one, and the live one from each service.
public enum AvalancheRegions {
  /// The list shipped with this build.
  public static func bundled(_ country: AvalancheCountry) -> [AvalancheRegion] {
    switch country {
    case .norway: AvalancheRegion.bundledNorway
    case .sweden: AvalancheRegion.bundledSweden
    case .unitedStates: MapLayerCenters.bundled
    default:
      EAWSRegionList.regions(of: country.rawValue).map {
        AvalancheRegion(country: country, id: .text($0.id), name: $0.name, type: "region")
      }
    }
  }

  /// The live list from the country's services (docs/providers/), sorted by id.
  public static func fetch(
    _ country: AvalancheCountry, sources: Sources, http: any HTTPClient, now: Int64
  ) async throws -> [AvalancheRegion] {
    var seen = Set<RegionID>()
    let regions = try await live(country, sources: sources, http: http, now: now).sorted { $0.id < $1.id }
      .filter { seen.insert($0.id).inserted }
    if regions.isEmpty {
      throw ProviderError("\(country.services.map(\.key).joined(separator: ", ")): the region list is empty")
    }
    return regions
  }

  /// The regions `country`'s services list now.
  private static func live(
    _ country: AvalancheCountry, sources: Sources, http: any HTTPClient, now: Int64
  ) async throws -> [AvalancheRegion] {
    switch country {
    case .norway:
      let base = sources[.varsom]
      let today = Zone.oslo.day(at: now)
      let body = try await http.json("\(base.text)/RegionSummary/Simple/1/\(today)/\(today)", from: "varsom", now: now)
      guard let list = [VarsomRegionSummary].decoded(body, keys: .pascal) else {
        throw ProviderError("varsom: unexpected region list reply")
      }
      return list.compactMap { item -> AvalancheRegion? in
        guard let id = item.id, let name = item.name?.trimmedOrNil else { return nil }
        let type = item.typeName?.trimmedOrNil ?? (item.typeId == 10 ? "A" : item.typeId == 20 ? "B" : "?")
        return AvalancheRegion(country: .norway, id: .number(id), name: name, type: type)
      }
    case .sweden:
      let source = LavinprognoserSource(base: sources[.lavinprognoser], areas: [], language: .sv)
      let body = try await http.json(source.url(now: now), from: "lavinprognoser", now: now)
      guard let collection = WFSForecastCollection.decoded(body, keys: .snake) else {
        throw ProviderError("lavinprognoser: unexpected area list reply")
      }
      return (collection.features ?? []).compactMap(\.properties).compactMap { item -> AvalancheRegion? in
        guard let id = item.areaId, let name = item.location?.trimmedOrNil else { return nil }
        let known = AvalancheRegion.find(.sweden, id)
        return AvalancheRegion(
          country: .sweden, id: .number(id), name: name, type: known?.type ?? "area", slug: known?.slug)
      }
    case .unitedStates: return try await MapLayerCenters.fetch(base: sources[.avalancheOrg], http: http, now: now)
    default: return try await EAWSFile.regions(of: country, sources: sources, http: http, now: now)
    }
  }
}
