import TimelineCore

/// A TOML value. Tables keep their keys in document order.
public enum TOMLValue: Sendable, Equatable {
  case string(String)
  case integer(Int64)
  case float(Double)
  case boolean(Bool)
  /// An offset date-time, local date-time, local date or local time.
  case dateTime(TOMLDateTime)
  case array([TOMLNode])
  case table(TOMLTable)

  /// The type's name with its article ("an integer"), for messages.
  var typeName: String {
    switch self {
    case .string: "a string"
    case .integer: "an integer"
    case .float: "a float"
    case .boolean: "a boolean"
    case .dateTime(let value): value.typeName
    case .array: "an array"
    case .table: "a table"
    }
  }
}

/// A value and where it starts (for a table made by a header, the header's `[`).
public struct TOMLNode: Sendable, Equatable {
  /// The value.
  public var value: TOMLValue
  /// Where it starts.
  public var position: TextPosition

  init(_ value: TOMLValue, at position: TextPosition) {
    self.value = value
    self.position = position
  }
}

/// One key of a table: its unquoted name, where that name first appears (the segment
/// naming this entry, in a dotted key or header), and its value.
public struct TOMLEntry: Sendable, Equatable {
  /// The name, unquoted.
  public var key: String
  /// Where the name first appears.
  public var keyPosition: TextPosition
  /// The value and where it starts.
  public var node: TOMLNode
}

/// A table: its entries in the order they first appear in the document.
public struct TOMLTable: Sendable, Equatable {
  /// In document order.
  public var entries: [TOMLEntry] = []

  /// The keys, in document order.
  var keys: [String] { entries.map(\.key) }

  func entry(_ key: String) -> TOMLEntry? { entries.first { $0.key == key } }

  /// The value of `key`, if any.
  public subscript(key: String) -> TOMLNode? { entry(key)?.node }
}

/// A TOML date-time in one of its four forms: with a date, a time or both, and an offset
/// (minutes east of UTC, "Z" being 0) only when both are present.
public struct TOMLDateTime: Sendable, Equatable {
  var date: Date?
  var time: Time?
  /// Nil for local date-times, dates and times.
  var offsetMinutes: Int?

  /// A calendar day, year 1 to 9999.
  struct Date: Sendable, Equatable {
    /// 1 to 9999.
    var year: Int
    /// 1 to 12.
    var month: Int
    /// 1 to the month's last day.
    var day: Int
  }

  /// A time of day; fractions past nanoseconds are dropped.
  struct Time: Sendable, Equatable {
    /// 0 to 23.
    var hour: Int
    /// 0 to 59.
    var minute: Int
    /// 0 to 59.
    var second: Int
    /// 0 to 999 999 999.
    var nanosecond: Int
  }

  /// "an offset date-time", "a local date-time", "a local date" or "a local time".
  var typeName: String {
    switch (date != nil, time != nil, offsetMinutes != nil) {
    case (true, true, true): "an offset date-time"
    case (true, true, false): "a local date-time"
    case (true, false, _): "a local date"
    default: "a local time"
    }
  }
}
