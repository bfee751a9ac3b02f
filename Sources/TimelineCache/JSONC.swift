import CJSONC
import Glibc

// Every raw json-c call in the package lives in this file: the rest of the code sees
// `JSONDocument` and `JSONNode`, never a C pointer.

/// A parsed json-c value tree. It owns the root; nodes borrowed from it stay valid while
/// it is alive, which is why every node keeps a reference to its document.
final class JSONDocument {
  fileprivate let root: OpaquePointer

  private init(root: OpaquePointer) { self.root = root }
  deinit { json_object_put(root) }

  /// Parses one JSON value from `bytes`, which need not end after it: the document and how
  /// many bytes it used, or nil.
  static func parse(_ bytes: UnsafeRawBufferPointer) -> (JSONDocument, Int)? {
    guard let parser = JSONParser() else { return nil }
    var used = 0
    guard let document = parser.parse(bytes, used: &used) else { return nil }
    return (document, used)
  }

  fileprivate static func adopt(_ root: OpaquePointer) -> JSONDocument { JSONDocument(root: root) }

  var node: JSONNode { JSONNode(raw: root, document: self) }

  /// The deepest nesting of arrays and objects a cache's JSON may have, for both readers.
  static let maxDepth = 32

  /// The most values one parse may create: json-c allocates an object per value, so a
  /// file's size alone does not bound the memory a parse takes. A real cache stays far below.
  static let maxValues = 1_000_000

  /// Whether `bytes` open at most `maxValues` arrays, objects and members (counted as
  /// `[`, `{` and `,` outside strings): a linear scan that stops at the budget.
  static func fitsValueBudget(_ bytes: UnsafeRawBufferPointer) -> Bool {
    // A slice no longer than the budget fits without a scan.
    if bytes.count <= maxValues { return true }
    var count = 0
    var inString = false
    var escaped = false
    for byte in bytes {
      if inString {
        if escaped {
          escaped = false
        } else if byte == 0x5C {
          escaped = true
        } else if byte == 0x22 {
          inString = false
        }
      } else if byte == 0x22 {
        inString = true
      } else if byte == 0x2C || byte == 0x5B || byte == 0x7B {
        count += 1
        if count > maxValues { return false }
      }
    }
    return true
  }
}

/// One json-c tokener, reset and reused for every value parsed through it; not shared
/// between threads.
final class JSONParser {
  /// Made at the first parse: a reader of a version 2 file never uses json-c, and its code
  /// pages then never count in the emitter's memory.
  private var tokener: UnsafeMutablePointer<json_tokener>?
  init?() {}

  deinit {
    if let tokener { json_tokener_free(tokener) }
  }

  /// Parses one JSON value from `bytes`, which need not end after it; `used` is set to the
  /// bytes it took. Nil if they do not start with one complete value within the budget.
  func parse(_ bytes: UnsafeRawBufferPointer, used: inout Int) -> JSONDocument? {
    guard let base = bytes.baseAddress, bytes.count > 0, bytes.count < Int(Int32.max),
      JSONDocument.fitsValueBudget(bytes)
    else { return nil }
    if tokener == nil { tokener = json_tokener_new_ex(Int32(JSONDocument.maxDepth)) }
    guard let tokener else { return nil }
    json_tokener_reset(tokener)
    let raw = json_tokener_parse_ex(tokener, base.assumingMemoryBound(to: CChar.self), Int32(bytes.count))
    guard let raw else { return nil }
    guard json_tokener_get_error(tokener) == json_tokener_success else {
      json_object_put(raw)
      return nil
    }
    used = Int(json_tokener_get_parse_end(tokener))
    return JSONDocument.adopt(raw)
  }
}

/// A borrowed json-c value; its members' contracts are `JSONReading`'s.
struct JSONNode {
  fileprivate let raw: OpaquePointer
  fileprivate let document: JSONDocument

  /// The member `name` of an object, or nil. Names are literals, passed to json-c as they
  /// are (a `String` would be copied into a new C string on every lookup).
  subscript(name: StaticString) -> JSONNode? {
    var child: OpaquePointer?
    guard json_object_is_type(raw, json_type_object) != 0,
      json_object_object_get_ex(raw, UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self), &child) != 0,
      let child, json_object_is_type(child, json_type_null) == 0
    else { return nil }
    return JSONNode(raw: child, document: document)
  }

  var count: Int? {
    guard json_object_is_type(raw, json_type_array) != 0 else { return nil }
    return json_object_array_length(raw)
  }

  func forEachMember(_ body: (UnsafeRawBufferPointer, JSONNode?) -> Void) {
    guard json_object_is_type(raw, json_type_object) != 0 else { return }
    var member = json_object_iter_begin(raw)
    var end = json_object_iter_end(raw)
    while json_object_iter_equal(&member, &end) == 0 {
      if let name = json_object_iter_peek_name(&member) {
        let value = json_object_iter_peek_value(&member).flatMap {
          json_object_is_type($0, json_type_null) != 0 ? nil : JSONNode(raw: $0, document: document)
        }
        body(UnsafeRawBufferPointer(start: name, count: strlen(name)), value)
      }
      json_object_iter_next(&member)
    }
  }

  /// Element `index` of an array (`0..<count`), or nil.
  func element(_ index: Int) -> JSONNode? {
    guard let item = json_object_array_get_idx(raw, index) else { return nil }
    return JSONNode(raw: item, document: document)
  }

  var string: String? {
    guard json_object_is_type(raw, json_type_string) != 0, let chars = json_object_get_string(raw)
    else { return nil }
    let count = Int(json_object_get_string_len(raw))
    return chars.withMemoryRebound(to: UInt8.self, capacity: count) {
      String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
    }
  }

  var isString: Bool { json_object_is_type(raw, json_type_string) != 0 }

  var int: Int64? {
    guard json_object_is_type(raw, json_type_int) != 0 else { return nil }
    return json_object_get_int64(raw)
  }

  var double: Double? {
    guard json_object_is_type(raw, json_type_double) != 0 || json_object_is_type(raw, json_type_int) != 0
    else { return nil }
    return json_object_get_double(raw)
  }

  var bool: Bool? {
    guard json_object_is_type(raw, json_type_boolean) != 0 else { return nil }
    return json_object_get_boolean(raw) != 0
  }
  /// The elements of an array (`json_object_array_get_idx`), or nil if not an array.
  var array: [JSONNode]? {
    guard json_object_is_type(raw, json_type_array) != 0 else { return nil }
    let count = json_object_array_length(raw)
    var out: [JSONNode] = []
    out.reserveCapacity(count)
    for index in 0..<count {
      if let item = json_object_array_get_idx(raw, index) { out.append(JSONNode(raw: item, document: document)) }
    }
    return out
  }
}
