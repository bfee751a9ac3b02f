import Glibc

/// The keys a decoder reads from one object, numbered from 0 (`rawValue`) to `keyCount - 1`.
/// (Not `CaseIterable`: its `allCases` builds an array on every call.)
protocol FieldNames: RawRepresentable where RawValue == Int {
  /// How many keys there are.
  static var keyCount: Int { get }
  /// The key as it is spelled in the file.
  var name: StaticString { get }
}

/// The values of several keys of one `FlatJSON` object, found in one pass over its keys.
/// Asking the object for each key in turn (`FlatNode`'s subscript) walks all its keys per
/// question; for a meta line of some 17 keys read for 15 of them that walk was most of the
/// decode. The answers are the subscript's, key for key (`FlatFieldsTests`).
struct FlatFields<Field: FieldNames> {
  let json: FlatJSON
  /// Per field, the token index of its value; 0 (the root, never a member's value): absent.
  /// Room for `Field.keyCount` values, lent by `read` for as long as the fields are used.
  private let found: UnsafeMutablePointer<Int32>?

  /// Calls `body` with the fields of `node`, kept on the stack (no allocation).
  static func read<Result>(_ node: FlatNode, _ body: (FlatFields) -> Result) -> Result {
    withUnsafeTemporaryAllocation(of: Int32.self, capacity: Field.keyCount) { room in
      body(FlatFields(node, into: room.baseAddress))
    }
  }

  /// `room`: nil only for a set of no keys, which has nothing to find.
  private init(_ node: FlatNode, into room: UnsafeMutablePointer<Int32>?) {
    json = node.json
    found = room
    guard let found = room else { return }
    found.initialize(repeating: 0, count: Field.keyCount)
    let object = json.tokens[Int(node.index)]
    guard object.kind == UInt8(ascii: "{") else { return }
    var key = Int(node.index) + 1
    // The field after the last one found: where the writer's order puts the next key.
    var guess = 0
    for _ in 0..<object.count {
      let value = key + 1
      // As the subscript: of a repeated key the last value wins, and a `null` is absent.
      if let field = field(key, guess: guess) {
        found[field] = json.tokens[value].kind == UInt8(ascii: "n") ? 0 : Int32(value)
        guess = field + 1
      }
      key = Int(json.tokens[value].next)
    }
  }

  /// The value of `field`, as `node[field.name]` gives it.
  subscript(field: Field) -> FlatNode? {
    guard let index = found?[field.rawValue], index != 0 else { return nil }
    return FlatNode(json: json, index: index)
  }

  /// The field whose name the key string at token `key` is, if any. `guess` is tried
  /// first: with the fields numbered in the order the writer puts their keys, each key is
  /// found with one comparison (a key is one name at most, so the answer is the same in
  /// any order). Inlined, and the names compared byte by byte: the call per key and to
  /// memcmp were most of its cost.
  @inline(__always)
  private func field(_ key: Int, guess: Int) -> Int? {
    let token = json.tokens[key]
    guard !token.escaped else { return escapedField(key) }
    let length = Int(token.end - token.start)
    guard length > 0, let base = json.bytes.baseAddress else { return nil }
    let start = base + Int(token.start)
    if let name = Field(rawValue: guess)?.name, Self.same(start, length, name) { return guess }
    let first = start.load(as: UInt8.self)
    for index in 0..<Field.keyCount {
      guard let name = Field(rawValue: index)?.name, name.utf8CodeUnitCount == length, name.utf8Start.pointee == first
      else { continue }
      if Self.same(start, length, name) { return index }
    }
    return nil
  }

  /// Whether the `length` bytes at `start` spell `name`.
  @inline(__always)
  private static func same(_ start: UnsafeRawPointer, _ length: Int, _ name: StaticString) -> Bool {
    guard name.utf8CodeUnitCount == length else { return false }
    let text = name.utf8Start
    var at = 0
    while at < length {
      if start.load(fromByteOffset: at, as: UInt8.self) != text[at] { return false }
      at += 1
    }
    return true
  }

  /// A key written with escapes (`"k\u0065y"`) is compared once decoded, as the subscript does.
  private func escapedField(_ key: Int) -> Int? {
    guard let text = FlatNode.keyText(FlatNode(json: json, index: Int32(key)).string) else { return nil }
    return (0..<Field.keyCount).first { Field(rawValue: $0)?.name.description == text }
  }
}
