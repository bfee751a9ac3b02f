import Providers
import TimelineCore

/// `timeline config`: the config as TOML that loads back to the same config.
public enum ConfigPrinter {
  public static func toml(_ config: AppConfig) -> String {
    var out = "# effective config from \(config.file)\n\n"
    if let language = config.language { out += "language = \(quote(language))\n\n" }
    out += "[sources]\n"
    for service in ProviderRegistry.services { out += "\(service.key) = \(quote(config.sources[service].text))\n" }
    out += "\n[refresh]\ngrace = \(config.grace)\n"
    if config.bars != BarsConfig() {
      out += "\n[bars]\n"
      if let signal = config.bars.waybarSignal { out += "waybar_signal = \(signal)\n" }
      if !config.bars.polybarModules.isEmpty {
        out += "polybar_modules = [\(config.bars.polybarModules.map(quote).joined(separator: ", "))]\n"
      }
      out += "tmux = \(config.bars.tmux)\n"
      out += "browse_timeout = \"\(config.bars.browseTimeout)s\"\n"
      if let font = config.bars.polybarGurmukhiFont { out += "polybar_gurmukhi_font = \(font)\n" }
    }
    for widget in config.widgets {
      out += "\n[widgets.\(widget.name)]\nkind = \(quote(widget.kind))\n"
      for (key, option) in widget.options.sorted(by: { $0.key < $1.key }) {
        out += "\(bareKey(key)) = \(value(option))\n"
      }
    }
    return out
  }

  static func value(_ value: ConfigValue) -> String {
    switch value {
    case .string(let s): quote(s)
    case .int(let n): String(n)
    case .double(let d): String(d)
    case .bool(let b): String(b)
    case .array(let items): "[" + items.map(Self.value).joined(separator: ", ") + "]"
    case .table(let entries):
      "{ "
        + entries.sorted { $0.key < $1.key }.map { "\(bareKey($0.key)) = \(Self.value($0.value))" }.joined(
          separator: ", ")
        + " }"
    }
  }

  static func bareKey(_ key: String) -> String {
    key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") } ? key : quote(key)
  }

  static func quote(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      // What the text policy would drop or space is escaped: nothing is lost, and the
      // printed config carries no control or bidi override to the terminal.
      case _ where CleanText.action(scalar) != .keep:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
