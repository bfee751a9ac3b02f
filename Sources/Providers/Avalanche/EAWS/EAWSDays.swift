import TimelineCore

/// Turns a region's CAAMLv6 bulletins into dated danger periods: one per day from local
/// midnight, or two where the bulletin rates the morning and the afternoon apart (the
/// afternoon from local noon). All in the service's zone, whatever the viewer's.
struct EAWSDays: Sendable {
  var zone: Zone
  var language: AvalancheLanguage = .en

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
    result.assessment = bulletin.tendency.map { "Tendency: \($0)" }
    var stamp = "Valid \(language.stamp(bulletin.validFrom, in: zone)) – \(language.stamp(bulletin.validTo, in: zone))"
    if let published = bulletin.published {
      stamp += " · \(language.strings.published) \(language.stamp(published, in: zone))"
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
    case .earlier: "morning"
    case .later: "afternoon"
    case .allDay: "all day"
    }
  }

  /// "4 high", "3 considerable", "0 no snow".
  static func rating(_ rating: EAWSBulletin.Rating) -> String {
    "\(rating.level) \(rating.value.replacingUnderscores)"
  }

  /// "2200 m", "the treeline".
  static func bound(_ text: String) -> String {
    if text.allSatisfy(\.isNumber) { return "\(text) m" }
    return text == "treeline" ? "the treeline" : text
  }

  /// Each band, highest first: "above 1900 m: 4 high · below: 3 considerable"; a
  /// single rating for every elevation is just "3 considerable".
  static func bands(_ ratings: [EAWSBulletin.Rating]) -> String {
    let ordered = ratings.sorted { rank($0) < rank($1) }
    if ordered.count == 1, ordered[0].lower == nil, ordered[0].upper == nil { return rating(ordered[0]) }
    var parts: [String] = []
    for (index, item) in ordered.enumerated() {
      let label: String
      switch (item.lower, item.upper) {
      case (let lower?, let upper?): label = "\(bound(lower)) – \(bound(upper))"
      case (let lower?, nil): label = "above \(bound(lower))"
      case (nil, let upper?):
        let sameAsAbove = index > 0 && ordered[index - 1].lower == upper
        label = sameAsAbove ? "below" : "below \(bound(upper))"
      case (nil, nil): label = "elsewhere"
      }
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
  static let compass = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]

  /// "wind slab, N NE E, above 2000 m".
  static func problem(_ problem: EAWSBulletin.Problem) -> String {
    var parts = [problem.type.replacingUnderscores]
    let aspects = compass.filter(problem.aspects.contains)
    if aspects.count == 8 {
      parts.append("all aspects")
    } else if !aspects.isEmpty {
      parts.append(aspects.joined(separator: " "))
    }
    switch (problem.lower, problem.upper) {
    case (let lower?, let upper?): parts.append("\(bound(lower)) – \(bound(upper))")
    case (let lower?, nil): parts.append("above \(bound(lower))")
    case (nil, let upper?): parts.append("below \(bound(upper))")
    case (nil, nil): break
    }
    return parts.joined(separator: ", ")
  }
}

extension String {
  /// "very_high" → "very high".
  fileprivate var replacingUnderscores: String {
    String(map { $0 == "_" ? " " : $0 })
  }
}
