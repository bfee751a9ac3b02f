import TimelineCore

/// A widget's `relevance_boost`: points added to every score of its entries, so a user
/// can shift one widget on the shared scale (docs/relevance.md). The boost is clamped to
/// −100…100 and each boosted score to 0–100.
public enum RelevanceBoost {
  /// The config key; every kind takes it.
  static let key = "relevance_boost"

  /// The widget's boost; a value that is not a whole number is a config error naming the key.
  public static func of(_ config: WidgetConfig) throws -> Int {
    switch config.options[key] {
    case nil: return 0
    case .int(let n)?: return Swift.min(100, Swift.max(-100, n))
    default:
      throw ProviderError.config(
        "\(config.place(of: key)) \(key): expected a whole number of points, e.g. 20 or -10")
    }
  }

  /// `entries` with `boost` applied; an entry without a score gets the default first.
  public static func apply(_ boost: Int, to entries: [Entry]) -> [Entry] {
    guard boost != 0 else { return entries }
    return entries.map {
      var entry = $0
      entry.relevance = (entry.relevance ?? Relevance(Relevance.defaultScore)).boosted(by: boost)
      return entry
    }
  }
}
