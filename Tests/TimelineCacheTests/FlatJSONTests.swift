import Testing
import TimelineCore
import TimelineTestSupport

@testable import TimelineCache

/// The bars' line reader against the JSON grammar and against json-c, which reads the
/// same lines for `timeline show`.
@Suite struct FlatJSONTests {
  /// Parses `text` from a buffer that lives as long as the test process (the reader
  /// borrows its bytes).
  func flat(_ text: String) -> (FlatJSON, Int)? {
    let bytes = Array(text.utf8)
    let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: Swift.max(1, bytes.count), alignment: 1)
    copy.copyBytes(from: bytes)
    var used = 0
    guard let json = FlatJSON.parse(UnsafeRawBufferPointer(rebasing: copy[0..<bytes.count]), used: &used) else {
      return nil
    }
    return (json, used)
  }

  @Test(arguments: [
    #"{}"#, #"[]"#, #"{"a":1}"#, #" {"a" : [1, -2, 3.5e-3, true, false, null, "x"]} "#,
    #""\u00e9\ud83d\ude4f\n\"\\\/""#,
    #"-0"#, #"0.5"#, #"1E+2"#, #"{"a":{"b":{"c":[[]]}}}"#, #"{"date":1,"date":2}"#,
  ])
  func acceptsValidJSON(_ text: String) throws {
    #expect(flat(text) != nil, "\(text)")
  }

  @Test(arguments: [
    #"{"#, #"{"a":1"#, #"{"a":1,}"#, #"[1,]"#, #"{a:1}"#, #"'x'"#, #"1."#, #".5"#, #"-"#, #"1e"#, #"tru"#,
    #"nul"#, "\"raw\ncontrol\"", #""\x""#, #""\u12G4""#, #""open"#, #"{"a" 1}"#, #"[1 2]"#, "",
    TextArgument(String(repeating: "[", count: 40) + String(repeating: "]", count: 40)),
  ])
  func refusesAnythingElse(_ text: TextArgument) {
    #expect(flat(text.text) == nil, "\(text.text)")
  }

  @Test func aValueEndsWhereTheGrammarSays() throws {
    // Like json-c, one value is read and the rest left to the caller: `01` is 0 and a `1`.
    #expect(flat("01")?.1 == 1)
    #expect(flat(#"{"a":1},"#)?.1 == 7)
  }

  @Test func readsValuesAsJSONCDoes() throws {
    let text =
      #"{"s":"a\"b\\c\u0041\u00e9\ud83d\ude4f\ud800x","i":-9223372036854775808,"big":9223372036854775808,"d":0.25,"#
      + #""t":true,"n":null,"arr":["x",1,{"t":"y"}],"k\u0065y":"escaped key","date":1,"date":7}"#
    let (json, used) = try #require(flat(text))
    #expect(used == text.utf8.count)
    let root = json.root
    #expect(root["s"]?.string == "a\"b\\cAé🙏\u{FFFD}x")
    #expect(root["i"]?.int == Int64.min)
    #expect(root["big"]?.int == Int64.max, "out of range: the nearest 64-bit integer, as json-c clamps it")
    #expect(root["d"]?.double == 0.25 && root["d"]?.int == nil)
    #expect(root["t"]?.bool == true && root["n"] == nil && root["missing"] == nil)
    #expect(root["arr"]?.count == 3)
    var kinds: [String] = []
    // swift-format-ignore: ReplaceForEachWithForLoop
    root["arr"]?.forEach { kinds.append($0.string ?? ($0.int.map { "int \($0)" } ?? "other")) }
    #expect(kinds == ["x", "int 1", "other"])
    #expect(root["key"]?.string == "escaped key")
    #expect(root["date"]?.int == 7, "the last of a repeated key, as json-c")
  }

  /// The string scanner skips plain bytes a word at a time: a quote, a backslash escape or
  /// a raw control is found at every offset, after ASCII and after Gurmukhi.
  @Test func stringsEndAndEscapeAtEveryOffset() throws {
    for padding in ["a", "ਸ"] {
      for offset in 0..<18 {
        let before = String(repeating: padding, count: offset)
        let (plain, _) = try #require(flat("\"" + before + "\",\"next\""))
        #expect(plain.root.string == before)
        let (escaped, _) = try #require(flat("\"" + before + #"\"\\\n\u0041"# + " tail text\""))
        #expect(escaped.root.string == before + "\"\\\nA tail text")
        #expect(flat("\"" + before + "\u{1}" + " tail text\"") == nil, "raw control after \(offset)")
        #expect(flat("\"" + before + " open tail") == nil, "unclosed after \(offset)")
      }
    }
  }

  /// Every prefix and many byte changes of a real entry line: never a crash, and whatever
  /// the flat reader accepts, json-c accepts and decodes to the same entry.
  @Test func damagedLinesAgreeWithJSONC() throws {
    let entry = Entry(
      date: 1000, relevance: Relevance(50, changes: [(2000, 20)]),
      runs: [TextRun("ਸਤਿ \"q\" \\ \u{1}", color: "#ff8800", bold: true)], short: "s",
      tooltip: ["a\u{2028}b", "ਲਾਈਨ"], alt: "shabad", classes: ["c"], level: 3,
      ascii: [TextRun("siq %{")], transliteration: LineText("sat", short: "s"), translation: LineText("true <&>"))
    var writer = JSONWriter()
    CacheEncoder.entry(entry, extra: 4, into: &writer)
    let line = writer.bytes
    var cases: [[UInt8]] = (0...line.count).map { Array(line.prefix($0)) }
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<3000 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      var mutated = line
      let position = Int(seed >> 33) % mutated.count
      mutated[position] =
        [0x22, 0x5C, 0x7B, 0x7D, 0x5B, 0x5D, 0x2C, 0x3A, 0x30, 0x0A, 0xFF, 0x20][Int(seed >> 20) % 12]
      cases.append(mutated)
    }
    for bytes in cases {
      bytes.withUnsafeBytes { raw in
        var used = 0
        guard let json = FlatJSON.parse(raw, used: &used) else { return }
        var usedC = 0
        let document = JSONParser()?.parse(raw, used: &usedC)
        #expect(document != nil, "json-c refused what the flat reader took: \(String(decoding: bytes, as: UTF8.self))")
        guard let document else { return }
        #expect(used == usedC)
        #expect(EntryDecoder.entry(json.root, full: false) == EntryDecoder.entry(document.node, full: false))
      }
    }
  }
}
