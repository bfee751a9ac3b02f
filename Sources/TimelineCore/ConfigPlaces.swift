/// Where a widget's table, keys and values are written in its config file, for messages
/// that point at the place (`FILE:LINE:COL: [widgets.NAME] KEY: ...`).
///
/// Positions are not part of what a config is: every `ConfigPlaces` equals every other, and
/// the config hash never reads them, so an edit that only moves lines makes no widget due.
public struct ConfigPlaces: Sendable, Equatable {
  /// A 1-based line and column (in characters, as the TOML reader counts them).
  public struct Place: Sendable, Equatable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int
    /// Creates a place.
    public init(line: Int, column: Int) {
      self.line = line
      self.column = column
    }
    /// `LINE:COL`.
    public var description: String { "\(line):\(column)" }
  }

  /// The `[widgets.NAME]` header.
  public var table: Place?
  /// Each option key as written.
  public var keys: [String: Place]
  /// Each option's value.
  public var values: [String: Place]
  /// Each item of an array option.
  public var items: [String: [Place]]
  /// Each key of an inline-table option (`cadence = { "Alice" = "2w" }`), by option.
  public var entryKeys: [String: [String: Place]]
  /// Each value of an inline-table option, by option and key.
  public var entryValues: [String: [String: Place]]

  /// Places as given; none by default (a widget built in code).
  public init(
    table: Place? = nil, keys: [String: Place] = [:], values: [String: Place] = [:], items: [String: [Place]] = [:],
    entryKeys: [String: [String: Place]] = [:], entryValues: [String: [String: Place]] = [:]
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
