import TimelineCore

/// The US avalanche centres avalanche.org publishes, with the zone their forecasts are
/// dated in. Offline, `timeline regions --country us` lists the centres (a zone id comes
/// from the live map layer); the live list names every zone as "CENTER/ID".
enum MapLayerCenters {
  /// (centre id, name, IANA zone).
  static let centers: [(id: String, name: String, zone: String)] = [
    ("BTAC", "Bridger-Teton Avalanche Center", "America/Denver"),
    ("CAIC", "Colorado Avalanche Information Center", "America/Denver"),
    ("CBAC", "Crested Butte Avalanche Center", "America/Denver"),
    ("CNFAIC", "Chugach National Forest Avalanche Center", "America/Anchorage"),
    ("COAA", "Central Oregon Avalanche Center", "America/Los_Angeles"),
    ("ESAC", "Eastern Sierra Avalanche Center", "America/Los_Angeles"),
    ("FAC", "Flathead Avalanche Center", "America/Denver"),
    ("GNFAC", "Gallatin National Forest Avalanche Center", "America/Denver"),
    ("IPAC", "Idaho Panhandle Avalanche Center", "America/Los_Angeles"),
    ("MSAC", "Mount Shasta Avalanche Center", "America/Los_Angeles"),
    ("MWAC", "Mount Washington Avalanche Center", "America/New_York"),
    ("NWAC", "Northwest Avalanche Center", "America/Los_Angeles"),
    ("PAC", "Payette Avalanche Center", "America/Boise"),
    ("SAC", "Sierra Avalanche Center", "America/Los_Angeles"),
    ("SNFAC", "Sawtooth Avalanche Center", "America/Boise"),
    ("TAOS", "Taos Avalanche Center", "America/Denver"),
    ("UAC", "Utah Avalanche Center", "America/Denver"),
    ("WCMAC", "West Central Montana Avalanche Center", "America/Denver"),
  ]

  /// The bundled list: one row per centre, its id as the region id's first part.
  static var bundled: [AvalancheRegion] {
    centers.map { AvalancheRegion(country: .unitedStates, id: .text($0.id + "/…"), name: $0.name, type: "centre") }
  }

  /// The zone of `center`'s forecasts; Mountain Time for a centre this build does not know.
  static func zone(of center: String) -> String {
    centers.first { $0.id == center }?.zone ?? "America/Denver"
  }

  /// Every centre's zones from `{base}/products/map-layer`, as "CENTER/ID".
  static func fetch(base: SourceURL, http: any HTTPClient, now: Int64) async throws -> [AvalancheRegion] {
    let body = try await http.json("\(base.text)/products/map-layer", from: "avalanche-org", now: now)
    return try MapLayerZone.decode(body).compactMap { feature in
      guard let id = feature.id, let zone = feature.properties, let center = zone.centerId?.trimmedOrNil else {
        return nil
      }
      let name = [zone.name, zone.state.map { "(\($0))" }].compactMap { $0?.trimmedOrNil }.joined(separator: " ")
      return AvalancheRegion(country: .unitedStates, id: .text("\(center)/\(id)"), name: name, type: "zone")
    }
  }
}

/// The US: one map-layer request per centre a widget names.
struct MapLayerSource: Sendable {
  var zones: [MapLayerZone]
  /// The zone of the first centre: its days and its credit.
  var zone: Zone

  init(zones: [MapLayerZone]) {
    self.zones = zones
    zone = Zone.named(MapLayerCenters.zone(of: zones.first?.center ?? ""), else: "MST7MDT,M3.2.0,M11.1.0")
  }

  /// The features of each named centre.
  func fetch(http: any HTTPClient, base: SourceURL, now: Int64) async throws -> [String: [MapFeature]] {
    var layers: [String: [MapFeature]] = [:]
    for center in Set(zones.map(\.center)).sorted() {
      let response = try await http.get(
        "\(base.text)/products/map-layer/\(center)", headers: ["Accept": "application/json"])
      if response.status == 404 {
        throw ProviderError(
          "avalanche-org: no centre \(center) (HTTP 404); run `timeline regions --country us` to list the ids")
      }
      layers[center] = try MapLayerZone.decode(try response.jsonBody(from: "avalanche-org", now: now))
    }
    return layers
  }

  /// The timeline: an entry wherever a zone's period starts; the credit names each
  /// centre and its site.
  func draft(
    _ layers: [String: [MapFeature]], builder: AvalancheEntryBuilder, now: Int64
  ) throws -> TimelineDraft {
    var perZone: [[EAWSDays.Period]] = []
    var credits: [String] = []
    for zoneID in zones {
      let (periods, properties) = try zoneID.periods(layers[zoneID.center] ?? [], now: now, builderZone: zone)
      perZone.append(periods)
      let credit = [properties.center, properties.centerLink].compactMap { $0?.trimmedOrNil }.joined(separator: ", ")
      if !credit.isEmpty && !credits.contains(credit) { credits.append(credit) }
    }
    var builder = builder
    builder.attribution = credits.isEmpty ? "avalanche.org" : credits.joined(separator: " · ") + " (avalanche.org)"
    var draft = TimelineDraft(entries: builder.entries(perZone), end: nil, policy: policy(now: now))
    draft.facts = builder.facts(perZone.flatMap { $0.map(\.day) }, today: zone.day(at: now))
    return draft
  }

  /// avalanche.org asks clients to poll between 6 and 10 am Mountain Time: at 06:15,
  /// then hourly to 09:15 (a forecast is often out after 7), then 06:15 tomorrow.
  func policy(now: Int64) -> ReloadPolicy {
    let mountain = Zone.named("America/Denver", else: "MST7MDT,M3.2.0,M11.1.0")
    let today = mountain.day(at: now)
    let times =
      (6...9).map { mountain.epoch(today, hour: $0, minute: 15) } + [
        mountain.epoch(today.adding(days: 1), hour: 6, minute: 15)
      ]
    return .after(times.first { $0 > now } ?? now + 3600)
  }
}
