import TimelineCore

/// Turns a region's CAAMLv6 bulletins into dated danger periods: one per day from local
/// midnight, or two where the bulletin rates the morning and the afternoon apart (the
/// afternoon from local noon). All in the service's zone, whatever the viewer's.
struct EAWSDays: Sendable {
  var zone: Zone

  /// A period's start and its danger.
  struct Period: Sendable {
    var date: Int64
    var day: DangerDay
  }

  /// The bulletin for `region` on each day, the most specific when several cover it;
  /// a later day's replaces an earlier file's for the same day.
  func bulletins(for region: String, in files: [[EAWSBulletin]]) -> [LocalDay: EAWSBulletin] {
    var chosen: [LocalDay: (EAWSBulletin, Int)] = [:]
    for bulletin in files.joined() {
      guard let coverage = bulletin.coverage(of: region) else { continue }
      let day = bulletin.day(in: zone)
      if let (existing, rank) = chosen[day] {
        let better =
          coverage > rank || (coverage == rank && (bulletin.published ?? 0) > (existing.published ?? 0))
          || (coverage == 0 && rank == 0 && level(existing.ratings) < level(bulletin.ratings))
        if !better { continue }
      }
      chosen[day] = (bulletin, coverage)
    }
    return chosen.mapValues(\.0)
  }

  /// The periods of `region`, named `name` when the bulletins do not name it.
  func periods(region: String, name fallback: String, files: [[EAWSBulletin]]) -> [Period] {
    bulletins(for: region, in: files).sorted { $0.key < $1.key }.flatMap { day, bulletin in
      let name = bulletin.name(of: region) ?? fallback
      guard bulletin.isSplit else {
        return [Period(date: zone.start(of: day), day: dangerDay(bulletin, region, name, day, .allDay))]
      }
      return [
        Period(date: zone.start(of: day), day: dangerDay(bulletin, region, name, day, .earlier)),
        Period(date: zone.epoch(day, hour: 12), day: dangerDay(bulletin, region, name, day, .later)),
      ]
    }
  }

  /// The highest level among `ratings`, 0 for none.
  func level(_ ratings: [EAWSBulletin.Rating]) -> Int { ratings.map(\.level).max() ?? 0 }

  func dangerDay(
    _ bulletin: EAWSBulletin, _ region: String, _ name: String, _ day: LocalDay, _ half: EAWSBulletin.Period
  ) -> DangerDay {
    let ratings = bulletin.ratings.filter { $0.period == .allDay || $0.period == half }
    let problems = bulletin.problems.filter { $0.period == .allDay || $0.period == half }
    var result = DangerDay(
      regionId: region, regionName: name, day: day, level: level(ratings),
      key: "eaws:\(bulletin.id):\(region):\(day):\(half.rawValue)")
    var note = EAWSText.bands(ratings)
    if half != .allDay { note = EAWSText.halfName(half) + (note.isEmpty ? "" : ": " + note) }
    result.note = note.isEmpty ? nil : note
    result.summary = bulletin.highlights.map { [$0] } ?? []
    result.problems = problems.map { ProblemLine(line: EAWSText.problem($0), extra: nil) }
    result.assessment = bulletin.tendency.map { localized("Tendency: %s", $0) }
    var stamp = localized(
      "Valid %s – %s", AvalancheWords.stamp(bulletin.validFrom, in: zone),
      AvalancheWords.stamp(bulletin.validTo, in: zone))
    if let published = bulletin.published {
      stamp += " · " + localized("Published %s", AvalancheWords.stamp(published, in: zone))
    }
    result.published = stamp
    return result
  }
}

/// The words of an EAWS bulletin in the tooltip and the large form.
enum EAWSText {
  /// "morning" or "afternoon".
  static func halfName(_ half: EAWSBulletin.Period) -> String {
    switch half {
    case .earlier: localized("morning")
    case .later: localized("afternoon")
    case .allDay: localized("all day")
    }
  }

  /// "4 high", "3 considerable", "0 no snow".
  static func rating(_ rating: EAWSBulletin.Rating) -> String {
    "\(rating.level) \(value(rating.value))"
  }

  /// CAAMLv6's danger rating value in words ("very_high": "very high").
  static func value(_ value: String) -> String {
    let words = [
      "low": localized("low"), "moderate": localized("moderate"), "considerable": localized("considerable"),
      "high": localized("high"), "very_high": localized("very high"), "no_snow": localized("no snow"),
      "no_rating": localized("no rating"),
    ]
    return words[value] ?? value.replacing("_", with: " ")
  }

  /// "2200 m", "the treeline".
  static func bound(_ text: String) -> String {
    if text.allSatisfy(\.isNumber) { return localized("%s m", text) }
    return text == "treeline" ? localized("the treeline") : text
  }

  /// Each band, highest first: "above 1900 m: 4 high · below: 3 considerable"; a
  /// single rating for every elevation is just "3 considerable".
  static func bands(_ ratings: [EAWSBulletin.Rating]) -> String {
    let ordered = ratings.sorted { rank($0) < rank($1) }
    if ordered.count == 1, ordered[0].lower == nil, ordered[0].upper == nil { return rating(ordered[0]) }
    var parts: [String] = []
    for (index, item) in ordered.enumerated() {
      let belowTheBandAbove =
        item.lower == nil && item.upper != nil && index > 0 && ordered[index - 1].lower == item.upper
      let label = belowTheBandAbove ? localized("below") : elevations(item.lower, item.upper) ?? localized("elsewhere")
      parts.append("\(label): \(rating(item))")
    }
    return parts.joined(separator: " · ")
  }

  /// Bands above a bound first, then between, then below, then unbounded.
  private static func rank(_ rating: EAWSBulletin.Rating) -> Int {
    switch (rating.lower, rating.upper) {
    case (_?, nil): 0
    case (_?, _?): 1
    case (nil, _?): 2
    case (nil, nil): 3
    }
  }

  /// The compass order of CAAMLv6 aspects.
  static let aspects = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]

  /// "wind slab, N NE E, above 2000 m".
  static func problem(_ problem: EAWSBulletin.Problem) -> String {
    var parts = [problemType(problem.type)]
    let words = AvalancheWords.compass
    let shown = aspects.indices.filter { problem.aspects.contains(aspects[$0]) }.map { words[$0] }
    if shown.count == 8 {
      parts.append(localized("all aspects"))
    } else if !shown.isEmpty {
      parts.append(shown.joined(separator: " "))
    }
    if let band = elevations(problem.lower, problem.upper) { parts.append(band) }
    return parts.joined(separator: ", ")
  }

  /// "2200 m – the treeline", "above 2200 m", "below 2200 m"; nil for no bound.
  static func elevations(_ lower: String?, _ upper: String?) -> String? {
    switch (lower, upper) {
    case (let lower?, let upper?): "\(bound(lower)) – \(bound(upper))"
    case (let lower?, nil): localized("above %s", bound(lower))
    case (nil, let upper?): localized("below %s", bound(upper))
    case (nil, nil): nil
    }
  }

  /// CAAMLv6's avalanche problem type in words ("wind_slab": "wind slab").
  static func problemType(_ type: String) -> String {
    let words = [
      "new_snow": localized("new snow"), "wind_slab": localized("wind slab"),
      "persistent_weak_layers": localized("persistent weak layers"), "wet_snow": localized("wet snow"),
      "gliding_snow": localized("gliding snow"), "favourable_situation": localized("favourable situation"),
      "cornices": localized("cornices"), "no_distinct_avalanche_problem": localized("no distinct avalanche problem"),
    ]
    return words[type] ?? type.replacing("_", with: " ")
  }
}
