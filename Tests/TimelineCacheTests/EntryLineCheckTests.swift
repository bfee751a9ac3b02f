import Testing
import TimelineCore

@testable import TimelineCache

/// The large family's check of an entry line (`EntryLineCheck`, no tokens) against the
/// rule it stands for: `FlatJSON.parse` of the line and its root's `date` and `x` read as
/// `FlatNode` reads them. Both must accept and refuse the same bytes, end at the same byte
/// and give the same two members, on real cache lines, every prefix of them, a byte more,
/// thousands of byte changes, bad escapes, nesting at the limit, bytes that are not UTF-8,
/// NUL, numbers at the edges of `Int64`, keys with escapes and the count of values.
@Suite struct EntryLineCheckTests {
  static func expectSame(_ bytes: [UInt8], _ comment: @autoclosure () -> String = "") {
    bytes.withUnsafeBytes { raw in
      var used = 0
      let json = FlatJSON.parse(raw, used: &used)
      let check = EntryLineCheck(raw)
      let text = "\(comment()) \(String(decoding: bytes.prefix(200), as: UTF8.self))"
      #expect((check == nil) == (json == nil), "\(text)")
      guard let json, let check else { return }
      #expect(check.used == used, "\(text)")
      if check.plainKeys {
        #expect(check.date == json.root["date"]?.int, "\(text)")
        #expect(check.extra == json.root["x"]?.int, "\(text)")
      } else {
        // Only a member name with an escape sends the line to the whole read.
        #expect(bytes.contains(UInt8(ascii: "\\")), "\(text)")
      }
    }
  }

  @Test func realLinesEveryPrefixAByteMoreAndManyByteChangesAgree() {
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(seed >> 33)
    }
    let replacements: [UInt8] = [
      0x22, 0x5C, 0x7B, 0x7D, 0x5B, 0x5D, 0x2C, 0x3A, 0x30, 0x39, 0x2D, 0x2E, 0x65, 0x45, 0x2B, 0x0A, 0x09, 0x20,
      0x00, 0x1F, 0x7F, 0x80, 0xC3, 0xFF, 0x75, 0x6E, 0x74, 0x66, 0x78, 0x64,
    ]
    let lines = FlatReaderTests.cacheLines()
    #expect(lines.count > 10)
    for line in lines {
      for length in 0...line.count { Self.expectSame(Array(line.prefix(length)), "prefix \(length)") }
      for byte in replacements { Self.expectSame(line + [byte], "a byte more") }
      for _ in 0..<800 {
        var mutated = line
        switch next() % 3 {
        case 0: mutated[next() % mutated.count] = replacements[next() % replacements.count]
        case 1: mutated.insert(replacements[next() % replacements.count], at: next() % (mutated.count + 1))
        default: mutated.remove(at: next() % mutated.count)
        }
        guard !mutated.isEmpty else { continue }
        Self.expectSame(mutated, "changed")
      }
    }
  }

  @Test(arguments: [
    // Members the check reads, and how `FlatNode` reads them.
    #"{"date":1795647600,"x":2}"#, #"{"date":1795647600,"x":2},"#, #"{"date":1,"date":2}"#, #"{"date":1,"date":null}"#,
    #"{"date":null,"x":null}"#, #"{"date":"1","x":"2"}"#, #"{"date":1.0,"x":2e0}"#, #"{"date":[1],"x":{"a":1}}"#,
    #"{"date":true,"x":false}"#, #"{"x":3,"date":4,"x":5}"#, #"{"a":{"date":1,"x":2},"date":3}"#,
    #"[{"date":1}]"#, #""date""#, "7", #"{"dat":1,"datex":2,"xx":3,"X":4}"#, #"{"d\u0061te":1,"date":2}"#,
    #"{"x\u0000":1,"x":2}"#, #"{"\u0078":7}"#,
    // Numbers at the edges.
    #"{"date":9223372036854775807}"#, #"{"date":-9223372036854775808}"#, #"{"date":9223372036854775808}"#,
    #"{"date":-9223372036854775809}"#, #"{"date":99999999999999999999999}"#, #"{"date":-0}"#, #"{"date":0}"#,
    #"{"date":00}"#, #"{"date":01}"#, #"{"date":-}"#, #"{"date":1.}"#, #"{"date":.5}"#, #"{"date":1e}"#,
    #"{"date":1E+5}"#, #"{"date":1e-5}"#, #"{"date":+1}"#, #"{"x":2147483647}"#, #"{"x":2147483646}"#, #"{"x":-1}"#,
    #"{"date":123456789012345678}"#, #"{"date":1234567890123456789}"#, #"{"date":-123456789012345678}"#,
    // Escapes and bytes inside strings.
    #"{"t":"\u00e9\ud83d\ude4f\n\"\\\/\b\f\r\t"}"#, #"{"t":"\u00e"}"#, #"{"t":"\u00eg"}"#, #"{"t":"\x"}"#,
    #"{"t":"\'"}"#, #"{"t":"abc\"#, #"{"t":"abcdefgh\""#, "{\"t\":\"a\u{0}b\"}", "{\"t\":\"\u{1F}\"}",
    "{\"t\":\"\u{7F}\u{80}\u{FF}\"}", "{\"t\":\"ਸਤਿ\"}", "{\"t\":\"tab\there\"}",
    // Literals, structure and space.
    #"{"a":tru}"#, #"{"a":true}"#, #"{"a":truex}"#, #"{"a":nul}"#, #"{"a":null }"#, #"{"a":1,}"#, #"[1,]"#, #"{,}"#,
    #"{"a" "b"}"#, #"{"a":1 "b":2}"#, #"{1:2}"#, #"{"a"}"#, #"{"a":}"#, #"{}"#, #"[]"#, #"{}}"#, #"[[]"#,
    " \t\n\r{ \"date\" : 5 , \"x\" : [ ] }\n,", "", " ", ",", "{",
  ])
  func handPickedLinesAgree(_ text: String) {
    Self.expectSame(Array(text.utf8))
  }

  @Test func bytesThatAreNotUTF8AndNULAgree() {
    let base = Array(#"{"date":5,"t":"ab","x":1}"#.utf8)
    let quote = base.lastIndex(of: UInt8(ascii: "b"))!
    for byte in [0x00, 0x01, 0x0A, 0x80, 0xBF, 0xC0, 0xC3, 0xE0, 0xED, 0xF4, 0xF8, 0xFF] as [UInt8] {
      var inside = base
      inside.insert(byte, at: quote)
      Self.expectSame(inside, "in a string \(byte)")
      var outside = base
      outside.insert(byte, at: 1)
      Self.expectSame(outside, "between values \(byte)")
    }
  }

  @Test func nestingAtTheLimitAgrees() {
    for depth in [1, 2, 31, 32, 33, 40] {
      Self.expectSame(Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8))
      let objects = String(repeating: #"{"x":"#, count: depth) + "0" + String(repeating: "}", count: depth)
      Self.expectSame(Array(objects.utf8), "objects \(depth)")
      let dated =
        #"{"date":1,"a":"# + String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1)
        + "}"
      Self.expectSame(Array(dated.utf8), "dated \(depth)")
    }
  }

  /// `FlatJSON` holds at most `JSONDocument.maxValues` tokens; the check counts as many.
  @Test func theCountOfValuesAgreesAtTheLimit() {
    for elements in [JSONDocument.maxValues - 1, JSONDocument.maxValues] {
      var bytes: [UInt8] = [UInt8(ascii: "[")]
      bytes.reserveCapacity(elements * 2 + 1)
      for _ in 0..<elements { bytes += [UInt8(ascii: "0"), UInt8(ascii: ",")] }
      bytes[bytes.count - 1] = UInt8(ascii: "]")
      let accepted = bytes.withUnsafeBytes { EntryLineCheck($0) != nil }
      #expect(accepted == (elements < JSONDocument.maxValues), "\(elements)")
      Self.expectSame(bytes, "\(elements) values")
    }
  }
}
