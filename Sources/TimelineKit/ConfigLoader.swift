import Platform
import Providers
import TOMLKit
import TimelineCache
import TimelineCore

/// Finds, parses and checks the config. TOML parsing is TOMLKit's; this file only maps the
/// tables onto `AppConfig` and refuses anything it does not know, naming key and file.
public enum ConfigLoader {
  /// `--config FILE`, else `$TIMELINE_CONFIG`, else `$XDG_CONFIG_HOME/timeline/config.toml`
  /// (`~/.config/timeline/config.toml`). Nil means: use the embedded default.
  public static func path(explicit: String?, environment: (String) -> String? = Environment.get) -> (String, Bool)? {
    if let explicit { return (explicit, true) }
    if let env = environment("TIMELINE_CONFIG"), !env.isEmpty { return (env, true) }
    let base =
      environment("XDG_CONFIG_HOME").flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? (environment("HOME") ?? "/") + "/.config"
    return (base + "/timeline/config.toml", false)
  }

  /// Loads the effective config. A named file that is missing is an error; the default
  /// location missing means the embedded default. A file that exists but cannot be read,
  /// or is not a regular file, is always an error.
  public static func load(explicit: String? = nil, environment: (String) -> String? = Environment.get)
    throws(ConfigError) -> AppConfig
  {
    guard let (file, required) = path(explicit: explicit, environment: environment) else {
      return try parse(DefaultConfig.toml, file: "<embedded default>")
    }
    switch SmallFile.read(file) {
    case .success(let text): return try parse(text, file: file)
    case .failure(.missing) where !required: return try parse(DefaultConfig.toml, file: "<embedded default>")
    case .failure(.missing): throw ConfigError("\(file): config file not found")
    // Unreadable is not missing: falling back to the default would drop the user's
    // widgets and call public APIs they never configured.
    case .failure(let failure): throw ConfigError("\(file): cannot read the config file: \(failure.reason)")
    }
  }

  /// Parses TOML text into a checked config.
  public static func parse(_ text: String, file: String) throws(ConfigError) -> AppConfig {
    let root: TOMLTable
    do {
      root = try TOMLTable(string: text)
    } catch let error as TOMLParseError {
      throw ConfigError("\(file):\(error.source.begin.line):\(error.source.begin.column): \(error.description)")
    } catch {
      throw ConfigError("\(file): not valid TOML")
    }
    var config = AppConfig(
      sources: Sources(), grace: 3600, bars: BarsConfig(), widgets: [], file: file, warnings: [])
    for key in root.keys {
      switch key {
      case "sources": try sources(root[key], into: &config)
      case "refresh": try refresh(root[key], into: &config)
      case "bars": config.bars = try bars(root[key], file: file)
      case "widgets":
        config.widgets = inFileOrder(try widgets(root[key], file: file), text: text)
        try checkStacks(config.widgets, file: file)
      default: throw ConfigError("\(file): unknown key \"\(key)\" (expected sources, refresh, bars, widgets)")
      }
    }
    return config
  }

  /// TOMLKit lists keys alphabetically; status, preview and refresh output follow the
  /// order of the `[widgets.NAME]` headers in the file instead.
  static func inFileOrder(_ widgets: [WidgetConfig], text: String) -> [WidgetConfig] {
    var order: [String: Int] = [:]
    for line in text.split(separator: "\n") {
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      guard trimmed.hasPrefix("[widgets."), let close = trimmed.firstIndex(of: "]") else { continue }
      let isQuoteOrSpace: (Character) -> Bool = { $0 == " " || $0 == "\"" }
      let name = String(
        trimmed[trimmed.index(trimmed.startIndex, offsetBy: 9)..<close].drop(while: isQuoteOrSpace).reversed()
          .drop(while: isQuoteOrSpace).reversed())
      if order[name] == nil { order[name] = order.count }
    }
    return widgets.enumerated().sorted {
      (order[$0.element.name] ?? Int.max, $0.offset) < (order[$1.element.name] ?? Int.max, $1.offset)
    }.map(\.element)
  }

  private static func table(_ value: (any TOMLValueConvertible)?, _ name: String, file: String) throws(ConfigError)
    -> TOMLTable
  {
    guard let table = value?.table else { throw ConfigError("\(file): [\(name)] must be a table") }
    return table
  }

  private static func sources(_ value: (any TOMLValueConvertible)?, into config: inout AppConfig) throws(ConfigError) {
    let file = config.file
    let table = try table(value, "sources", file: file)
    for key in table.keys {
      guard let source = Source(rawValue: key) else {
        throw ConfigError("\(file): [sources] unknown key \"\(key)\" (expected \(Source.keyList))")
      }
      guard let url = table[key]?.string else { throw ConfigError("\(file): [sources] \(key): expected a URL string") }
      do {
        config.sources[source] = try SourceURL(url)
      } catch .invalid {
        throw ConfigError("\(file): [sources] \(key): expected an http:// or https:// URL, got \"\(url)\"")
      } catch {
        config.warnings.append(
          "\(file): [sources] \(key) uses plain http to a non-loopback host; it is ignored, the default https URL is used"
        )
      }
    }
  }

  private static func refresh(_ value: (any TOMLValueConvertible)?, into config: inout AppConfig) throws(ConfigError) {
    let table = try table(value, "refresh", file: config.file)
    for key in table.keys {
      guard key == "grace" else {
        throw ConfigError("\(config.file): [refresh] unknown key \"\(key)\" (expected grace)")
      }
      let raw = table[key]
      guard let seconds = grace(int: raw?.int, string: raw?.string) else {
        throw ConfigError("\(config.file): [refresh] grace: expected a duration like \"1h\" or seconds (0 to 7 days)")
      }
      config.grace = seconds
    }
  }

  /// `[refresh] grace` from a TOML integer or a duration string: 0 to 7 days, else nil.
  public static func grace(int: Int?, string: String?) -> Int64? {
    guard let seconds = int.map(Int64.init) ?? string.flatMap(Options.parseDuration),
      (0...7 * 86_400).contains(seconds)
    else { return nil }
    return seconds
  }

  private static func bars(_ value: (any TOMLValueConvertible)?, file: String) throws(ConfigError) -> BarsConfig {
    let table = try table(value, "bars", file: file)
    var bars = BarsConfig()
    for key in table.keys {
      switch key {
      case "waybar_signal":
        guard let n = table[key]?.int, (1...30).contains(n) else {
          throw ConfigError("\(file): [bars] waybar_signal: expected an integer from 1 to 30")
        }
        bars.waybarSignal = n
      case "polybar_modules":
        guard let list = table[key]?.array, case let names = list.compactMap({ $0.string }), names.count == list.count,
          names.allSatisfy(WidgetName.isValid)
        else { throw ConfigError("\(file): [bars] polybar_modules: expected an array of module names [a-z0-9-]") }
        bars.polybarModules = names
      case "tmux":
        guard let flag = table[key]?.bool else { throw ConfigError("\(file): [bars] tmux: expected true or false") }
        bars.tmux = flag
      case "browse_timeout":
        let raw = table[key]
        let seconds = raw?.int.map(Int64.init) ?? raw?.string.flatMap(Options.parseDuration)
        guard let seconds, (1...86_400).contains(seconds) else {
          throw ConfigError("\(file): [bars] browse_timeout: expected a duration like \"60s\" or \"5m\" (1 s to 1 day)")
        }
        bars.browseTimeout = seconds
      case "polybar_gurmukhi_font":
        guard let n = table[key]?.int, (1...99).contains(n) else {
          throw ConfigError(
            "\(file): [bars] polybar_gurmukhi_font: expected polybar's font index from 1 to 99 (%{T2} is font-1)")
        }
        bars.polybarGurmukhiFont = n
      default:
        throw ConfigError(
          "\(file): [bars] unknown key \"\(key)\" (expected waybar_signal, polybar_modules, tmux, browse_timeout, polybar_gurmukhi_font)"
        )
      }
    }
    return bars
  }

  private static func widgets(_ value: (any TOMLValueConvertible)?, file: String) throws(ConfigError) -> [WidgetConfig]
  {
    let table = try table(value, "widgets", file: file)
    var out: [WidgetConfig] = []
    for name in table.keys {
      guard WidgetName.isValid(name) else {
        throw ConfigError("\(file): [widgets.\(name)]: invalid widget name; \(WidgetName.rule)")
      }
      guard let body = table[name]?.table else { throw ConfigError("\(file): [widgets.\(name)] must be a table") }
      guard let kind = body["kind"]?.string else {
        throw ConfigError(
          "\(file): [widgets.\(name)] kind: missing; expected one of \(ProviderRegistry.kinds.joined(separator: ", "))")
      }
      guard ProviderRegistry.type(for: kind) != nil else {
        throw ConfigError.unknownKind(kind, widget: name, file: file)
      }
      var options: [String: ConfigValue] = [:]
      for key in body.keys where key != "kind" {
        guard let value = body[key].flatMap(convert) else {
          throw ConfigError(
            "\(file): [widgets.\(name)] \(key): unsupported value type (use a string, number, boolean, array or inline table)"
          )
        }
        options[key] = value
      }
      out.append(WidgetConfig(name: name, kind: kind, options: options, file: file))
    }
    return out
  }

  /// A stack's members must be other widgets of the file, none of them a stack: the
  /// emitter shows one member's entry and never recurses.
  static func checkStacks(_ widgets: [WidgetConfig], file: String) throws(ConfigError) {
    for stack in widgets where stack.kind == StackRule.kind {
      let place = "\(file): [widgets.\(stack.name)] widgets"
      guard case .array(let items)? = stack.options["widgets"], !items.isEmpty else {
        throw ConfigError("\(place): expected a non-empty array of widget names, e.g. [\"avalanche\", \"hukamnama\"]")
      }
      for item in items {
        guard case .string(let name) = item else { throw ConfigError("\(place): expected widget names (strings)") }
        guard let member = widgets.first(where: { $0.name == name }) else {
          let known = widgets.filter { $0.kind != StackRule.kind }.map(\.name).joined(separator: ", ")
          throw ConfigError(
            "\(place): no widget \"\(name)\" in this config (widgets: \(known.isEmpty ? "none" : known))")
        }
        guard member.kind != StackRule.kind else {
          throw ConfigError("\(place): \"\(name)\" is a stack; a stack cannot hold another stack")
        }
      }
    }
  }

  private static func convert(_ value: any TOMLValueConvertible) -> ConfigValue? {
    switch value.type {
    case .string: return value.string.map(ConfigValue.string)
    case .int: return value.int.map(ConfigValue.int)
    case .double: return value.double.map(ConfigValue.double)
    case .bool: return value.bool.map(ConfigValue.bool)
    case .array:
      guard let array = value.array else { return nil }
      var items: [ConfigValue] = []
      for item in array {
        guard let converted = convert(item) else { return nil }
        items.append(converted)
      }
      return .array(items)
    case .table:
      guard let table = value.table else { return nil }
      var entries: [String: ConfigValue] = [:]
      for key in table.keys {
        guard let item = table[key], let converted = convert(item) else { return nil }
        entries[key] = converted
      }
      return .table(entries)
    default: return nil
    }
  }
}
