import Foundation
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

/// `CacheReader.large`, the read behind `--family large`: from the writer's line layout it
/// gives the shown entries with the link and detail the whole-document read gives them, and
/// hands every file it cannot answer from its lines to the whole-document read.
@Suite struct LargeReadTests {
  static let body: [[TextRun]] = [[TextRun("Ang 1", color: "#7aa2f7", bold: true)], [TextRun("ਸਤਿ ਨਾਮੁ")]]

  static func entry(_ date: Int64, key: String?, detail: [[TextRun]] = [], url: String? = nil) -> Entry {
    Entry(
      date: date, runs: [TextRun("line \(date)")], tooltip: ["tip \(date)"], alt: "shabad", url: url, key: key,
      detail: detail)
  }

  /// A shabad, shown again later with its key alone (an offline repeat), another shabad, an
  /// entry with a link alone, one with nothing in `extra`, the first shabad once more, and
  /// an entry dated after the timeline's end (never current, never shown).
  static let entries = [
    entry(1000, key: "shabad:1", detail: body, url: "https://example.org/1"),
    entry(2000, key: "shabad:1", url: "https://example.org/1"),
    entry(3000, key: "shabad:2", detail: [[TextRun("second")]], url: "https://example.org/2"),
    entry(4000, key: nil, url: "https://example.org/4"),
    entry(5000, key: nil),
    entry(6000, key: "shabad:1", url: "https://example.org/1"),
    entry(7500, key: "shabad:3", detail: [[TextRun("after the end")]]),
  ]

  static func write(_ entries: [Entry], kind: String = "random-shabad") throws -> (TempDir, String) {
    let dir = try TempDir()
    let store = CacheStore(directory: dir.path)
    try store.write(
      Timeline(
        widget: "w", kind: kind, entries: entries, end: 7000, policy: .atEnd,
        placeholder: Entry(date: 0, runs: [TextRun("…")], alt: "placeholder"), generated: 900))
    return (dir, try store.path(for: .named("w")))
  }

  /// What the whole-document read shows at `now`: the current entry (and, `following`,
  /// every later one before the end), each with the detail `Timeline.detail(of:)` gives.
  static func expected(_ timeline: Timeline, at now: Int64, following: Bool) -> [Entry]? {
    guard !Selection.isExpired(end: timeline.end, now: now),
      let index = Selection.currentIndex(dates: timeline.entries.count, dateAt: { timeline.entries[$0].date }, now: now)
    else { return nil }
    var shown = [timeline.entries[index]]
    if following {
      shown += timeline.entries[(index + 1)...].filter { entry in timeline.end.map { entry.date < $0 } ?? true }
    }
    return shown.map { entry in
      var resolved = entry
      resolved.detail = timeline.detail(of: entry)
      return resolved
    }
  }

  @Test(arguments: [false, true])
  func everyInstantGivesWhatTheWholeDocumentGives(following: Bool) throws {
    let (dir, path) = try Self.write(Self.entries)
    let whole = try CacheReader.timeline(path: path)
    for now in Array(stride(from: Int64(0), through: 8000, by: 500)) + [999, 1000, 5999, 6999, 7000] {
      let read = CacheReader.large(path: path, at: now, following: { _ in following })
      switch (read, Self.expected(whole, at: now, following: following)) {
      case (.entries(let meta, let shown), let expected?):
        #expect(shown == expected, "at \(now)")
        #expect(meta.widget == "w" && meta.end == 7000)
      case (.noEntry, nil): break
      default: Issue.record("at \(now): \(read)")
      }
    }
    // The repeat's detail is the first record's with its key; its link is its own.
    guard case .entries(_, let repeatEntry) = CacheReader.large(path: path, at: 6500, following: { _ in false }) else {
      Issue.record("an entry at 6500")
      return
    }
    #expect(repeatEntry.map(\.detail) == [Self.body])
    #expect(repeatEntry.map(\.url) == ["https://example.org/1"])
    withExtendedLifetime(dir) {}
  }

  @Test func followingIsAskedOfTheFilesMeta() throws {
    let (dir, path) = try Self.write(Self.entries, kind: "avalanche")
    var asked: [String] = []
    let read = CacheReader.large(
      path: path, at: 4500,
      following: {
        asked.append($0.kind)
        return $0.kind == "avalanche"
      })
    guard case .entries(_, let shown) = read else {
      Issue.record("\(read)")
      return
    }
    #expect(asked == ["avalanche"])
    #expect(shown.map(\.date) == [4000, 5000, 6000], "the entry after the end is left out")
    withExtendedLifetime(dir) {}
  }

  /// Damage in what the read needs (the shown line, its record, a record on the way to a
  /// shared detail) hands the file to the whole read. A damaged entry line is refused there
  /// as well: the CLI then reports it and a plain refresh is due. A damaged record costs
  /// its entries their link and detail only, in the CLI as in the bars, which never read
  /// it (docs/cache-format.md, "One answer").
  @Test(arguments: [
    ("the shown entry line", "{\"date\":2000,", "{\"date\":2000,\u{1}"),
    ("the shown entry's record", "{\"url\":\"https://example.org/1\",\"key\":\"shabad:1\"}", "{\"url\":"),
    ("the record holding the shared detail", "[{\"t\":\"Ang 1\"", "[{\"t\":\"Ang 1\"]]]"),
  ])
  func damageInWhatItReadsGoesToTheWholeRead(part: String, from: String, to: String) throws {
    let (dir, path) = try Self.write(Self.entries)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.contains(from), "\(part)")
    try text.replacingOccurrences(of: from, with: to).write(toFile: path, atomically: false, encoding: .utf8)
    guard case .whole = CacheReader.large(path: path, at: 2500, following: { _ in false }) else {
      Issue.record("\(part): read from the lines")
      return
    }
    if part == "the shown entry line" {
      #expect(throws: CacheReadError.self, "\(part)") { try CacheReader.timeline(path: path) }
    } else {
      let whole = try CacheReader.timeline(path: path)
      let shown = try #require(whole.current(at: 2500))
      #expect(shown.date == 2000 && whole.detail(of: shown).isEmpty, "\(part): \(shown)")
      #expect(CacheReader.view(path: path, at: 2500).current?.runs == shown.runs, "\(part)")
    }
    withExtendedLifetime(dir) {}
  }

  @Test func anIndexPastTheLastRecordCostsTheEntryItsDetailOnly() throws {
    let (dir, path) = try Self.write(Self.entries)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let pointed = try #require(text.range(of: "\"x\":2}"))
    try text.replacingCharacters(in: pointed, with: "\"x\":9}").write(toFile: path, atomically: false, encoding: .utf8)
    let whole = try CacheReader.timeline(path: path)
    guard case .entries(_, let shown) = CacheReader.large(path: path, at: 3500, following: { _ in false }) else {
      Issue.record("the entry is still shown")
      return
    }
    #expect(shown == Self.expected(whole, at: 3500, following: false))
    #expect(shown.first?.detail == [] && shown.first?.url == nil && shown.first?.text == "line 3000")
    withExtendedLifetime(dir) {}
  }

  @Test func otherLayoutsAndVersionsAreReadWhole() throws {
    let dir = try TempDir()
    let v1 = """
      {"version":1,"meta":{"widget":"w","kind":"hukamnama","generated":5,"due":9000,"grace":3600,\
      "end":9000,"policy":"atEnd","configHash":"h","count":1},"entries":[
      {"date":1000,"alt":"hukamnama","runs":[{"t":"one"}],"key":"k1","detail":[[{"t":"d1"}]]}
      ]}

      """
    let pretty = """
      {
        "version": 2,
        "meta": {"widget": "w", "kind": "hukamnama", "generated": 5, "grace": 3600, "policy": "never",
                 "configHash": "h", "count": 1},
        "entries": [{"date": 1000, "alt": "hukamnama", "runs": [{"t": "one"}]}]
      }
      """
    let future = "{\"version\":99,\"meta\":{}}\n"
    for (name, text) in [("v1", v1), ("pretty", pretty), ("future", future)] {
      let path = try dir.write("\(name).json", text)
      guard case .whole = CacheReader.large(path: path, at: 1500, following: { _ in true }) else {
        Issue.record("\(name) read from the lines")
        continue
      }
    }
    guard case .whole = CacheReader.large(path: dir.file("missing.json"), at: 1500, following: { _ in true }) else {
      Issue.record("a missing file goes to the whole read, which says why")
      return
    }
  }

  @Test func noCurrentEntryBeforeTheFirstAndAtTheEnd() throws {
    let (dir, path) = try Self.write(Self.entries)
    for now: Int64 in [0, 999, 7000, 9000] {
      guard case .noEntry = CacheReader.large(path: path, at: now, following: { _ in true }) else {
        Issue.record("at \(now)")
        continue
      }
    }
    withExtendedLifetime(dir) {}
  }

  /// A Gurbani line's ASCII twins are read for an output that draws them (conky), in place
  /// of the Unicode text; an output that does not (plain) reads no twin at all. A run
  /// without a twin, or whose text is not a string, reads as the whole read gives it.
  @Test func twinsAreReadInPlaceOfTheTextOrNotAtAll() throws {
    let line = [
      TextRun("ਸਤਿ ", ascii: "siq "), TextRun("ਨਾਮੁ", color: "#ff6f4d", ascii: "nwmu"), TextRun(" · Ang 1"),
    ]
    let (dir, path) = try Self.write([Self.entry(1000, key: "shabad:9", detail: [line])])
    let read = { (twins: Bool) -> [[TextRun]]? in
      guard
        case .entries(_, let shown) = CacheReader.large(
          path: path, at: 1500, asciiTwins: twins, following: { _ in false })
      else { return nil }
      return shown.first?.detail
    }
    #expect(
      read(true) == [
        [
          TextRun("siq ", ascii: "siq "), TextRun("nwmu", color: "#ff6f4d", ascii: "nwmu"), TextRun(" · Ang 1"),
        ]
      ])
    #expect(read(false) == [[TextRun("ਸਤਿ "), TextRun("ਨਾਮੁ", color: "#ff6f4d"), TextRun(" · Ang 1")]])
    // The whole read keeps both, for `timeline show` and any output.
    let whole = try CacheReader.timeline(path: path)
    #expect(whole.entries.first?.detail == [line])
    withExtendedLifetime(dir) {}
  }
}
