import Providers
import TOML
import TimelineCore

/// `[notify]`: which kinds may send a desktop notification from `timeline refresh`, and
/// the widgets silenced one by one (`notify = false` in `[widgets.NAME]`). Off unless the
/// table says otherwise: no table, no notification.
public struct NotifyConfig: Sendable, Equatable {
  /// The threshold of each kind that notifies: the level for a `.level` rule, 1 for a
  /// `.flag` rule set to true.
  var thresholds: [String: Int] = [:]
  /// Widgets with `notify = false`.
  var silenced: Set<WidgetName> = []

  /// Whether any kind notifies.
  public var isOn: Bool { !thresholds.isEmpty }

  /// The threshold for `widget`, or nil when it notifies nothing.
  func threshold(for widget: WidgetConfig) -> Int? {
    silenced.contains(widget.name) ? nil : thresholds[widget.kind]
  }
}

/// Reads `[notify]` and the widgets' `notify` switches. The keys are the kinds that
/// declare a `notifyRule`; the loader names none itself.
enum ConfigNotify {
  static var kinds: [(String, NotifyRule)] {
    ProviderRegistry.all.compactMap { type in type.notifyRule.map { (type.kind, $0) } }
  }

  static func table(_ entry: TOMLEntry, file: String) throws(ConfigError) -> [String: Int] {
    let names = kinds.map(\.0)
    var out: [String: Int] = [:]
    let items = try ConfigLoader.table(entry, "notify", file: file).entries
    for item in items {
      let place = "\(ConfigLoader.at(file, item.node.position)): [notify] \(item.key)"
      guard let rule = kinds.first(where: { $0.0 == item.key })?.1 else {
        throw ConfigLoader.unknownKey(item, in: "notify", expected: names, file: file)
      }
      switch (rule, item.node.value) {
      case (_, .boolean(false)): out[item.key] = nil
      case (.flag, .boolean(true)): out[item.key] = 1
      case (.flag, _): throw ConfigError("\(place): expected true or false")
      case (.level(let range), _):
        guard let level = ConfigLoader.int(item.node), range.contains(level) else {
          throw ConfigError(
            "\(place): expected a level from \(range.lowerBound) to \(range.upperBound) (e.g. 4: notify at 4 and above), or false"
          )
        }
        out[item.key] = level
      }
    }
    return out
  }

  /// Takes `notify` out of each widget's options (no provider reads it, and it must not
  /// make a widget due), returning the widgets that set it to false.
  static func switches(_ widgets: inout [WidgetConfig], file: String) throws(ConfigError) -> Set<WidgetName> {
    var silenced: Set<WidgetName> = []
    for index in widgets.indices {
      guard let value = widgets[index].options["notify"] else { continue }
      let widget = widgets[index]
      let place = "\(widget.place(of: "notify")) notify"
      guard case .bool(let on) = value else { throw ConfigError("\(place): expected true or false") }
      guard ProviderRegistry.type(for: widget.kind)?.notifyRule != nil else {
        throw ConfigError(
          "\(place): kind \"\(widget.kind)\" sends no notifications (those that do: \(kinds.map(\.0).joined(separator: ", ")))"
        )
      }
      if !on { silenced.insert(widget.name) }
      widgets[index].options["notify"] = nil
      widgets[index].places.keys["notify"] = nil
      widgets[index].places.values["notify"] = nil
    }
    return silenced
  }
}
