import TimelineCore

/// The default scores of each kind on the shared 0–100 scale (docs/relevance.md), in one
/// place so that the table in the docs and the providers cannot drift apart.
enum RelevanceTable {
  /// Avalanche danger levels 0 (not assessed) to 5.
  static let avalancheLevels = [5, 5, 20, 60, 85, 100]
  /// The least an avalanche entry with an emergency warning scores.
  static let emergencyFloor = 90
  /// The Hukamnama during the first `fresh` of its IST day, later that day, and not today's.
  static let hukamnamaFresh = 50
  static let hukamnamaLater = 20
  static let hukamnamaOld = 5
  /// Favourites and the random shabad: the quiet default of a bar.
  static let favourites = 15
  static let randomShabad = 10

  /// An avalanche entry's relevance: by its highest level, at least 90 with an emergency.
  static func avalanche(level: Int, emergency: Bool) -> Relevance {
    let score = avalancheLevels[Swift.min(5, Swift.max(0, level))]
    return Relevance(emergency ? Swift.max(score, emergencyFloor) : score)
  }

  /// Today's Hukamnama from `dayStart`: 50 until `dayStart + fresh`, then 20 until the
  /// next IST midnight (`dayEnd`), then 5.
  static func hukamnama(dayStart: Int64, dayEnd: Int64, fresh: Int64) -> Relevance {
    let freshEnd = Swift.min(dayEnd, dayStart + Swift.max(0, fresh))
    return Relevance(hukamnamaFresh, changes: [(freshEnd, hukamnamaLater), (dayEnd, hukamnamaOld)])
  }
}
