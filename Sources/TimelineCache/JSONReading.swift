import Glibc
import TimelineCore

/// What the cache decoders (`EntryDecoder`, `CacheMeta.decode`) need from a JSON value, so
/// one decoder serves both readers: json-c's tree (`JSONNode`) and the flat reader of the
/// bars' hot lines (`FlatNode`). Both read a value alike (docs/cache-format.md, "One answer").
protocol JSONReading {
  /// The member `name` of an object (the last one, if repeated), or nil.
  subscript(name: StaticString) -> Self? { get }
  /// The number of elements, if the value is an array.
  var count: Int? { get }
  /// Calls `body` with each element of an array, in order (nothing for other values).
  func forEach(_ body: (Self) -> Void)
  /// Calls `body` with each member of an object, in order: its key's bytes as the
  /// subscript compares them, and its value (nil for `null`).
  func forEachMember(_ body: (UnsafeRawBufferPointer, Self?) -> Void)
  /// The value as a string, only if it is a JSON string; invalid UTF-8 is repaired.
  var string: String? { get }
  /// Whether the value is a JSON string (what `string` reads, without decoding it).
  var isString: Bool { get }
  /// The value as an integer, only if it is a JSON integer.
  var int: Int64? { get }
  /// The value as a number, for integers and other numbers.
  var double: Double? { get }
  /// The value as a boolean, only if it is a JSON boolean.
  var bool: Bool? { get }
}

extension JSONNode: JSONReading {
  func forEach(_ body: (JSONNode) -> Void) {
    guard let count else { return }
    for index in 0..<count {
      if let item = element(index) { body(item) }
    }
  }
}

/// A value in a `FlatJSON` buffer.
struct FlatNode: JSONReading {
  let json: FlatJSON
  let index: Int32

  private var token: FlatJSON.Token { json.tokens[Int(index)] }

  subscript(name: StaticString) -> FlatNode? {
    let object = token
    guard object.kind == UInt8(ascii: "{") else { return nil }
    var found: FlatNode?
    var key = Int(index) + 1
    for _ in 0..<object.count {
      let value = key + 1
      if matches(key, name) {
        found = json.tokens[value].kind == UInt8(ascii: "n") ? nil : FlatNode(json: json, index: Int32(value))
      }
      key = Int(json.tokens[value].next)
    }
    return found
  }

  /// Whether the key string at token `key` is `name` (keys with escapes are decoded first).
  private func matches(_ key: Int, _ name: StaticString) -> Bool {
    let token = json.tokens[key]
    let length = Int(token.end - token.start)
    if token.escaped { return Self.keyText(FlatNode(json: json, index: Int32(key)).string) == name.description }
    guard length == name.utf8CodeUnitCount, let base = json.bytes.baseAddress else { return false }
    return memcmp(base + Int(token.start), name.utf8Start, length) == 0
  }

  /// An escaped key's text as json-c keeps it: up to its first U+0000.
  static func keyText(_ text: String?) -> String? {
    guard let text, let nul = text.utf8.firstIndex(of: 0) else { return text }
    return String(text[..<nul])
  }

  var count: Int? { token.kind == UInt8(ascii: "[") ? Int(token.count) : nil }

  func forEach(_ body: (FlatNode) -> Void) {
    let array = token
    guard array.kind == UInt8(ascii: "[") else { return }
    var item = Int(index) + 1
    for _ in 0..<array.count {
      body(FlatNode(json: json, index: Int32(item)))
      item = Int(json.tokens[item].next)
    }
  }

  func forEachMember(_ body: (UnsafeRawBufferPointer, FlatNode?) -> Void) {
    let object = token
    guard object.kind == UInt8(ascii: "{") else { return }
    var key = Int(index) + 1
    for _ in 0..<object.count {
      let value = key + 1
      let node = json.tokens[value].kind == UInt8(ascii: "n") ? nil : FlatNode(json: json, index: Int32(value))
      let token = json.tokens[key]
      if token.escaped {
        var text = Self.keyText(FlatNode(json: json, index: Int32(key)).string) ?? ""
        text.withUTF8 { body(UnsafeRawBufferPointer($0), node) }
      } else {
        body(UnsafeRawBufferPointer(rebasing: json.bytes[Int(token.start)..<Int(token.end)]), node)
      }
      key = Int(json.tokens[value].next)
    }
  }

  var isString: Bool { token.kind == UInt8(ascii: "\"") }

  var string: String? {
    let token = self.token
    guard token.kind == UInt8(ascii: "\"") else { return nil }
    let raw = UnsafeRawBufferPointer(rebasing: json.bytes[Int(token.start)..<Int(token.end)])
    guard token.escaped else { return String(decoding: raw, as: UTF8.self) }
    var out: [UInt8] = []
    out.reserveCapacity(raw.count)
    JSONText.unescape(raw, into: &out)
    return String(decoding: out, as: UTF8.self)
  }

  var int: Int64? {
    let token = self.token
    guard token.kind == UInt8(ascii: "i") else { return nil }
    return FlatScan.integer(json.bytes, Int(token.start), Int(token.end))
  }

  var double: Double? {
    let token = self.token
    if token.kind == UInt8(ascii: "i") { return int.map(Double.init) }
    guard token.kind == UInt8(ascii: "d") else { return nil }
    let raw = UnsafeRawBufferPointer(rebasing: json.bytes[Int(token.start)..<Int(token.end)])
    return Double(String(decoding: raw, as: UTF8.self))
  }

  var bool: Bool? {
    switch token.kind {
    case UInt8(ascii: "t"): true
    case UInt8(ascii: "f"): false
    default: nil
    }
  }
}
