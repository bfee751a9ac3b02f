import ArgumentParser
import TimelineCore
import TimelineKit

/// What the shell completions offer beyond the parser's own lists: the widget names of the
/// config in use (the `--config` on the command line being completed, else the default),
/// asked of the binary at completion time, so they follow every edit of the config.
enum Completions {
  static let widgets = CompletionKind.custom { words, _, prefix in
    var explicit: String?
    for (index, word) in words.enumerated() {
      if word == "--config", index + 1 < words.count { explicit = words[index + 1] }
      if word.hasPrefix("--config=") { explicit = String(word.dropFirst(9)) }
    }
    // A config that does not load offers nothing rather than an error in the prompt.
    guard let config = try? ConfigLoader.load(explicit: explicit) else { return [] }
    return config.widgets.map(\.name.text).filter { $0.hasPrefix(prefix) }
  }
}
