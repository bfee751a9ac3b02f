import Providers
import TimelineCore

/// `timeline config`: the config as TOML that loads back to the same config.
public enum ConfigPrinter {
  /// `config` as TOML.
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

  /// What the text policy would drop or space is escaped: nothing is lost, and the printed
  /// config carries no control or bidi override to the terminal.
  static func quote(_ s: String) -> String {
    quoted(s, in: "\"", named: ["\n": "\\n", "\t": "\\t"]) { CleanText.action($0) != .keep }
  }
}

/// `text` between `quote`s with the backslash, the quote and the `named` scalars escaped,
/// and every other scalar `needsEscape` picks (all below U+10000) as `\uXXXX`: a literal
/// that arrives as written, whatever the text holds.
func quoted(
  _ text: String, in quote: Unicode.Scalar, named: [Unicode.Scalar: String] = [:],
  needsEscape: (Unicode.Scalar) -> Bool
) -> String {
  var out = String(quote)
  for scalar in text.unicodeScalars {
    if scalar == "\\" || scalar == quote {
      out += "\\" + String(scalar)
    } else if let name = named[scalar] {
      out += name
    } else if needsEscape(scalar) {
      let hex = String(scalar.value, radix: 16)
      out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    } else {
      out.unicodeScalars.append(scalar)
    }
  }
  return out + String(quote)
}
