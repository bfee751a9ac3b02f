import TimelineCore

@testable import TimelineCache

/// The lines the cache's line reader is tried on (`FlatReaderTests`: the flat reader against
/// a recursive one).
enum HostileLines {
  /// Hand-picked lines: the members an entry line has, numbers at the edges of
  /// `Int64`, escapes and bytes inside strings, literals, structure and space.
  static let handPicked: [String] = [
    // Members the check reads, and how `FlatNode` reads them.
    #"{"date":1795647600,"x":2}"#, #"{"date":1795647600,"x":2},"#, #"{"date":1,"date":2}"#, #"{"date":1,"date":null}"#,
    #"{"date":null,"x":null}"#, #"{"date":"1","x":"2"}"#, #"{"date":1.0,"x":2e0}"#, #"{"date":[1],"x":{"a":1}}"#,
    #"{"date":true,"x":false}"#, #"{"x":3,"date":4,"x":5}"#, #"{"a":{"date":1,"x":2},"date":3}"#,
    #"[{"date":1}]"#, #""date""#, "7", #"{"dat":1,"datex":2,"xx":3,"X":4}"#, #"{"d\u0061te":1,"date":2}"#,
    #"{"x\u0000":1,"x":2}"#, #"{"\u0078":7}"#, #"{"k\u0065y":"v","key":null,"key":"w"}"#,
    // Numbers at the edges.
    #"{"date":9223372036854775807}"#, #"{"date":-9223372036854775808}"#, #"{"date":9223372036854775808}"#,
    #"{"date":-9223372036854775809}"#, #"{"date":99999999999999999999999}"#, #"{"date":-0}"#, #"{"date":0}"#,
    #"{"date":00}"#, #"{"date":01}"#, #"{"date":-}"#, #"{"date":1.}"#, #"{"date":.5}"#, #"{"date":1e}"#,
    #"{"date":1E+5}"#, #"{"date":1e-5}"#, #"{"date":+1}"#, #"{"x":2147483647}"#, #"{"x":2147483646}"#, #"{"x":-1}"#,
    #"{"date":123456789012345678}"#, #"{"date":1234567890123456789}"#, #"{"date":-123456789012345678}"#,
    #"-0"#, #"-"#, #"01"#, #"1e+"#, #"1E-7,"#, #"0.5}"#, #"{"a" : [ 1 , -2 , 3.5e-3 , true ] }"#,
    // Escapes and bytes inside strings.
    #"{"t":"\u00e9\ud83d\ude4f\n\"\\\/\b\f\r\t"}"#, #"{"t":"\u00e"}"#, #"{"t":"\u00eg"}"#, #"{"t":"\x"}"#,
    #"{"t":"\'"}"#, #"{"t":"abc\"#, #"{"t":"abcdefgh\""#, "{\"t\":\"a\u{0}b\"}", "{\"t\":\"\u{1F}\"}",
    "{\"t\":\"\u{7F}\u{80}\u{FF}\"}", "{\"t\":\"ਸਤਿ\"}", "{\"t\":\"tab\there\"}", "{\"a\":\"\u{7F}\u{80}ਸ\"}",
    #""\u00e9\ud83d\ude4f\n\"\\\/""#, #""\u00"#, #""\u00e""#, #""abc\"#, #""abcdefgh\""#, #""abcdefg\"x""#,
    "\"12345678\u{1}\"", "\"1234567\u{1F}\"", #""\\\\\\\\\\\\\\\\\\\\""#,
    // Literals, structure and space.
    #"{"a":tru}"#, #"{"a":true}"#, #"{"a":truex}"#, #"{"a":nul}"#, #"{"a":null }"#, #"{"a":1,}"#, #"[1,]"#, #"{,}"#,
    #"{"a" "b"}"#, #"{"a":1 "b":2}"#, #"{1:2}"#, #"{"a"}"#, #"{"a":}"#, #"{}"#, #"[]"#, #"{}}"#, #"[[]"#,
    #"tru"#, #"true"#, #"truex"#, #"nul"#, #"null "#, #"[,1]"#, #" { } "#, #"[ ]"#, #"{"a":{}}"#, #"[[],[[]],{}]"#,
    " \t\n\r{ \"date\" : 5 , \"x\" : [ ] }\n,", "\n\t\r {\"a\"\n:\t[\r]}\n,", "", " ", ",", "{",
  ]

  /// Bytes a random change puts in: JSON's structure, escapes, digits, space, NUL, a
  /// control, bytes that are not UTF-8 and the letters of literals.
  static let jsonBytes: [UInt8] = [
    0x22, 0x5C, 0x7B, 0x7D, 0x5B, 0x5D, 0x2C, 0x3A, 0x30, 0x2D, 0x2E, 0x65, 0x0A, 0x20, 0x00,
    0x1F, 0xFF, 0x75, 0x6E, 0x74,
  ]

  /// `jsonBytes` and more of what an entry line's `date` and `x` are read from: a number's
  /// every part, a tab, DEL, a lead byte, and the letters of `date` and `x`.
  static let entryLineBytes: [UInt8] = [
    0x22, 0x5C, 0x7B, 0x7D, 0x5B, 0x5D, 0x2C, 0x3A, 0x30, 0x39, 0x2D, 0x2E, 0x65, 0x45, 0x2B, 0x0A, 0x09, 0x20,
    0x00, 0x1F, 0x7F, 0x80, 0xC3, 0xFF, 0x75, 0x6E, 0x74, 0x66, 0x78, 0x64,
  ]

  /// The lines of a real cache file: its meta line, entry lines and extra records.
  static func cacheLines() -> [[UInt8]] {
    let base = CacheRoundTripTests.sample(entries: 12)
    var entries = base.entries
    entries[3].relevance = Relevance(50, changes: [(1400, 20), (1500, 5)])
    entries[5].tooltip = ["a\u{2028}b \u{0}", String(repeating: "ਸਤਿ ਨਾਮੁ ", count: 40)]
    let timeline = Timeline(
      widget: base.widget, kind: base.kind, entries: entries, end: base.end, policy: base.policy,
      placeholder: base.placeholder, generated: base.generated, lastSuccess: base.lastSuccess, grace: base.grace,
      configHash: base.configHash)
    let bytes = CacheEncoder.encode(timeline)
    return bytes.split(separator: 0x0A).map { Array($0) }
  }

  /// Each real cache line cut at every length, then `changes` times changed at random (a
  /// byte of `replacements` put in place of one, put in, or a byte taken out), from `seed`:
  /// `body` gets each with what was done to it.
  static func cutAndChanged(
    seed: UInt64, replacements: [UInt8], changes: Int, _ body: (_ line: [UInt8], _ what: String) -> Void
  ) {
    var seed = seed
    func next() -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(seed >> 33)
    }
    for line in cacheLines() {
      for length in 0...line.count { body(Array(line.prefix(length)), "prefix \(length)") }
      for _ in 0..<changes {
        var mutated = line
        switch next() % 3 {
        case 0: mutated[next() % mutated.count] = replacements[next() % replacements.count]
        case 1: mutated.insert(replacements[next() % replacements.count], at: next() % (mutated.count + 1))
        default: mutated.remove(at: next() % mutated.count)
        }
        guard !mutated.isEmpty else { continue }
        body(mutated, "changed")
      }
    }
  }
}
