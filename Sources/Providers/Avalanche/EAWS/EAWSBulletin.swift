import TimelineCore

/// One CAAMLv6 bulletin as the widget uses it: which regions it covers, when it is valid,
/// its ratings by elevation band and time of day, its problems and texts. Made from the
/// wire by `EAWSBulletin.decode`, which refuses a file that breaks the schema rather than
/// showing half of it.
struct EAWSBulletin: Sendable, Equatable {
  var id: String
  var regions: [Region]
  var published: Int64?
  var validFrom: Int64
  var validTo: Int64
  var ratings: [Rating]
  var problems: [Problem]
  var highlights: String?
  var tendency: [String]

  struct Region: Sendable, Equatable {
    var id: String
    var name: String?
  }

  /// A danger rating for a band of elevation and a part of the day.
  struct Rating: Sendable, Equatable {
    /// 1 … 5 (low … very high); 0 for no rating and no snow.
    var level: Int
    /// The CAAMLv6 word ("considerable", "no_snow").
    var value: String
    var lower: String?
    var upper: String?
    var period: Period
  }

  struct Problem: Sendable, Equatable {
    var type: String
    var aspects: [String]
    var lower: String?
    var upper: String?
    var period: Period
  }

  /// `validTimePeriod`: the whole day, or its morning or afternoon half.
  enum Period: String, Sendable {
    case allDay = "all_day"
    case earlier, later
  }

  /// CAAMLv6 `mainValue` words and their levels.
  static let levels: [String: Int] = [
    "low": 1, "moderate": 2, "considerable": 3, "high": 4, "very_high": 5, "no_rating": 0, "no_snow": 0,
  ]

  /// The bulletins of a CAAMLv6 JSON file from `service`; throws `ProviderError` naming the
  /// service for anything that is not one (truncated, another shape, an unknown rating).
  static func decode(_ body: [UInt8], service: String) throws -> [EAWSBulletin] {
    guard let document = CAAMLDocument.decoded(body) else {
      throw ProviderError("\(service): the reply is not a CAAMLv6 bulletin file")
    }
    return try document.bulletins.enumerated().map { index, wire in
      try EAWSBulletin(wire, index: index, service: service)
    }
  }

  init(_ wire: CAAMLBulletin, index: Int, service: String) throws {
    let name = wire.bulletinID ?? "#\(index + 1)"
    func broken(_ why: String) -> ProviderError { ProviderError("\(service): bulletin \(name): \(why)") }
    guard let from = wire.validTime?.startTime.flatMap(Zone.utc.parse),
      let to = wire.validTime?.endTime.flatMap(Zone.utc.parse), from < to
    else { throw broken("no valid time") }
    id = name
    validFrom = from
    validTo = to
    published = wire.publicationTime.flatMap(Zone.utc.parse)
    regions = (wire.regions ?? []).compactMap { region in
      region.regionID.map { Region(id: $0, name: region.name?.trimmedOrNil) }
    }
    if regions.isEmpty { throw broken("no regions") }
    ratings = try (wire.dangerRatings ?? []).map { rating in
      guard let value = rating.mainValue, let level = Self.levels[value] else {
        throw broken("unknown danger rating \"\(rating.mainValue ?? "")\"")
      }
      guard let period = Period(rawValue: rating.validTimePeriod ?? "all_day") else {
        throw broken("unknown time period \"\(rating.validTimePeriod ?? "")\"")
      }
      return Rating(
        level: level, value: value, lower: rating.elevation?.lowerBound?.text,
        upper: rating.elevation?.upperBound?.text, period: period)
    }
    problems = (wire.avalancheProblems ?? []).compactMap { problem in
      guard let type = problem.problemType?.trimmedOrNil,
        let period = Period(rawValue: problem.validTimePeriod ?? "all_day")
      else { return nil }
      return Problem(
        type: type, aspects: problem.aspects ?? [], lower: problem.elevation?.lowerBound?.text,
        upper: problem.elevation?.upperBound?.text, period: period)
    }
    highlights = wire.highlights.map(HTMLText.plain)?.trimmedOrNil
    tendency = (wire.tendency ?? []).compactMap { item in
      let text = [item.highlights, item.comment].compactMap { $0.map(HTMLText.plain)?.trimmedOrNil }
      return text.isEmpty ? nil : text.joined(separator: "\n")
    }
  }

  /// Whether the bulletin rates the morning and the afternoon apart.
  var isSplit: Bool {
    ratings.contains { $0.period != .allDay } || problems.contains { $0.period != .allDay }
  }

  /// The day the bulletin is for, in `zone`: the day its validity ends on (a bulletin
  /// valid 17:00 to 17:00 is for the second day; one valid midnight to midnight for the
  /// first).
  func day(in zone: Zone) -> LocalDay { zone.day(at: validTo - 1) }

  /// How the bulletin covers `region`: 2 names it, 1 names a region that contains it
  /// ("AT-07-14" for "AT-07-14-01"), 0 names regions inside it; nil: not at all.
  func coverage(of region: String) -> Int? {
    if regions.contains(where: { $0.id == region }) { return 2 }
    if regions.contains(where: { region.hasPrefix($0.id + "-") }) { return 1 }
    if regions.contains(where: { $0.id.hasPrefix(region + "-") }) { return 0 }
    return nil
  }

  /// The name of `region` in the bulletin, if it names it.
  func name(of region: String) -> String? { regions.first { $0.id == region }?.name }
}
