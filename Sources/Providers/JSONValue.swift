import FoundationEssentials

/// Any JSON value, decoded strictly: `true` is never a number and `1` is never a boolean,
/// which JSONSerialization on Linux cannot promise (both arrive as NSNumber).
enum JSONValue: Decodable, Sendable, Equatable {
  case null
  case bool(Bool)
  case int(Int64)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  init(from decoder: any Decoder) throws {
    let c = try decoder.singleValueContainer()
    if c.decodeNil() {
      self = .null
    } else if let b = try? c.decode(Bool.self) {
      self = .bool(b)
    } else if let n = try? c.decode(Int64.self) {
      self = .int(n)
    } else if let d = try? c.decode(Double.self) {
      self = .double(d)
    } else if let s = try? c.decode(String.self) {
      self = .string(s)
    } else if let a = try? c.decode([JSONValue].self) {
      self = .array(a)
    } else {
      self = .object(try c.decode([String: JSONValue].self))
    }
  }

  /// Parses bytes; nil if they are not JSON.
  static func parse(_ bytes: [UInt8]) -> JSONValue? { decoded(bytes) }

  /// The member `key` of an object; nil for a missing key or another kind of value.
  subscript(key: String) -> JSONValue? {
    if case .object(let o) = self { return o[key] } else { return nil }
  }

  var string: String? { if case .string(let s) = self { s } else { nil } }
  var int: Int64? { if case .int(let n) = self { n } else { nil } }
  /// The number, integer or not, if this is one.
  var number: Double? {
    switch self {
    case .int(let n): Double(n)
    case .double(let d): d
    default: nil
    }
  }
  var bool: Bool? { if case .bool(let b) = self { b } else { nil } }
  var array: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
  var isNull: Bool { self == .null }
}

extension Decodable {
  /// JSON `bytes` decoded as this type, whose property names are the camel-case form of
  /// keys spelled as `keys` says; nil for anything else.
  static func decoded(_ bytes: some Sequence<UInt8>, keys: WireKeys = .camel) -> Self? {
    let decoder = JSONDecoder()
    switch keys {
    case .camel: break
    case .snake: decoder.keyDecodingStrategy = .convertFromSnakeCase
    case .pascal: decoder.keyDecodingStrategy = .custom { path in CamelKey(path.last?.stringValue ?? "") }
    }
    return try? decoder.decode(Self.self, from: Data(bytes))
  }
}

/// How a service spells its JSON keys: `regionName`, `region_name` or `RegionName`.
enum WireKeys {
  case camel, snake, pascal
}

/// A key with its first letter lower-cased.
private struct CamelKey: CodingKey {
  let stringValue: String
  var intValue: Int? { nil }

  init(_ key: String) { stringValue = key.prefix(1).lowercased() + key.dropFirst() }

  init?(stringValue: String) { self.init(stringValue) }

  init?(intValue: Int) { return nil }
}
