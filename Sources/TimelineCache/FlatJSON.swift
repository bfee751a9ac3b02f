import TimelineCore

/// A strict JSON reader for one line of a version 2 cache file (the meta line, the entry
/// line a bar shows): the bars' hot path.
///
/// json-c builds a tree of heap objects, a hash table per object and a copy of every key
/// and string; for the one small line an emitter reads that was most of its work
/// (docs/performance.md). This reader checks the whole value against the JSON grammar in
/// one pass into a flat buffer of tokens (no allocation per value), and turns only the
/// strings and numbers that are asked for into Swift values. Anything that is not exactly
/// one JSON value (a cut line, a stray byte, a raw control character in a string, nesting
/// deeper than `maxDepth`) is refused, so a damaged line still means the placeholder.
/// json-c stays the reader of whole documents (`timeline show`, version 1 files, the
/// state file); `JSONReading` lets both feed the same decoders.
final class FlatJSON {
  struct Token {
    /// `{` `[` `"` `i` (integer) `d` (other number) `t` `f` `n`.
    var kind: UInt8
    /// Whether a string holds a backslash escape.
    var escaped: Bool
    /// The value's bytes (a string's without its quotes).
    var start: Int32
    var end: Int32
    /// The index of the token after this value's subtree.
    var next: Int32
    /// Members of an object, elements of an array.
    var count: Int32
  }

  static let maxDepth = 32

  let bytes: UnsafeRawBufferPointer
  private(set) var tokens: UnsafeMutablePointer<Token>
  private(set) var tokenCount = 0
  private var capacity: Int
  private var at = 0

  private init(_ bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
    capacity = 64
    tokens = .allocate(capacity: capacity)
  }

  deinit { tokens.deallocate() }

  /// Reads one JSON value at the start of `bytes` (which need not end after it); `used`
  /// is set to the bytes it took. Nil unless the bytes start with one valid value.
  static func parse(_ bytes: UnsafeRawBufferPointer, used: inout Int) -> FlatJSON? {
    guard bytes.count > 0, bytes.count < Int(Int32.max) else { return nil }
    let json = FlatJSON(bytes)
    guard json.value(depth: 0) else { return nil }
    used = json.at
    return json
  }

  var root: FlatNode { FlatNode(json: self, index: 0) }

  private func byte(_ index: Int) -> UInt8 { bytes[index] }

  private func skipSpace() {
    while at < bytes.count {
      switch bytes[at] {
      case 0x20, 0x09, 0x0A, 0x0D: at += 1
      default: return
      }
    }
  }

  private func push(_ kind: UInt8, start: Int) -> Int {
    if tokenCount == capacity {
      guard capacity < JSONDocument.maxValues else { return -1 }
      let grown = UnsafeMutablePointer<Token>.allocate(capacity: capacity * 2)
      grown.moveInitialize(from: tokens, count: tokenCount)
      tokens.deallocate()
      tokens = grown
      capacity *= 2
    }
    tokens[tokenCount] = Token(kind: kind, escaped: false, start: Int32(start), end: Int32(start), next: 0, count: 0)
    tokenCount += 1
    return tokenCount - 1
  }

  private func close(_ index: Int) {
    tokens[index].end = Int32(at)
    tokens[index].next = Int32(tokenCount)
  }

  private func value(depth: Int) -> Bool {
    skipSpace()
    guard at < bytes.count else { return false }
    switch bytes[at] {
    case UInt8(ascii: "{"): return container(object: true, depth: depth)
    case UInt8(ascii: "["): return container(object: false, depth: depth)
    case UInt8(ascii: "\""): return string()
    case UInt8(ascii: "t"): return literal("true", kind: UInt8(ascii: "t"))
    case UInt8(ascii: "f"): return literal("false", kind: UInt8(ascii: "f"))
    case UInt8(ascii: "n"): return literal("null", kind: UInt8(ascii: "n"))
    default: return number()
    }
  }

  private func container(object: Bool, depth: Int) -> Bool {
    guard depth < Self.maxDepth else { return false }
    let index = push(object ? UInt8(ascii: "{") : UInt8(ascii: "["), start: at)
    guard index >= 0 else { return false }
    at += 1
    let closing = object ? UInt8(ascii: "}") : UInt8(ascii: "]")
    skipSpace()
    if at < bytes.count && bytes[at] == closing {
      at += 1
      close(index)
      return true
    }
    var count: Int32 = 0
    while true {
      if object {
        skipSpace()
        guard at < bytes.count, bytes[at] == UInt8(ascii: "\""), string() else { return false }
        skipSpace()
        guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { return false }
        at += 1
      }
      guard value(depth: depth + 1) else { return false }
      count += 1
      skipSpace()
      guard at < bytes.count else { return false }
      if bytes[at] == UInt8(ascii: ",") {
        at += 1
        continue
      }
      guard bytes[at] == closing else { return false }
      at += 1
      tokens[index].count = count
      close(index)
      return true
    }
  }

  private func string() -> Bool {
    let index = push(UInt8(ascii: "\""), start: at + 1)
    guard index >= 0 else { return false }
    at += 1
    while at < bytes.count {
      // The plain run of a string in a local loop: `at` is a class property, and every
      // access to one is an exclusivity check.
      var scan = at
      let count = bytes.count
      let raw = bytes
      if let base = raw.baseAddress {
        while scan + 8 <= count {
          let word = ByteScan.word(base, at: scan)
          if ByteScan.hasByte(word, equalTo: UInt8(ascii: "\"")) || ByteScan.hasByte(word, equalTo: UInt8(ascii: "\\"))
            || ByteScan.hasByte(word, below: 0x20)
          {
            break
          }
          scan += 8
        }
      }
      while scan < count {
        let byte = raw[scan]
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
        scan += 1
      }
      at = scan
      guard at < count else { return false }
      let byte = bytes[at]
      if byte == UInt8(ascii: "\"") {
        tokens[index].end = Int32(at)
        tokens[index].next = Int32(tokenCount)
        at += 1
        return true
      }
      if byte < 0x20 { return false }
      if byte == UInt8(ascii: "\\") {
        tokens[index].escaped = true
        guard at + 1 < bytes.count else { return false }
        switch bytes[at + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
          UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
          at += 2
        case UInt8(ascii: "u"):
          guard at + 5 < bytes.count, (2...5).allSatisfy({ Self.hexValue(bytes[at + $0]) != nil }) else { return false }
          at += 6
        default: return false
        }
        continue
      }
    }
    return false
  }

  private func literal(_ word: StaticString, kind: UInt8) -> Bool {
    let length = word.utf8CodeUnitCount
    guard at + length <= bytes.count else { return false }
    for offset in 0..<length where bytes[at + offset] != word.utf8Start[offset] { return false }
    let index = push(kind, start: at)
    guard index >= 0 else { return false }
    at += length
    close(index)
    return true
  }

  private func digits() -> Int {
    let from = at
    while at < bytes.count, (48...57).contains(bytes[at]) { at += 1 }
    return at - from
  }

  /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
  private func number() -> Bool {
    let start = at
    if bytes[at] == UInt8(ascii: "-") { at += 1 }
    guard at < bytes.count else { return false }
    if bytes[at] == 48 {
      at += 1
    } else {
      guard digits() > 0 else { return false }
    }
    var integer = true
    if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
      at += 1
      integer = false
      guard digits() > 0 else { return false }
    }
    if at < bytes.count, bytes[at] | 0x20 == UInt8(ascii: "e") {
      at += 1
      integer = false
      if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
      guard digits() > 0 else { return false }
    }
    let index = push(integer ? UInt8(ascii: "i") : UInt8(ascii: "d"), start: start)
    guard index >= 0 else { return false }
    close(index)
    return true
  }

  static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case 48...57: UInt32(byte - 48)
    case 65...70: UInt32(byte - 55)
    case 97...102: UInt32(byte - 87)
    default: nil
    }
  }
}
