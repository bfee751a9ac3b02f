import TimelineCore

/// A US forecast zone's danger from avalanche.org's map layer. A rating holds from its
/// `start_date` to its `end_date` and never after: past its end the zone shows "no
/// current rating" (level 0), as it does off season (`danger_level` -1).
struct MapLayerZone: Sendable {
  /// "SNFAC/301": the centre's id and the zone's id in its map layer.
  var center: String
  var zoneID: String

  /// Splits "SNFAC/301"; nil for anything else.
  init?(_ text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
      parts[0].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
      parts[1].allSatisfy({ $0.isASCII && $0.isNumber })
    else { return nil }
    center = parts[0].uppercased()
    zoneID = String(parts[1])
  }

  /// The widget's id.
  var id: String { "\(center)/\(zoneID)" }

  /// The map layer's zones, or a `ProviderError` naming the service.
  static func decode(_ body: [UInt8]) throws -> [MapFeature] {
    guard let layer = MapLayer.decoded(body, keys: .snake) else {
      throw ProviderError("avalanche-org: the reply is not a map layer (GeoJSON FeatureCollection)")
    }
    return layer.features
  }

  /// Dates carry no offset on the wire; they are read as UTC (an offset, if sent, wins).
  static func instant(_ text: String?) -> Int64? { text.flatMap(Zone.utc.parse) }

  /// This zone's periods: the rating while it holds, and "no current rating" before and
  /// after it. Throws when the layer has no such zone.
  func periods(
    _ features: [MapFeature], now: Int64, builderZone zone: Zone
  ) throws -> (periods: [EAWSDays.Period], zone: MapZone) {
    guard let feature = features.first(where: { $0.id == zoneID }), let properties = feature.properties else {
      throw ProviderError(
        "avalanche-org: no zone \(zoneID) in \(center)'s map layer; run `timeline regions --country us` to list the ids"
      )
    }
    let name = properties.name?.trimmedOrNil ?? id
    let start = Self.instant(properties.startDate)
    let end = Self.instant(properties.endDate)
    let rawLevel = properties.dangerLevel ?? -1
    let level = (1...5).contains(rawLevel) ? rawLevel : 0
    func day(_ date: Int64, level: Int, rated: Bool) -> DangerDay {
      var result = DangerDay(
        regionId: id, regionName: name, day: zone.day(at: date), level: level,
        key: "avalanche-org:\(id):\(rated ? String(start ?? 0) : "none"):\(date)")
      result.url = properties.link?.trimmedOrNil
      if rated {
        // The travel advice is the forecast's summary: in the tooltip as well as `show`.
        result.summary = properties.travelAdvice.map(HTMLText.plain)?.trimmedOrNil.map { [$0] } ?? []
        if properties.warning?.issued == true { result.emergency = localized("Avalanche warning in effect") }
        if let start, let end {
          result.published = localized(
            "Valid %s – %s", AvalancheWords.stamp(start, in: zone), AvalancheWords.stamp(end, in: zone))
        }
      } else {
        result.note =
          properties.offSeason == true ? localized("no rating (off season)") : localized("no current rating")
      }
      return result
    }
    guard rawLevel != -1, let start, let end, start < end, now < end else {
      return ([EAWSDays.Period(date: now, day: day(now, level: 0, rated: false))], properties)
    }
    var periods: [EAWSDays.Period] = []
    if now < start { periods.append(EAWSDays.Period(date: now, day: day(now, level: 0, rated: false))) }
    periods.append(EAWSDays.Period(date: start, day: day(start, level: level, rated: true)))
    periods.append(EAWSDays.Period(date: end, day: day(end, level: 0, rated: false)))
    return (periods, properties)
  }
}
