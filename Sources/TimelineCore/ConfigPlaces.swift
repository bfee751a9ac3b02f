/// Where a widget's table, keys and values are written in its config file, for messages
/// that point at the place (`FILE:LINE:COL: [widgets.NAME] KEY: ...`).
///
/// Positions are not part of what a config is: every `ConfigPlaces` equals every other, and
/// the config hash never reads them, so an edit that only moves lines makes no widget due.
public struct ConfigPlaces: Sendable, Equatable {
  /// The `[widgets.NAME]` header.
  public var table: TextPosition?
  /// Each option key as written.
  public var keys: [String: TextPosition]
  /// Each option's value.
  public var values: [String: TextPosition]
  /// Each item of an array option.
  public var items: [String: [TextPosition]]
  /// Each key of an inline-table option (`cadence = { "Alice" = "2w" }`), by option.
  public var entryKeys: [String: [String: TextPosition]]
  /// Each value of an inline-table option, by option and key.
  public var entryValues: [String: [String: TextPosition]]

  /// Places as given; none by default (a widget built in code).
  public init(
    table: TextPosition? = nil, keys: [String: TextPosition] = [:], values: [String: TextPosition] = [:],
    items: [String: [TextPosition]] = [:],
    entryKeys: [String: [String: TextPosition]] = [:], entryValues: [String: [String: TextPosition]] = [:]
  ) {
    self.table = table
    self.keys = keys
    self.values = values
    self.items = items
    self.entryKeys = entryKeys
    self.entryValues = entryValues
  }

  /// Always true: moving a widget in its file does not change it.
  public static func == (lhs: ConfigPlaces, rhs: ConfigPlaces) -> Bool { true }
}

extension WidgetConfig {
  /// The start of a message about this widget: `FILE:LINE:COL: [widgets.NAME]`, at the
  /// value of `key` (its key with `atKey`, its `item`th item with `item`, the key or value
  /// of its inline-table entry with `entry`), or at the table when the key is absent or
  /// nil; `FILE: [widgets.NAME]` when no place is known.
  public func place(of key: String? = nil, atKey: Bool = false, item: Int? = nil, entry: String? = nil) -> String {
    var place = places.table
    if let key {
      if let entry, let found = (atKey ? places.entryKeys : places.entryValues)[key]?[entry] {
        place = found
      } else if atKey {
        place = places.keys[key] ?? place
      } else if let item, let items = places.items[key], items.indices.contains(item) {
        place = items[item]
      } else {
        place = places.values[key] ?? place
      }
    }
    return "\(file)\(place.map { ":\($0)" } ?? ""): [widgets.\(name)]"
  }
}
