/// avalanche.org's public map layer (`/products/map-layer/{CENTER}`): a GeoJSON
/// FeatureCollection, one feature per forecast zone of the centre, with the current
/// rating in its properties. The geometry is not read.
struct MapLayer: Decodable {
  var features: [MapFeature]
}

struct MapFeature: Decodable {
  /// The zone's id (a number on the wire; a string is accepted too).
  var id: String?
  var properties: MapZone?

  enum CodingKeys: String, CodingKey { case id, properties }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if let number = try? container.decodeIfPresent(Int.self, forKey: .id) {
      id = String(number)
    } else {
      id = try? container.decodeIfPresent(String.self, forKey: .id)
    }
    properties = try container.decodeIfPresent(MapZone.self, forKey: .properties)
  }
}

/// A zone's properties, their snake-case keys converted.
struct MapZone: Decodable {
  var name: String?
  var center: String?
  var centerLink: String?
  var centerId: String?
  var state: String?
  var travelAdvice: String?
  /// -1 (no rating), 1 … 5.
  var dangerLevel: Int?
  var link: String?
  var startDate: String?
  var endDate: String?
  var offSeason: Bool?
  var warning: MapWarning?
}

/// Whether a warning product is issued for the zone (`warning.product` not null; its
/// shape is not relied on).
struct MapWarning: Decodable {
  var issued: Bool

  enum CodingKeys: String, CodingKey { case product }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    issued = container.contains(.product) && !((try? container.decodeNil(forKey: .product)) ?? true)
  }
}
