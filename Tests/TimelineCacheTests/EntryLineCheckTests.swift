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
    let lines = HostileLines.cacheLines()
    #expect(lines.count > 10)
    for line in lines {
      for byte in HostileLines.entryLineBytes { Self.expectSame(line + [byte], "a byte more") }
    }
    HostileLines.cutAndChanged(seed: 0x9E37_79B9_7F4A_7C15, replacements: HostileLines.entryLineBytes, changes: 800) {
      Self.expectSame($0, $1)
    }
  }

  /// A string's stop (its quote, an escape, a bad escape, a control, a letter) at every
  /// offset of the sixteen-byte blocks its plain bytes are checked in, and the line cut at
  /// every byte after the string starts.
  @Test func aStringsStopAtEveryOffsetAgrees() {
    let stops = ["\"", #"\""#, #"\\"#, #"\u00e6"#, #"\x"#, "\u{1}", "\t", "ø", #"\u12"#, "\u{7F}"]
    for offset in 0..<40 {
      for stop in stops {
        let text = #"{"date":5,"tooltip":[""# + String(repeating: "a", count: offset) + stop + #"b"],"x":1}"#
        let bytes = Array(text.utf8)
        for cut in 21...bytes.count { Self.expectSame(Array(bytes.prefix(cut)), "\(offset) \(stop) \(cut)") }
      }
    }
  }

  @Test(arguments: HostileLines.handPicked)
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
