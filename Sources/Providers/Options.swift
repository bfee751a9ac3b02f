import TimelineCore

/// Reads a widget's options with typed accessors. Every message names the file, the
/// widget and the key, and says what was expected. `finish()` refuses keys nobody read,
/// so a typo never passes silently.
public struct Options {
  private let config: WidgetConfig
  private var used: Set<String> = []

  /// Starts reading `config`. `relevance_boost` and `hide_when_empty`, which every kind
  /// takes, are read by the engine (`RelevanceBoost`, `HideWhenEmpty`), not by the provider.
  init(_ config: WidgetConfig) {
    self.config = config
    used.insert(RelevanceBoost.key)
    used.insert(HideWhenEmpty.key)
  }

  /// An error for `key` saying what was expected, at its value (at its `item`th item when
  /// given; at the widget's header when the key is missing).
  func invalid(_ key: String, expected: String, item: Int? = nil) -> ProviderError {
    .config("\(config.place(of: key, item: item)) \(key): expected \(expected)")
  }

  /// An error for the entry `entry` of the inline table `key`, at its value (at its key with
  /// `atKey`): `FILE:LINE:COL: [widgets.NAME] KEY "ENTRY": expected …`.
  func invalid(_ key: String, entry: String, atKey: Bool = false, expected: String) -> ProviderError {
    .config(
      "\(config.place(of: key, atKey: atKey, entry: entry)) \(key) \"\(CleanText.barLine(entry))\": expected \(expected)"
    )
  }

  /// The `key` option as a string, else `value`; another type is a config error naming the key.
  mutating func string(_ key: String, default value: String? = nil) throws -> String? {
    used.insert(key)
    switch config.options[key] {
    case nil: return value
    case .string(let s)?: return s
    case let other?: throw invalid(key, expected: "a string, got \(other.typeName)")
    }
  }

  /// A string that must be one of `choices`.
  mutating func choice(_ key: String, _ choices: [String], default value: String) throws -> String {
    let chosen = try string(key, default: value) ?? value
    guard choices.contains(chosen) else {
      throw invalid(key, expected: "one of \(choices.map { "\"\($0)\"" }.joined(separator: ", ")), got \"\(chosen)\"")
    }
    return chosen
  }

  /// The `key` option as an integer (also from a numeric string) within `range`, else `value`.
  mutating func int(_ key: String, default value: Int? = nil, range: ClosedRange<Int>? = nil) throws -> Int? {
    used.insert(key)
    let result: Int?
    switch config.options[key] {
    case nil: result = value
    case .int(let n)?: result = n
    case .string(let s)? where Int(s) != nil: result = Int(s)
    case let other?: throw invalid(key, expected: "an integer, got \(other.typeName)")
    }
    if let result, let range, !range.contains(result) {
      throw invalid(key, expected: "an integer from \(range.lowerBound) to \(range.upperBound), got \(result)")
    }
    return result
  }

  /// The `key` option as a boolean, else `value`.
  mutating func bool(_ key: String, default value: Bool) throws -> Bool {
    used.insert(key)
    switch config.options[key] {
    case nil: return value
    case .bool(let b)?: return b
    case let other?: throw invalid(key, expected: "true or false, got \(other.typeName)")
    }
  }

  /// The `key` option as an array of strings; nil when it is not set.
  mutating func strings(_ key: String) throws -> [String]? {
    used.insert(key)
    switch config.options[key] {
    case nil: return nil
    case .array(let items)?:
      return try items.enumerated().map {
        guard case .string(let s) = $1 else { throw invalid(key, expected: "an array of strings", item: $0) }
        return s
      }
    case let other?: throw invalid(key, expected: "an array of strings, got \(other.typeName)")
    }
  }

  /// The `key` option as an array of integers; nil when it is not set.
  mutating func ints(_ key: String) throws -> [Int]? {
    used.insert(key)
    switch config.options[key] {
    case nil: return nil
    case .int(let n)?: return [n]
    case .array(let items)?:
      return try items.enumerated().map {
        switch $1 {
        case .int(let n): return n
        case .string(let s) where Int(s) != nil: return Int(s) ?? 0
        default: throw invalid(key, expected: "an array of integers", item: $0)
        }
      }
    case let other?: throw invalid(key, expected: "an array of integers, got \(other.typeName)")
    }
  }

  /// An inline table of strings (`cadence = { "Alice" = "2w" }`), its entries in the
  /// order of the file; a value of another type is an error at that value.
  mutating func stringTable(_ key: String) throws -> [(key: String, value: String)]? {
    used.insert(key)
    switch config.options[key] {
    case nil: return nil
    case .table(let entries)?:
      let places = config.places.entryKeys[key] ?? [:]
      let ordered = entries.sorted { (places[$0.key] ?? .start, $0.key) < (places[$1.key] ?? .start, $1.key) }
      return try ordered.map { name, value in
        guard case .string(let text) = value else {
          throw invalid(key, entry: name, expected: "a string, got \(value.typeName)")
        }
        return (name, text)
      }
    case let other?: throw invalid(key, expected: "an inline table like { \"Alice\" = \"2w\" }, got \(other.typeName)")
    }
  }

  /// A duration such as "90s", "30m", "3h", "1d" or a number of seconds.
  mutating func duration(_ key: String, default value: Int64, minimum: Int64 = 60) throws -> Int64 {
    used.insert(key)
    let seconds: Int64?
    switch config.options[key] {
    case nil: return value
    case .int(let n)?: seconds = Int64(n)
    case .string(let s)?: seconds = Self.parseDuration(s)
    default: seconds = nil
    }
    guard let seconds, seconds >= minimum, seconds <= 366 * 86_400 else {
      throw invalid(key, expected: "a duration like \"30m\", \"3h\" or \"1d\" of at least \(minimum) s")
    }
    return seconds
  }

  /// Seconds in "90s", "30m", "3h", "1d" or a bare number; nil if malformed or beyond
  /// Int64 (the callers then name the key: a huge value is a config error, never a trap).
  public static func parseDuration(_ text: String) -> Int64? {
    guard let unit = text.last, let number = Int64(text.dropLast()) else { return Int64(text) }
    guard let scale = (["s": 1, "m": 60, "h": 3600, "d": 86_400] as [Character: Int64])[unit] else { return nil }
    let (seconds, overflow) = number.multipliedReportingOverflow(by: scale)
    return overflow ? nil : seconds
  }

  /// Throws for the first key (in file order) that no accessor asked for, at the key, with
  /// the known key it most likely meant.
  func finish() throws {
    let unknown = config.options.keys.filter { !used.contains($0) }
    let places = config.places.keys
    let first = unknown.min { (places[$0] ?? .start, $0) < (places[$1] ?? .start, $1) }
    if let first {
      let hint = KeySuggestion.closest(to: first, among: used).map { "; did you mean \"\($0)\"?" } ?? ""
      throw ProviderError.config(
        "\(config.place(of: first, atKey: true)) unknown key \"\(first)\" for kind \"\(config.kind)\"\(hint)")
    }
  }
}

extension TextPosition {
  /// Before any real position (lines and columns count from 1): where a key without one sorts.
  fileprivate static let start = TextPosition(line: 0, column: 0)
}
