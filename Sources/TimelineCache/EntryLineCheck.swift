import TimelineCore

/// The cache's validity rule for an entry line the large family shows, without reading it:
/// whether the bytes start with one JSON value exactly as `FlatJSON.parse` accepts it
/// (same grammar, same depth and value limits), and the two members of its object the
/// byte writer needs, `date` and `x`. Parsing the line into tokens only to apply the rule
/// cost a five-region forecast a tenth of its large form; this pass records no token.
/// Where a member of the object has an escaped name (`"d\u0061te"`), which only decoding
/// tells apart, `plainKeys` is false and the caller reads the line with `FlatJSON`.
struct EntryLineCheck {
  /// The bytes the value took (`FlatJSON.parse`'s `used`).
  private(set) var used = 0
  /// `date` and `x` as `FlatNode` reads them (`node["date"]?.int`): nil when absent,
  /// `null` or not an integer; an integer beyond `Int64` is its nearest.
  private(set) var date: Int64?
  private(set) var extra: Int64?
  /// Whether every member name of the object is written without escapes.
  private(set) var plainKeys = true

  /// Nil unless `bytes` start with one valid JSON value.
  init?(_ bytes: UnsafeRawBufferPointer) {
    guard bytes.count > 0, bytes.count < Int(Int32.max), let base = bytes.baseAddress else { return nil }
    var walk = Walk(base: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
    guard walk.value() else { return nil }
    used = walk.at
    plainKeys = walk.plainKeys
    if walk.date.end >= 0 { date = FlatScan.integer(bytes, walk.date.start, walk.date.end) }
    if walk.extra.end >= 0 { extra = FlatScan.integer(bytes, walk.extra.start, walk.extra.end) }
  }
}

/// `EntryLineCheck`'s pass: `FlatReader`'s walk with a count of values for its tokens and a
/// bit per open container (set for an object) for the chain of containers its tokens keep.
private struct Walk {
  let base: UnsafePointer<UInt8>
  let count: Int
  var at = 0
  /// Values and keys read, limited as `FlatJSON`'s tokens are.
  var values = 0
  var plainKeys = true
  /// The member of the root object whose value comes next: 1 `date`, 2 `x`, 0 another.
  var member = 0
  /// The last value of `date` and of `x`: its bytes when it is an integer, an `end` of -1
  /// for another value, -2 for none or `null` (which reads as absent, as in `FlatNode`).
  var date = (start: 0, end: -2)
  var extra = (start: 0, end: -2)

  init(base: UnsafePointer<UInt8>, count: Int) {
    self.base = base
    self.count = count
  }

  /// Reads one value from `at`; `at` ends just after it.
  mutating func value() -> Bool {
    var depth = 0
    // Bit n: whether the container n levels out from the innermost is an object.
    var objects: UInt64 = 0
    values: while true {
      at = FlatScan.space(base, at, count)
      guard at < count else { return false }
      let byte = base[at]
      let field = member
      member = 0
      if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
        guard depth < FlatJSON.maxDepth, counted() else { return false }
        if field != 0 { found(field, start: at, end: -1) }
        depth += 1
        let object = byte == UInt8(ascii: "{")
        objects = objects << 1 | (object ? 1 : 0)
        at = FlatScan.space(base, at + 1, count)
        guard at < count else { return false }
        if base[at] != (object ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
          if object && !key(depth) { return false }
          continue
        }
        // Empty: it closes below.
      } else {
        let start = at
        let kind = scalar(byte)
        guard kind != 0 else { return false }
        if field != 0 {
          found(field, start: start, end: kind == UInt8(ascii: "i") ? at : kind == UInt8(ascii: "n") ? -2 : -1)
        }
        if depth == 0 { return true }
        switch after(object: objects & 1 != 0, depth: depth) {
        case .more: continue values
        case .invalid: return false
        case .closes: break
        }
      }
      // `at` is on the closing bracket of the innermost container: close it, and each it ends.
      while true {
        at += 1
        depth -= 1
        objects >>= 1
        if depth == 0 { return true }
        switch after(object: objects & 1 != 0, depth: depth) {
        case .more: continue values
        case .invalid: return false
        case .closes: continue
        }
      }
    }
  }

  /// What follows a member of the innermost container, as `FlatReader.after` reads it.
  @inline(__always)
  private mutating func after(object: Bool, depth: Int) -> FlatScan.Next {
    at = FlatScan.space(base, at, count)
    guard at < count else { return .invalid }
    if base[at] == UInt8(ascii: ",") {
      at += 1
      return !object || key(depth) ? .more : .invalid
    }
    return base[at] == (object ? UInt8(ascii: "}") : UInt8(ascii: "]")) ? .closes : .invalid
  }

  /// One more value; false past `JSONDocument.maxValues`, where `FlatJSON` stops.
  @inline(__always)
  private mutating func counted() -> Bool {
    guard values < JSONDocument.maxValues else { return false }
    values += 1
    return true
  }

  private mutating func found(_ field: Int, start: Int, end: Int) {
    if field == 1 { date = (start, end) } else { extra = (start, end) }
  }

  /// A string, number or literal starting with `byte` at `at`: its kind as `FlatJSON.Token`
  /// names it, 0 for none.
  private mutating func scalar(_ byte: UInt8) -> UInt8 {
    guard counted() else { return 0 }
    var end: Int
    var kind = byte
    switch byte {
    case UInt8(ascii: "\""):
      var escaped = false
      // A tooltip's line or a run's text: its plain bytes sixteen at a time first.
      let plain = ByteScan.plainStringBlocks(UnsafeRawPointer(base), at + 1, count)
      end = FlatScan.stringEnd(base, plain, count, escaped: &escaped)
      if end >= 0 { end += 1 }
    case UInt8(ascii: "t"): end = FlatScan.literal(base, at, count, "true")
    case UInt8(ascii: "f"): end = FlatScan.literal(base, at, count, "false")
    case UInt8(ascii: "n"): end = FlatScan.literal(base, at, count, "null")
    default:
      var integer = true
      end = FlatScan.number(base, at, count, integer: &integer)
      kind = integer ? UInt8(ascii: "i") : UInt8(ascii: "d")
    }
    guard end >= 0 else { return 0 }
    at = end
    return kind
  }

  /// An object's key and its colon; in the root object (`depth` 1), which member it names.
  private mutating func key(_ depth: Int) -> Bool {
    at = FlatScan.space(base, at, count)
    guard at < count, base[at] == UInt8(ascii: "\""), counted() else { return false }
    var escaped = false
    let start = at + 1
    let end = FlatScan.stringEnd(base, start, count, escaped: &escaped)
    guard end >= 0 else { return false }
    if depth == 1 {
      if escaped { plainKeys = false }
      member = name(start, end)
    }
    at = FlatScan.space(base, end + 1, count)
    guard at < count, base[at] == UInt8(ascii: ":") else { return false }
    at += 1
    return true
  }

  /// 1 for `date`, 2 for `x`, 0 for another name (an escaped one included).
  private func name(_ start: Int, _ end: Int) -> Int {
    switch end - start {
    case 1: base[start] == UInt8(ascii: "x") ? 2 : 0
    case 4:
      base[start] == UInt8(ascii: "d") && base[start + 1] == UInt8(ascii: "a") && base[start + 2] == UInt8(ascii: "t")
        && base[start + 3] == UInt8(ascii: "e") ? 1 : 0
    default: 0
    }
  }
}
