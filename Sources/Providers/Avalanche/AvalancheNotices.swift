import TimelineCore

/// What an avalanche fetch may notify: each region's danger today and tomorrow in the
/// service's zone (`[notify] avalanche = LEVEL`). Later days are tendencies, too uncertain
/// to wake anyone for.
extension AvalancheEntryBuilder {
  /// One fact per region and day (today, tomorrow), the highest level of a split day's
  /// halves; "not assessed" (0) says nothing, so it neither notifies nor counts as a fall.
  func facts(_ days: [DangerDay], today: LocalDay) -> [NoticeFact] {
    let tomorrow = today.adding(days: 1)
    var highest: [String: DangerDay] = [:]
    for day in days where day.level > 0 && (day.day == today || day.day == tomorrow) {
      let id = "\(Self.service(of: day)):\(day.regionId)|\(day.day)"
      if day.level > highest[id]?.level ?? 0 { highest[id] = day }
    }
    let chosen = highest.values.sorted { ($0.day, $0.regionId, $0.key) < ($1.day, $1.regionId, $1.key) }
    return chosen.map { day in
      NoticeFact(
        subject: "avalanche:\(Self.service(of: day)):\(day.regionId)", occasion: day.day.description,
        level: day.level, title: day.regionName,
        what: "\(day.level) \(AvalancheWords.levelName(day.level).lowercased())",
        when: day.day == today ? localized("today") : localized("tomorrow"),
        body: day.summary.first ?? "\(day.regionName): \(day.level) \(AvalancheWords.levelName(day.level))",
        url: day.url, critical: day.level >= 4)
    }
  }

  /// The service a day came from, the first part of its key ("varsom", "eaws"): region
  /// ids are the services' own, so two services may share one.
  static func service(of day: DangerDay) -> Substring {
    day.key.split(separator: ":", maxSplits: 1).first ?? ""
  }
}

extension AvalancheProvider {
  /// `[notify] avalanche = 4`: a forecast at or above the level.
  public static var notifyRule: NotifyRule? { .level(1...5) }

  /// "Lyngen: 5 very high today, 5 tomorrow": a day at the level of the one before it
  /// gives its number only.
  public static func notice(_ facts: [NoticeFact]) -> Notice {
    var notice = Notice.plain(facts)
    let parts = facts.indices.map { index in
      let fact = facts[index]
      let same = index > 0 && facts[index - 1].level == fact.level
      return same ? "\(fact.level) \(fact.when)" : "\(fact.what) \(fact.when)"
    }
    notice.summary = "\(facts[0].title): \(parts.joined(separator: ", "))"
    return notice
  }
}
