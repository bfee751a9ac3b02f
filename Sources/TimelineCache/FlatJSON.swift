import TimelineCore

/// A strict JSON reader for one line of a version 2 cache file (the meta line, the entry
/// line a bar shows): the bars' hot path. json-c's tree of heap objects was most of an
/// emitter's work for one small line, so this reader checks the whole value against the
/// JSON grammar in one pass into a flat buffer of tokens, and turns only the values asked
/// for into Swift values. Anything that is not exactly one JSON value is refused, so a
/// damaged line still means the placeholder. `JSONReading` lets both readers feed the same
/// decoders.
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

  /// The cache's one nesting limit, json-c's too (`JSONDocument.maxDepth`).
  static let maxDepth = JSONDocument.maxDepth

  let bytes: UnsafeRawBufferPointer
  fileprivate(set) var tokens: UnsafeMutablePointer<Token>
  fileprivate(set) var tokenCount = 0
  fileprivate var capacity: Int

  private init(_ bytes: UnsafeRawBufferPointer, capacity: Int) {
    self.bytes = bytes
    self.capacity = capacity
    tokens = .allocate(capacity: capacity)
  }

  deinit { tokens.deallocate() }

  /// Reads one JSON value at the start of `bytes` (which need not end after it); `used`
  /// is set to the bytes it took. Nil unless the bytes start with one valid value.
  static func parse(_ bytes: UnsafeRawBufferPointer, used: inout Int) -> FlatJSON? {
    guard bytes.count > 0, bytes.count < Int(Int32.max), let base = bytes.baseAddress else { return nil }
    // A cache line holds about one value per eight bytes.
    let json = FlatJSON(bytes, capacity: Swift.min(Swift.max(64, bytes.count / 8), 4096))
    var reader = FlatReader(base: base.assumingMemoryBound(to: UInt8.self), count: bytes.count, json: json)
    let valid = reader.value()
    // The buffer may have moved while growing: the object frees the one it holds.
    json.tokens = reader.tokens
    json.tokenCount = reader.tokenCount
    json.capacity = reader.capacity
    guard valid else { return nil }
    used = reader.at
    return json
  }

  var root: FlatNode { FlatNode(json: self, index: 0) }

  static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case 48...57: UInt32(byte - 48)
    case 65...70: UInt32(byte - 55)
    case 97...102: UInt32(byte - 87)
    default: nil
    }
  }
}

/// `FlatJSON`'s one pass over the bytes, iterative: an open container's `next` holds the
/// container it is inside until it closes, so no stack is kept beside the tokens.
private struct FlatReader {
  typealias Token = FlatJSON.Token

  let base: UnsafePointer<UInt8>
  let count: Int
  var at = 0
  var tokens: UnsafeMutablePointer<Token>
  var tokenCount = 0
  var capacity: Int

  init(base: UnsafePointer<UInt8>, count: Int, json: FlatJSON) {
    self.base = base
    self.count = count
    tokens = json.tokens
    capacity = json.capacity
  }

  /// Reads one value from `at`; `at` ends just after it.
  mutating func value() -> Bool {
    // The innermost open container (-1: none), how many are open, and whether it is an object.
    var open = -1
    var depth = 0
    var inObject = false
    values: while true {
      // A value starts here.
      skipSpace()
      guard at < count else { return false }
      let byte = base[at]
      if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
        guard depth < FlatJSON.maxDepth else { return false }
        let index = push(byte, start: at)
        guard index >= 0 else { return false }
        tokens[index].next = Int32(open)
        open = index
        depth += 1
        inObject = byte == UInt8(ascii: "{")
        at += 1
        skipSpace()
        guard at < count else { return false }
        if base[at] != (inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
          if inObject && !key() { return false }
          continue
        }
        // Empty: it closes below.
      } else {
        guard scalar(byte) else { return false }
        if open < 0 { return true }
        switch after(open, inObject: inObject) {
        case .more: continue values
        case .invalid: return false
        case .closes: break
        }
      }
      // `at` is on the closing bracket of `open`: close it, and each container it ends.
      while true {
        at += 1
        let parent = Int(tokens[open].next)
        tokens[open].end = Int32(at)
        tokens[open].next = Int32(tokenCount)
        open = parent
        depth -= 1
        if open < 0 { return true }
        inObject = tokens[open].kind == UInt8(ascii: "{")
        switch after(open, inObject: inObject) {
        case .more: continue values
        case .invalid: return false
        case .closes: continue
        }
      }
    }
  }

  /// Counts the member just read in `open` and reads what follows it.
  @inline(__always)
  private mutating func after(_ open: Int, inObject: Bool) -> FlatScan.Next {
    tokens[open].count += 1
    skipSpace()
    guard at < count else { return .invalid }
    if base[at] == UInt8(ascii: ",") {
      at += 1
      return !inObject || key() ? .more : .invalid
    }
    return base[at] == (inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) ? .closes : .invalid
  }

  /// A string, number or literal starting with `byte` at `at`.
  private mutating func scalar(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "\""): string()
    case UInt8(ascii: "t"): literal("true", kind: UInt8(ascii: "t"))
    case UInt8(ascii: "f"): literal("false", kind: UInt8(ascii: "f"))
    case UInt8(ascii: "n"): literal("null", kind: UInt8(ascii: "n"))
    default: number()
    }
  }

  /// An object's key and its colon.
  private mutating func key() -> Bool {
    skipSpace()
    guard at < count, base[at] == UInt8(ascii: "\""), string() else { return false }
    skipSpace()
    guard at < count, base[at] == UInt8(ascii: ":") else { return false }
    at += 1
    return true
  }

  private mutating func skipSpace() {
    // Every JSON space is at most 0x20; a cache line has none between its values.
    guard at < count, base[at] <= 0x20 else { return }
    while at < count {
      let byte = base[at]
      guard byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D else { return }
      at += 1
    }
  }

  /// A new token of `kind` starting at `start`; -1 past `JSONDocument.maxValues` tokens.
  private mutating func push(_ kind: UInt8, start: Int) -> Int {
    push(Token(kind: kind, escaped: false, start: Int32(start), end: Int32(start), next: 0, count: 0))
  }

  /// `token` as the next token, or -1 past `JSONDocument.maxValues` tokens.
  @inline(__always)
  private mutating func push(_ token: Token) -> Int {
    if tokenCount == capacity {
      guard capacity < JSONDocument.maxValues else { return -1 }
      grow()
    }
    let index = tokenCount
    tokens[index] = token
    tokenCount = index + 1
    return index
  }

  /// A scalar token from `start` to `at`, written once it is read.
  @inline(__always)
  private mutating func scalarToken(_ kind: UInt8, escaped: Bool = false, start: Int, end: Int) -> Bool {
    push(
      Token(
        kind: kind, escaped: escaped, start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: end),
        next: Int32(truncatingIfNeeded: tokenCount + 1), count: 0)) >= 0
  }

  private mutating func grow() {
    let larger = Swift.min(capacity * 2, JSONDocument.maxValues)
    let grown = UnsafeMutablePointer<Token>.allocate(capacity: larger)
    grown.moveInitialize(from: tokens, count: tokenCount)
    tokens.deallocate()
    tokens = grown
    capacity = larger
  }

  private mutating func string() -> Bool {
    // In locals, and the token written once at the closing quote: the reader's fields
    // reloaded per word were a third of a string's cost.
    let base = self.base
    let count = self.count
    let start = at + 1
    var scan = start
    var escaped = false
    while true {
      // Plain bytes a word at a time; the lowest of a word's flags is always a true one.
      while scan + 8 <= count {
        let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: scan, as: UInt64.self)
        let stops = FlatScan.stops(word)
        if stops != 0 {
          scan += stops.trailingZeroBitCount >> 3
          break
        }
        scan += 8
      }
      while scan < count {
        let byte = base[scan]
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
        scan += 1
      }
      guard scan < count else { return false }
      let byte = base[scan]
      if byte == UInt8(ascii: "\"") {
        at = scan + 1
        return scalarToken(UInt8(ascii: "\""), escaped: escaped, start: start, end: scan)
      }
      guard byte == UInt8(ascii: "\\"), scan + 1 < count else { return false }
      escaped = true
      switch base[scan + 1] {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
        UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
        scan += 2
      case UInt8(ascii: "u"):
        guard scan + 5 < count, FlatJSON.hexValue(base[scan + 2]) != nil, FlatJSON.hexValue(base[scan + 3]) != nil,
          FlatJSON.hexValue(base[scan + 4]) != nil, FlatJSON.hexValue(base[scan + 5]) != nil
        else { return false }
        scan += 6
      default: return false
      }
    }
  }

  private mutating func literal(_ word: StaticString, kind: UInt8) -> Bool {
    let length = word.utf8CodeUnitCount
    guard at + length <= count else { return false }
    for offset in 0..<length where base[at + offset] != word.utf8Start[offset] { return false }
    at += length
    return scalarToken(kind, start: at - length, end: at)
  }

  private mutating func digits() -> Int {
    let from = at
    while at < count, base[at] &- 48 < 10 { at += 1 }
    return at - from
  }

  /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
  private mutating func number() -> Bool {
    let start = at
    if base[at] == UInt8(ascii: "-") { at += 1 }
    guard at < count else { return false }
    if base[at] == 48 {
      at += 1
    } else {
      guard digits() > 0 else { return false }
    }
    var integer = true
    if at < count, base[at] == UInt8(ascii: ".") {
      at += 1
      integer = false
      guard digits() > 0 else { return false }
    }
    if at < count, base[at] | 0x20 == UInt8(ascii: "e") {
      at += 1
      integer = false
      if at < count, base[at] == UInt8(ascii: "+") || base[at] == UInt8(ascii: "-") { at += 1 }
      guard digits() > 0 else { return false }
    }
    return scalarToken(integer ? UInt8(ascii: "i") : UInt8(ascii: "d"), start: start, end: at)
  }
}
