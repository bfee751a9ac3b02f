import Providers
import TOML
import TimelineCore

/// The `[widgets.NAME]` tables of a config: each one's kind, options and the places they
/// are written (kept on `WidgetConfig.places` for the providers' messages).
enum ConfigWidgets {
  /// The widgets, in the order of the file.
  static func widgets(_ entry: TOMLEntry, file: String) throws(ConfigError) -> [WidgetConfig] {
    let table = try ConfigLoader.table(entry, "widgets", file: file)
    var out: [WidgetConfig] = []
    for widget in table.entries {
      guard let name = WidgetName(widget.key) else {
        throw ConfigError(
          "\(ConfigLoader.at(file, widget.keyPosition)): [widgets.\(widget.key)]: invalid widget name; \(WidgetName.rule)"
        )
      }
      guard case .table(let body) = widget.node.value else {
        throw ConfigError("\(ConfigLoader.at(file, widget.node.position)): [widgets.\(name)] must be a table")
      }
      guard let kindNode = body["kind"], let kind = ConfigLoader.string(kindNode) else {
        let place = ConfigLoader.at(file, body["kind"]?.position ?? widget.node.position)
        throw ConfigError(
          "\(place): [widgets.\(name)] kind: missing; expected one of \(ProviderRegistry.kinds.joined(separator: ", "))"
        )
      }
      guard ProviderRegistry.type(for: kind) != nil else {
        throw ConfigError.unknownKind(kind, widget: name.text, file: "\(file):\(kindNode.position)")
      }
      var options: [String: ConfigValue] = [:]
      var places = ConfigPlaces(table: widget.node.position)
      for item in body.entries where item.key != "kind" {
        let value: ConfigValue
        switch convert(item.node) {
        case .success(let converted): value = converted
        case .failure(let unsupported):
          throw ConfigError(
            "\(ConfigLoader.at(file, unsupported.position)): [widgets.\(name)] \(item.key): unsupported value type (use a string, number, boolean, array or inline table)"
          )
        }
        options[item.key] = value
        places.keys[item.key] = item.keyPosition
        places.values[item.key] = item.node.position
        switch item.node.value {
        case .array(let items): places.items[item.key] = items.map(\.position)
        case .table(let table):
          // Each entry's own place, so that a message can point at the bad one.
          for entry in table.entries {
            places.entryKeys[item.key, default: [:]][entry.key] = entry.keyPosition
            places.entryValues[item.key, default: [:]][entry.key] = entry.node.position
          }
        default: break
        }
      }
      out.append(WidgetConfig(name: name, kind: kind, options: options, file: file, places: places))
    }
    return out
  }

  /// A stack's members must be other widgets of the file, none of them a stack: the
  /// emitter shows one member's entry and never recurses.
  static func checkStacks(_ widgets: [WidgetConfig], file: String) throws(ConfigError) {
    for stack in widgets where stack.kind == StackRule.kind {
      guard case .array(let items)? = stack.options["widgets"], !items.isEmpty else {
        throw ConfigError(
          "\(stack.place(of: "widgets")) widgets: expected a non-empty array of widget names, e.g. [\"avalanche\", \"hukamnama\"]"
        )
      }
      for (index, item) in items.enumerated() {
        let place = "\(stack.place(of: "widgets", item: index)) widgets"
        guard case .string(let name) = item else { throw ConfigError("\(place): expected widget names (strings)") }
        guard let member = widgets.first(where: { $0.name.text == name }) else {
          let known = widgets.filter { $0.kind != StackRule.kind }.map(\.name.text).joined(separator: ", ")
          throw ConfigError(
            "\(place): no widget \"\(name)\" in this config (widgets: \(known.isEmpty ? "none" : known))")
        }
        guard member.kind != StackRule.kind else {
          throw ConfigError("\(place): \"\(name)\" is a stack; a stack cannot hold another stack")
        }
      }
    }
  }

  /// A value no option takes (a date-time), with its place, inside an array or table too.
  private struct Unsupported: Error {
    var position: TextPosition
  }

  /// A TOML value as a widget option; a date-time, which no option takes, fails at its place.
  private static func convert(_ node: TOMLNode) -> Result<ConfigValue, Unsupported> {
    switch node.value {
    case .string(let text): return .success(.string(text))
    case .integer(let number): return .success(.int(Int(number)))
    case .float(let number): return .success(.double(number))
    case .boolean(let flag): return .success(.bool(flag))
    case .array(let items):
      var out: [ConfigValue] = []
      for item in items {
        switch convert(item) {
        case .success(let converted): out.append(converted)
        case .failure(let unsupported): return .failure(unsupported)
        }
      }
      return .success(.array(out))
    case .table(let table):
      var entries: [String: ConfigValue] = [:]
      for entry in table.entries {
        switch convert(entry.node) {
        case .success(let converted): entries[entry.key] = converted
        case .failure(let unsupported): return .failure(unsupported)
        }
      }
      return .success(.table(entries))
    case .dateTime: return .failure(Unsupported(position: node.position))
    }
  }
}
