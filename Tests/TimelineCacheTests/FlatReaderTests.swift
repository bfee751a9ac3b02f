import Testing
import TimelineCore
import TimelineTestSupport

@testable import TimelineCache

/// The flat reader's one pass (iterative, its state in locals, a string's end found from a
/// word's flags) against a plain recursive reader of the same grammar that builds the same
/// tokens: the shape `FlatJSON` had before it was made faster. Both must accept the same
/// inputs, stop at the same byte and give identical tokens (kind, escape flag, bytes,
/// subtree end, member count), on real cache lines, every prefix of them, thousands of
/// byte changes, generated values and nesting at the depth limit.
@Suite struct FlatReaderTests {
  /// One token as both readers write it.
  struct Shape: Equatable, CustomStringConvertible {
    var kind: UInt8
    var escaped: Bool
    var start: Int32
    var end: Int32
    var next: Int32
    var count: Int32
    var description: String { "\(Character(Unicode.Scalar(kind))) \(escaped) \(start)..<\(end) \(next) \(count)" }
  }

  /// The grammar read recursively, one byte at a time.
  struct Reference {
    let bytes: [UInt8]
    var at = 0
    var tokens: [Shape] = []

    static func parse(_ bytes: [UInt8]) -> (shapes: [Shape], used: Int)? {
      guard !bytes.isEmpty else { return nil }
      var reader = Reference(bytes: bytes)
      guard reader.value(depth: 0) else { return nil }
      return (reader.tokens, reader.at)
    }

    mutating func skipSpace() {
      while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 }
    }

    mutating func push(_ kind: UInt8, start: Int) -> Int {
      tokens.append(Shape(kind: kind, escaped: false, start: Int32(start), end: Int32(start), next: 0, count: 0))
      return tokens.count - 1
    }

    mutating func close(_ index: Int) {
      tokens[index].end = Int32(at)
      tokens[index].next = Int32(tokens.count)
    }

    mutating func value(depth: Int) -> Bool {
      skipSpace()
      guard at < bytes.count else { return false }
      switch bytes[at] {
      case UInt8(ascii: "{"): return container(object: true, depth: depth)
      case UInt8(ascii: "["): return container(object: false, depth: depth)
      case UInt8(ascii: "\""): return string()
      case UInt8(ascii: "t"): return literal("true")
      case UInt8(ascii: "f"): return literal("false")
      case UInt8(ascii: "n"): return literal("null")
      default: return number()
      }
    }

    mutating func container(object: Bool, depth: Int) -> Bool {
      guard depth < FlatJSON.maxDepth else { return false }
      let index = push(object ? UInt8(ascii: "{") : UInt8(ascii: "["), start: at)
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

    mutating func string() -> Bool {
      let index = push(UInt8(ascii: "\""), start: at + 1)
      at += 1
      while at < bytes.count {
        let byte = bytes[at]
        if byte == UInt8(ascii: "\"") {
          close(index)
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
            guard at + 5 < bytes.count, (2...5).allSatisfy({ FlatJSON.hexValue(bytes[at + $0]) != nil }) else {
              return false
            }
            at += 6
          default: return false
          }
          continue
        }
        at += 1
      }
      return false
    }

    mutating func literal(_ word: String) -> Bool {
      let text = Array(word.utf8)
      guard at + text.count <= bytes.count, Array(bytes[at..<at + text.count]) == text else { return false }
      let index = push(text[0], start: at)
      at += text.count
      close(index)
      return true
    }

    mutating func digits() -> Int {
      let from = at
      while at < bytes.count, (48...57).contains(bytes[at]) { at += 1 }
      return at - from
    }

    mutating func number() -> Bool {
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
      close(index)
      return true
    }
  }

  /// The flat reader's result in the reference's terms. The bytes are copied to a buffer of
  /// exactly their length, so a read past the end would be caught by the sanitizer-free
  /// test as a wrong answer rather than hidden by spare capacity.
  static func flat(_ bytes: [UInt8]) -> (shapes: [Shape], used: Int)? {
    bytes.withUnsafeBytes { raw in
      var used = 0
      guard let json = FlatJSON.parse(raw, used: &used) else { return nil }
      let shapes = (0..<json.tokenCount).map { index in
        let token = json.tokens[index]
        return Shape(
          kind: token.kind, escaped: token.escaped, start: token.start, end: token.end, next: token.next,
          count: token.count)
      }
      return (shapes, used)
    }
  }

  static func expectSame(_ bytes: [UInt8], _ comment: @autoclosure () -> String = "") {
    let expected = Reference.parse(bytes)
    let got = flat(bytes)
    #expect(got?.used == expected?.used, "\(comment()) \(String(decoding: bytes, as: UTF8.self))")
    #expect(got?.shapes == expected?.shapes, "\(comment()) \(String(decoding: bytes, as: UTF8.self))")
  }

  @Test func realLinesEveryPrefixAndManyByteChangesReadTheSame() {
    HostileLines.cutAndChanged(seed: 0x2545_F491_4F6C_DD1D, replacements: HostileLines.jsonBytes, changes: 600) {
      Self.expectSame($0, $1)
    }
  }

  @Test(arguments: HostileLines.handPicked.map { TextArgument($0) })
  func handPickedInputsReadTheSame(_ text: TextArgument) {
    Self.expectSame(Array(text.text.utf8))
  }

  @Test func nestingAtTheLimitReadsTheSame() {
    for depth in [1, 2, 31, 32, 33, 40] {
      Self.expectSame(Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8))
      let objects = String(repeating: #"{"a":"#, count: depth) + "0" + String(repeating: "}", count: depth)
      Self.expectSame(Array(objects.utf8), "objects \(depth)")
      let mixed = String(repeating: #"[{"b":"#, count: depth / 2) + "[]" + String(repeating: "}]", count: depth / 2)
      Self.expectSame(Array(mixed.utf8), "mixed \(depth)")
    }
  }

  /// Random values with random spacing, strings of every length across word boundaries.
  @Test func generatedValuesReadTheSame() {
    var seed: UInt64 = 42
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(seed >> 33) % bound
    }
    func space() -> String { ["", "", "", " ", "\n", "\t ", "\r\n"][next(7)] }
    func string() -> String {
      let pieces = ["a", "ਸ", "\\\"", "\\\\", "\\n", "\\u0041", "\\ud83d\\ude4f", " ", "/", "\u{7F}", "~"]
      return "\"" + (0..<next(24)).map { _ in pieces[next(pieces.count)] }.joined() + "\""
    }
    func value(_ depth: Int) -> String {
      switch next(depth > 4 ? 5 : 7) {
      case 0: return string()
      case 1: return ["0", "-1", "12345678901", "3.25", "-0.5e10", "1E+2"][next(6)]
      case 2: return ["true", "false", "null"][next(3)]
      case 3, 4: return string()
      case 5:
        return "[" + (0..<next(5)).map { _ in space() + value(depth + 1) + space() }.joined(separator: ",") + "]"
      default:
        let members = (0..<next(5)).map { _ in space() + string() + space() + ":" + space() + value(depth + 1) }
        return "{" + members.joined(separator: ",") + space() + "}"
      }
    }
    for _ in 0..<3000 {
      let text = space() + value(0) + space()
      Self.expectSame(Array(text.utf8))
    }
  }
}
