import Foundation
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

/// Version 2 of the cache file (docs/cache-format.md): small entry lines, the `extra`
/// section shared by equal records, the line forms, version 1 files still read, and one
/// JSON escaper.
@Suite struct CacheFormatV2Tests {
  static let detail: [[TextRun]] = [[TextRun("ਸਤਿ ਨਾਮੁ", color: "#ff6f4d")], [TextRun("sat naam")]]

  static func entry(_ date: Int64, key: String = "shabad:1") -> Entry {
    Entry(
      date: date, runs: [TextRun("ਪ੍ਰਭ ", color: nil), TextRun("ਕ੍ਰਿਪਾ", color: "#ff6f4d")], short: "ਪ੍ਰਭ …",
      tooltip: ["ਪ੍ਰਭ ਕ੍ਰਿਪਾ", "prabh kirpaa"], alt: "shabad", classes: ["shabad"],
      url: "https://example.org/s?id=1", key: key, detail: detail,
      ascii: [TextRun("pRB "), TextRun("%{ikRpw}", color: "#ff6f4d")],
      transliteration: LineText("prabh kirpā <&>", short: "prabh …"),
      translation: LineText("By God's grace \"quoted\"", short: "By God's …"))
  }

  static func timeline(_ entries: [Entry]) -> Timeline {
    Timeline(
      widget: "w", kind: "random-shabad", entries: entries, end: 99_999, policy: .after(5000),
      placeholder: Entry(date: 0, runs: [TextRun("ੴ")], alt: "placeholder"), generated: 900, lastSuccess: 900,
      grace: 1800, configHash: "abc", line: .transliteration, polybarFont: 3)
  }

  @Test func lineFormsAndBarSettingsRoundTrip() throws {
    let dir = try TempDir()
    let store = CacheStore(directory: dir.path)
    let timeline = Self.timeline([Self.entry(1000), Self.entry(2000, key: "shabad:2")])
    try store.write(timeline)
    let path = store.path(for: try .named("w"))
    #expect(try CacheReader.timeline(path: path) == timeline)
    let view = CacheReader.view(path: path, at: 1500)
    #expect(view.meta?.line == .transliteration)
    #expect(view.meta?.polybarFont == 3)
    #expect(view.current?.ascii == Self.entry(0).ascii)
    #expect(view.current?.transliteration == LineText("prabh kirpā <&>", short: "prabh …"))
    #expect(view.current?.translation?.text == "By God's grace \"quoted\"")
  }

  @Test func entryLinesHoldOnlyWhatBarsPrintAndEqualRecordsAreStoredOnce() throws {
    let dir = try TempDir()
    let store = CacheStore(directory: dir.path)
    // Three entries of one shabad (same key, link and detail), one of another.
    let entries = [Self.entry(1000), Self.entry(2000), Self.entry(3000), Self.entry(4000, key: "shabad:2")]
    try store.write(Self.timeline(entries))
    let text = try String(contentsOfFile: store.path(for: try .named("w")), encoding: .utf8)
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines[0].hasPrefix("{\"version\":2,\"meta\":{"))
    let entryLines = lines[1...4]
    for line in entryLines {
      #expect(line.hasPrefix("{\"date\":"))
      #expect(!line.contains("detail") && !line.contains("\"url\"") && !line.contains("sat naam"))
    }
    #expect(lines[5] == "],\"extra\":[")
    #expect(lines.count == 9, "two extra records and the closing line: \(lines.count)")
    #expect(lines[6].contains("shabad:1") && lines[7].contains("shabad:2"))
    #expect(lines[8] == "]}")
    // Every entry of the shared record still gets the whole detail back.
    let read = try CacheReader.timeline(path: store.path(for: try .named("w")))
    #expect(read.entries.map(\.detail) == Array(repeating: Self.detail, count: 4))
    #expect(read.entries.map(\.key) == ["shabad:1", "shabad:1", "shabad:1", "shabad:2"])
  }

  @Test func aVersion1FileIsStillRead() throws {
    let dir = try TempDir()
    let v1 = """
      {"version":1,"meta":{"widget":"w","kind":"hukamnama","generated":5,"lastSuccess":5,"lastError":null,\
      "failures":0,"retryAt":null,"due":9000,"grace":3600,"end":9000,"policy":"atEnd","configHash":"h",\
      "count":2,"placeholder":{"date":0,"alt":"placeholder","runs":[{"t":"ੴ"}]}},"entries":[
      {"date":1000,"alt":"hukamnama","runs":[{"t":"ਸਤਿ","c":"#ff6f4d"}],"short":"s1","tooltip":["t1"],\
      "url":"https://example.org/1","key":"k1","detail":[[{"t":"d1"}]]},
      {"date":2000,"alt":"hukamnama","runs":[{"t":"two"}],"key":"k2","detail":[[{"t":"d2"}]]}
      ]}

      """
    try dir.write("w.json", v1)
    let path = dir.file("w.json")
    let view = CacheReader.view(path: path, at: 1500)
    #expect(view.error == nil)
    #expect(view.meta?.kind == "hukamnama" && view.meta?.line == nil)
    #expect(view.current?.runs == [TextRun("ਸਤਿ", color: "#ff6f4d")])
    #expect(view.current?.detail == [], "bars never decode the detail")
    #expect(view.nextDate == 2000)
    let full = CacheReader.view(path: path, at: 2500, full: true)
    #expect(full.current?.detail == [[TextRun("d2")]] && full.current?.key == "k2")
    let timeline = try CacheReader.timeline(path: path)
    #expect(timeline.entries.map(\.url) == ["https://example.org/1", nil])
    #expect(timeline.entries[0].detail == [[TextRun("d1")]])
  }

  @Test func damagedVersion2FilesShowThePlaceholder() throws {
    let dir = try TempDir()
    let store = CacheStore(directory: dir.path)
    try store.write(Self.timeline((0..<8).map { Self.entry(1000 + Int64($0) * 100) }))
    let path = store.path(for: try .named("w"))
    let good = try String(contentsOfFile: path, encoding: .utf8)
    let cases: [(String, String)] = [
      ("date not first", good.replacingOccurrences(of: "{\"date\":1400,", with: "{\"alt\":\"x\",\"date\":1400,")),
      ("date with a leading zero", good.replacingOccurrences(of: "{\"date\":1400,", with: "{\"date\":01400,")),
      ("shown line broken", good.replacingOccurrences(of: "{\"date\":1500,\"alt\"", with: "{\"date\":1500,\"alt")),
      ("dates disagree", good.replacingOccurrences(of: "{\"date\":1500,", with: "{\"date\":1500,\"date\":7,")),
      (
        "entry lines longer than the meta says",
        good.replacingOccurrences(of: "\"alt\":\"shabad\"", with: "\"alt\":\"shabadx\"")
      ),
      ("extra section cut", String(good.dropLast(30))),
    ]
    for (name, text) in cases {
      #expect(text != good, "\(name): the case changed nothing")
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
      let view = CacheReader.view(path: path, at: 1550)
      #expect(view.error != nil, "\(name)")
      #expect(view.current == nil, "\(name)")
      #expect(view.meta?.kind == "random-shabad", "\(name): the meta line still names the kind")
    }
  }

  @Test func oneEscaperForTheCacheAndTheBars() throws {
    let hostile = "a\u{2028}b\u{2029}c\"\\\n\u{1}\u{7F}&<>"
    var bars: [UInt8] = []
    JSONEscape.appendString(hostile, to: &bars)
    #expect(String(decoding: bars, as: UTF8.self) == #""a\u2028b\u2029c\"\\\n\u0001\u007f&<>""#)
    var pango: [UInt8] = []
    JSONEscape.append("&<>", pango: true, to: &pango)
    #expect(String(decoding: pango, as: UTF8.self) == "&amp;&lt;&gt;")
    // The cache writes the same bytes (a raw U+2028 would end a line for a line-splitting
    // reader) and reads the text back unchanged.
    let dir = try TempDir()
    let store = CacheStore(directory: dir.path)
    try store.write(Self.timeline([Entry(date: 1, runs: [TextRun(hostile)], alt: "a")]))
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: store.path(for: try .named("w")))))
    #expect(
      String(decoding: bytes, as: UTF8.self).contains(String(decoding: bars.dropFirst().dropLast(), as: UTF8.self)))
    #expect(!bytes.contains(0xE2), "no raw U+2028/U+2029 (E2 80 A8/A9) in the file")
    let path = store.path(for: try .named("w"))
    #expect(CacheReader.view(path: path, at: 5).current?.runs.first?.text == hostile)
  }
}
