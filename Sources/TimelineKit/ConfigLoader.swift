import Platform
import Providers
import TOML
import TimelineCache
import TimelineCore

/// Finds, parses and checks the config: maps the TOML tables onto `AppConfig` and refuses
/// anything it does not know, naming the file, the place in it and the key.
public enum ConfigLoader {
  /// `--config FILE`, else `$TIMELINE_CONFIG`, else `$XDG_CONFIG_HOME/timeline/config.toml`;
  /// the flag says whether the file must exist.
  static func path(explicit: String?, environment: (String) -> String?) -> (String, Bool) {
    if let explicit { return (explicit, true) }
    if let env = environment("TIMELINE_CONFIG"), !env.isEmpty { return (env, true) }
    let base =
      environment("XDG_CONFIG_HOME").flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? (environment("HOME") ?? "/") + "/.config"
    return (base + "/timeline/config.toml", false)
  }

  /// Loads the effective config: a missing file at the default location means the embedded
  /// default; any other file that cannot be read is an error.
  public static func load(explicit: String? = nil, environment: (String) -> String? = Environment.get)
    throws(ConfigError) -> AppConfig
  {
    let (file, required) = path(explicit: explicit, environment: environment)
    switch SmallFile.bytes(file) {
    case .success(let bytes): return try parse(bytes: bytes, file: file)
    case .failure(.missing) where !required: return try parse(DefaultConfig.toml, file: "<embedded default>")
    case .failure(.missing): throw ConfigError("\(file): config file not found")
    // Unreadable is not missing: falling back to the default would drop the user's
    // widgets and call public APIs they never configured.
    case .failure(let failure): throw ConfigError("\(file): cannot read the config file: \(failure.reason)")
    }
  }

  /// Parses TOML text into a checked config.
  public static func parse(_ text: String, file: String) throws(ConfigError) -> AppConfig {
    try parse(bytes: Array(text.utf8), file: file)
  }

  /// Parses a config file's bytes (UTF-8, else an error at the first bad byte).
  public static func parse(bytes: [UInt8], file: String) throws(ConfigError) -> AppConfig {
    let root: TOMLTable
    do {
      root = try TOMLDocument.parse(bytes: bytes)
    } catch {
      throw ConfigError("\(file):\(error.position): \(error.message)")
    }
    var config = AppConfig(
      sources: Sources(), grace: Timeline.defaultGrace, bars: BarsConfig(), widgets: [], file: file, warnings: [])
    for entry in root.entries {
      switch entry.key {
      case "language": config.language = try language(entry, file: file)
      case "sources": try sources(entry, into: &config)
      case "refresh": try refresh(entry, into: &config)
      case "bars": config.bars = try bars(entry, file: file)
      case "notify": config.notify.thresholds = try ConfigNotify.table(entry, file: file)
      case "widgets":
        config.widgets = try ConfigWidgets.widgets(entry, file: file)
        try ConfigWidgets.checkStacks(config.widgets, file: file)
      default: throw unknownKey(entry, in: nil, expected: tables, file: file)
      }
    }
    config.notify.silenced = try ConfigNotify.switches(&config.widgets, file: file)
    return config
  }

  static let tables = ["sources", "refresh", "bars", "notify", "widgets"]

  /// A language code, with a country if wanted ("nb", "pt_BR").
  private static func language(_ entry: TOMLEntry, file: String) throws(ConfigError) -> String {
    guard case .string(let code) = entry.node.value else {
      throw ConfigError("\(at(file, entry.node.position)): language: expected a string like \"nb\" or \"de\"")
    }
    let parts = code.split(separator: "_", omittingEmptySubsequences: false)
    let letters = { (part: Substring, range: ClosedRange<Int>, lower: Bool) in
      range.contains(part.count) && part.allSatisfy { $0.isASCII && $0.isLetter && ($0.isLowercase == lower) }
    }
    guard letters(parts[0], 2...3, true), parts.count == 1 || (parts.count == 2 && letters(parts[1], 2...2, false))
    else {
      throw ConfigError(
        "\(at(file, entry.node.position)): language: expected a language code like \"nb\", \"de\" or \"pt_BR\", got \"\(CleanText.oneLineError(code))\""
      )
    }
    return code
  }

  /// `FILE:LINE:COL`, the start of every message about a place in the config.
  static func at(_ file: String, _ position: TextPosition) -> String { "\(file):\(position)" }

  /// `FILE:LINE:COL: [TABLE] unknown key "KEY" (expected …)`, then "; did you mean "KEY"?"
  /// when it looks like a typo of one of `expected`.
  static func unknownKey(_ item: TOMLEntry, in table: String?, expected: [String], file: String) -> ConfigError {
    let hint = KeySuggestion.closest(to: item.key, among: expected).map { "; did you mean \"\($0)\"?" } ?? ""
    return ConfigError(
      "\(at(file, item.keyPosition)): \(table.map { "[\($0)] " } ?? "")unknown key \"\(item.key)\" (expected "
        + expected.joined(separator: ", ") + ")" + hint)
  }

  static func table(_ entry: TOMLEntry, _ name: String, file: String) throws(ConfigError) -> TOMLTable {
    guard case .table(let table) = entry.node.value else {
      throw ConfigError("\(at(file, entry.node.position)): [\(name)] must be a table")
    }
    return table
  }

  private static func sources(_ entry: TOMLEntry, into config: inout AppConfig) throws(ConfigError) {
    let file = config.file
    // The table bound first: `for x in try f()` with typed throws crashed the 6.3.1 optimizer.
    let items = try table(entry, "sources", file: file).entries
    for item in items {
      let key = item.key
      let place = at(file, item.node.position)
      guard let source = ProviderRegistry.service(key: key) else {
        throw unknownKey(item, in: "sources", expected: ProviderRegistry.services.map(\.key), file: file)
      }
      guard case .string(let url) = item.node.value else {
        throw ConfigError("\(place): [sources] \(key): expected a URL string")
      }
      do {
        config.sources[source] = try SourceURL(url)
      } catch .invalid {
        throw ConfigError(
          "\(place): [sources] \(key): expected an http:// or https:// URL, got \"\(CleanText.oneLineError(url))\"")
      } catch {
        config.warnings.append(
          "\(place): [sources] \(key) uses plain http to a non-loopback host; it is ignored, the default https URL is used"
        )
      }
    }
  }

  private static func refresh(_ entry: TOMLEntry, into config: inout AppConfig) throws(ConfigError) {
    config.grace = try refreshGrace(entry, file: config.file) ?? config.grace
  }

  private static func refreshGrace(_ entry: TOMLEntry, file: String) throws(ConfigError) -> Int64? {
    var result: Int64?
    let items = try table(entry, "refresh", file: file).entries
    for item in items {
      switch item.key {
      case "grace":
        guard let seconds = grace(int: int(item.node), string: string(item.node)) else {
          throw ConfigError(
            "\(at(file, item.node.position)): [refresh] grace: expected a duration like \"1h\" or seconds (0 to 7 days)"
          )
        }
        result = seconds
      default: throw unknownKey(item, in: "refresh", expected: ["grace"], file: file)
      }
    }
    return result
  }

  /// `[refresh] grace` from a TOML integer or a duration string: 0 to 7 days, else nil.
  public static func grace(int: Int?, string: String?) -> Int64? {
    guard let seconds = int.map(Int64.init) ?? string.flatMap(Options.parseDuration),
      (0...7 * 86_400).contains(seconds)
    else { return nil }
    return seconds
  }

  /// Never inlined: inlined into a throwing loop over a table's entries (`refreshGrace`,
  /// `bars`), it makes Swift 6.3.1's optimiser stop with "Found ownership error" (a compiler
  /// bug; `swift build -c release` shows it).
  @inline(never)
  static func int(_ node: TOMLNode) -> Int? {
    guard case .integer(let value) = node.value else { return nil }
    return Int(value)
  }

  static func string(_ node: TOMLNode) -> String? {
    guard case .string(let value) = node.value else { return nil }
    return value
  }

  private static let barsKeys = [
    "waybar_signal", "polybar_modules", "tmux", "browse_timeout", "polybar_gurmukhi_font",
  ]

  private static func bars(_ entry: TOMLEntry, file: String) throws(ConfigError) -> BarsConfig {
    var bars = BarsConfig()
    let items = try table(entry, "bars", file: file).entries
    for item in items {
      let place = "\(at(file, item.node.position)): [bars] \(item.key)"
      let node = item.node
      switch item.key {
      case "waybar_signal":
        guard let n = int(node), (1...30).contains(n) else {
          throw ConfigError("\(place): expected an integer from 1 to 30")
        }
        bars.waybarSignal = n
      case "polybar_modules":
        guard case .array(let list) = node.value, case let names = list.compactMap(string), names.count == list.count,
          names.allSatisfy(WidgetName.isValid)
        else { throw ConfigError("\(place): expected an array of module names [a-z0-9-]") }
        bars.polybarModules = names
      case "tmux":
        guard case .boolean(let flag) = node.value else { throw ConfigError("\(place): expected true or false") }
        bars.tmux = flag
      case "browse_timeout":
        let seconds = int(node).map(Int64.init) ?? string(node).flatMap(Options.parseDuration)
        guard let seconds, (1...86_400).contains(seconds) else {
          throw ConfigError("\(place): expected a duration like \"60s\" or \"5m\" (1 s to 1 day)")
        }
        bars.browseTimeout = seconds
      case "polybar_gurmukhi_font":
        guard let n = int(node), (1...99).contains(n) else {
          throw ConfigError("\(place): expected polybar's font index from 1 to 99 (%{T2} is font-1)")
        }
        bars.polybarGurmukhiFont = n
      default: throw unknownKey(item, in: "bars", expected: barsKeys, file: file)
      }
    }
    return bars
  }
}
