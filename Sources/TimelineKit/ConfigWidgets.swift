import Providers
import TOML
import TimelineCore

/// The `[widgets.NAME]` tables of a config, in file order: each one's kind, options and the
/// places they are written (kept on `WidgetConfig.places` for the providers' messages).
enum ConfigWidgets {
  static func widgets(_ entry: TOMLEntry, file: String) throws(ConfigError) -> [WidgetConfig] {
    let table = try ConfigLoader.table(entry, "widgets", file: file)
    var out: [WidgetConfig] = []
    for widget in table.entries {
      guard let name = WidgetName(widget.key) else {
        throw ConfigError(
          "\(ConfigLoader.at(file, widget.keyPosition)): [widgets.\(widget.key)]: invalid widget name; \(WidgetName.rule)"
        )
      }
      let body = try ConfigLoader.table(widget, "widgets.\(name)", file: file)
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
        do {
          options[item.key] = try convert(item.node)
        } catch {
          throw ConfigError(
            "\(ConfigLoader.at(file, error.position)): [widgets.\(name)] \(item.key): unsupported value type (use a string, number, boolean, array or inline table)"
          )
        }
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

  private static func convert(_ node: TOMLNode) throws(Unsupported) -> ConfigValue {
    switch node.value {
    case .string(let text): return .string(text)
    case .integer(let number): return .int(Int(number))
    case .float(let number): return .double(number)
    case .boolean(let flag): return .bool(flag)
    case .array(let items): return .array(try items.map { item throws(Unsupported) in try convert(item) })
    case .table(let table):
      var entries: [String: ConfigValue] = [:]
      for entry in table.entries { entries[entry.key] = try convert(entry.node) }
      return .table(entries)
    case .dateTime: throw Unsupported(position: node.position)
    }
  }
}
