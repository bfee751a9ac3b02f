import TimelineCore

/// Every provider kind, one line each. `kind` in config must be one of these names.
public enum ProviderRegistry {
  /// The provider types, in the order `timeline` lists them.
  public static let all: [any TimelineProvider.Type] = [
    CommandProvider.self,
    AvalancheProvider.self,
    RandomShabadProvider.self,
    HukamnamaProvider.self,
    FavouritesProvider.self,
    FriendsProvider.self,
    BirthdaysProvider.self,
    StackProvider.self,
  ]

  /// The provider type for `kind`, or nil.
  public static func type(for kind: String) -> (any TimelineProvider.Type)? {
    all.first { $0.kind == kind }
  }

  /// The known kind names.
  public static var kinds: [String] { all.map { $0.kind } }

  /// Every service a kind calls, once each, by `[sources]` key.
  public static var services: [Service] {
    var seen: Set<String> = []
    return all.flatMap { $0.services }.filter { seen.insert($0.key).inserted }.sorted { $0.key < $1.key }
  }

  /// The service with `[sources]` key `key`, or nil.
  public static func service(key: String) -> Service? { services.first { $0.key == key } }
}
