import ArgumentParser
import Platform
import TimelineCache
import TimelineCore
import TimelineKit

/// What the shell completions offer beyond the parser's own lists, asked of the binary at
/// completion time from the config in use (the `--config` on the command line being
/// completed, else the default), so they follow every edit of the config and the cards.
enum Completions {
  static let widgets = CompletionKind.custom { words, _, prefix in
    guard let config = config(words) else { return [] }
    return config.widgets.map(\.name.text).filter { $0.hasPrefix(prefix) }
  }

  /// A word for each friend the friends widgets track (`FriendsDesk.completionWords`).
  static let friends = CompletionKind.custom { words, _, prefix in
    guard let config = config(words) else { return [] }
    let desk = FriendsDesk(
      config: config, store: CacheStore(directory: CacheStore.defaultDirectory()), now: SystemClock().now())
    return ((try? desk.completionWords()) ?? []).filter { $0.hasPrefix(prefix) }
  }

  /// The config the command line being completed names; nil when it does not load, which
  /// offers nothing rather than an error in the prompt.
  private static func config(_ words: [String]) -> AppConfig? {
    var explicit: String?
    for (index, word) in words.enumerated() {
      if word == "--config", index + 1 < words.count { explicit = words[index + 1] }
      if word.hasPrefix("--config=") { explicit = String(word.dropFirst(9)) }
    }
    return try? ConfigLoader.load(explicit: explicit)
  }
}
