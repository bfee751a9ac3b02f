import Platform
import TimelineCache
import TimelineCore

/// For each subject and occasion, the last level a fetch reported and when
/// (docs/notifications.md): a fact notifies only when it rises above it. Kept as state, not
/// cache, since removing the cache must not repeat every notification.
public struct NoticeMemory: Sendable, Equatable {
  /// One remembered occasion.
  struct Seen: Sendable, Equatable {
    var level: Int
    /// Epoch seconds; occasions not seen for `keep` seconds are forgotten.
    var at: Int64
  }

  /// By subject, then occasion.
  var seen: [String: [String: Seen]] = [:]
  /// Long past any day a forecast, a birthday or a due period names.
  static let keep: Int64 = 14 * 86_400

  func level(of fact: NoticeFact) -> Int? { seen[fact.subject]?[fact.occasion]?.level }

  mutating func record(_ fact: NoticeFact, at now: Int64) {
    seen[fact.subject, default: [:]][fact.occasion] = Seen(level: fact.level, at: now)
  }

  /// The directory: `$XDG_STATE_HOME/timeline`, else `~/.local/state/timeline`.
  public static func directory(environment: (String) -> String? = Environment.get) -> String {
    if let state = environment("XDG_STATE_HOME"), state.hasPrefix("/") { return state + "/timeline" }
    return (environment("HOME") ?? "/") + "/.local/state/timeline"
  }

  static let fileName = "notified"

  /// Reads the file in `directory`; a missing file is an empty memory, a damaged line is
  /// skipped (the worst it costs is one notification again).
  static func load(directory: String) -> NoticeMemory {
    var memory = NoticeMemory()
    guard case .success(let bytes) = SmallFile.bytes(directory + "/" + fileName) else { return memory }
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count == 4, let level = Int(fields[2]), let at = Int64(fields[3]) else { continue }
      memory.seen[unescape(fields[0]), default: [:]][unescape(fields[1])] = Seen(level: level, at: at)
    }
    return memory
  }

  /// Writes the memory atomically, without the forgotten occasions. One line each: subject,
  /// occasion, level, time, tab-separated, with `%`, tab, CR and LF of the texts as `%XX`.
  func save(directory: String, now: Int64) throws(CacheWriteError) {
    var text = ""
    for (subject, occasions) in seen.sorted(by: { $0.key < $1.key }) {
      for (occasion, seen) in occasions.sorted(by: { $0.key < $1.key }) where seen.at > now - Self.keep {
        text += "\(Self.escape(subject))\t\(Self.escape(occasion))\t\(seen.level)\t\(seen.at)\n"
      }
    }
    let store = CacheStore(directory: directory)
    try store.writeAtomically(Array(text.utf8), to: directory + "/" + Self.fileName)
  }

  static func escape(_ text: String) -> String {
    text.substituting(["%": "%25", "\t": "%09", "\n": "%0A", "\r": "%0D", "\r\n": "%0D%0A"])
  }

  static func unescape(_ text: Substring) -> String {
    var out = ""
    var rest = text[...]
    while let percent = rest.firstIndex(of: "%") {
      out += rest[..<percent]
      let code = rest[percent...].dropFirst().prefix(2)
      if code.count == 2, let value = UInt8(code, radix: 16) {
        out.unicodeScalars.append(Unicode.Scalar(value))
        rest = rest[percent...].dropFirst(3)
      } else {
        out += "%"
        rest = rest[percent...].dropFirst()
      }
    }
    return out + rest
  }
}
