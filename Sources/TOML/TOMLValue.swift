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

  /// A short name of the value's type, for messages.
  public var typeName: String {
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

  /// `value`, starting at `position`.
  public init(_ value: TOMLValue, at position: TextPosition) {
    self.value = value
    self.position = position
  }
}

/// One key of a table: its name, where the key is written, and its value.
public struct TOMLEntry: Sendable, Equatable {
  /// The key's name, unquoted.
  public var key: String
  /// Where the key (the segment naming this entry, in a dotted key or header) first appears.
  public var keyPosition: TextPosition
  /// The value and where it starts.
  public var node: TOMLNode

  /// Creates an entry.
  public init(key: String, keyPosition: TextPosition, node: TOMLNode) {
    self.key = key
    self.keyPosition = keyPosition
    self.node = node
  }
}

/// A table: its entries in the order they first appear in the document.
public struct TOMLTable: Sendable, Equatable {
  /// The entries, in document order.
  public var entries: [TOMLEntry]

  /// A table with `entries` (none by default).
  public init(entries: [TOMLEntry] = []) { self.entries = entries }

  /// The keys, in document order.
  public var keys: [String] { entries.map(\.key) }

  /// The entry named `key`, if any.
  public func entry(_ key: String) -> TOMLEntry? { entries.first { $0.key == key } }

  /// The value of `key`, if any.
  public subscript(key: String) -> TOMLNode? { entry(key)?.node }
}

/// A TOML date-time in one of its four forms: with a date, a time or both, and an offset
/// only when both are present.
public struct TOMLDateTime: Sendable, Equatable {
  /// The calendar date, when present.
  public var date: Date?
  /// The time of day, when present.
  public var time: Time?
  /// Minutes east of UTC ("Z" is 0); nil for local date-times, dates and times.
  public var offsetMinutes: Int?

  /// Creates a date-time; an offset only with both a date and a time.
  public init(date: Date?, time: Time?, offsetMinutes: Int?) {
    self.date = date
    self.time = time
    self.offsetMinutes = offsetMinutes
  }

  /// A calendar day.
  public struct Date: Sendable, Equatable {
    /// The year, 1 to 9999.
    public var year: Int
    /// 1 to 12.
    public var month: Int
    /// 1 to the month's last day.
    public var day: Int
  }

  /// A time of day; fractions past nanoseconds are dropped.
  public struct Time: Sendable, Equatable {
    /// 0 to 23.
    public var hour: Int
    /// 0 to 59.
    public var minute: Int
    /// 0 to 59.
    public var second: Int
    /// 0 to 999 999 999.
    public var nanosecond: Int
  }

  /// "an offset date-time", "a local date-time", "a local date" or "a local time".
  public var typeName: String {
    switch (date != nil, time != nil, offsetMinutes != nil) {
    case (true, true, true): "an offset date-time"
    case (true, true, false): "a local date-time"
    case (true, false, _): "a local date"
    default: "a local time"
    }
  }
}
