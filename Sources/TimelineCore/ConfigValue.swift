/// A value from a widget's config table, independent of the TOML library.
public enum ConfigValue: Sendable, Equatable {
  case string(String)
  case int(Int)
  case double(Double)
  case bool(Bool)
  case array([ConfigValue])
  /// An inline table (`cadence = { "Alice" = "2w" }`).
  case table([String: ConfigValue])

  /// A short name of the value's type, for error messages.
  public var typeName: String {
    switch self {
    case .string: "a string"
    case .int: "an integer"
    case .double: "a number"
    case .bool: "a boolean"
    case .array: "an array"
    case .table: "a table"
    }
  }
}

/// One `[widgets.NAME]` table: its name, kind and the kind's own options.
public struct WidgetConfig: Sendable, Equatable {
  /// The widget name, checked where the config was read; it names the widget's files.
  public var name: WidgetName
  /// The provider kind.
  public var kind: String
  /// Every key of the table except `kind`.
  public var options: [String: ConfigValue]
  /// The config file it came from, for messages ("<embedded default>" when none).
  public var file: String
  /// Where the table and its keys are written in `file`; never part of equality.
  public var places: ConfigPlaces

  /// Creates a widget config.
  public init(
    name: WidgetName, kind: String, options: [String: ConfigValue] = [:], file: String = "<embedded default>",
    places: ConfigPlaces = ConfigPlaces()
  ) {
    self.name = name
    self.kind = kind
    self.options = options
    self.file = file
    self.places = places
  }
}
