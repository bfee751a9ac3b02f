import Foundation
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

@Suite struct CacheRoundTripTests {
  /// Entry lines of varied lengths, so the binary search lands at every alignment.
  static func sample(entries count: Int, start: Int64 = 1000, step: Int64 = 100) -> Timeline {
    let entries = (0..<count).map { i in
      Entry(
        date: start + Int64(i) * step, relevance: Relevance(50),
        runs: [
          TextRun("ਸਤਿ \"q\" \\ \n\u{1}", color: "#ff8800", bold: i % 2 == 0),
          TextRun(" \(i)" + String(repeating: "·", count: i % 11)),
        ],
        short: "s\(i)", tooltip: ["line 1", "ਲਾਈਨ 2"], alt: "level-3", classes: ["avalanche"], level: 3,
        url: "https://example.org/?a=1&b=2", key: "k\(i)", detail: [[TextRun("d", color: "#00ff00")]])
    }
    return Timeline(
      widget: "w", kind: "command", entries: entries, end: start + Int64(count) * step, policy: .after(5000),
      placeholder: Entry(date: 0, runs: [TextRun("…")], alt: "placeholder"), generated: 900,
      lastSuccess: 900, grace: 1800, configHash: "abc")
  }

  @Test(arguments: [0, 1, 2, 3, 10, 1000])
  func writeThenReadGivesTheSameTimeline(count: Int) throws {
    let dir = try TempDir()
    let store = CacheStore(directory: dir.path + "/cache")
    let timeline = Self.sample(entries: count)
    try store.write(timeline)
    let read = try CacheReader.timeline(path: store.path(for: try .named("w")))
    #expect(read == timeline)
  }

  @Test(arguments: [0, 1, 2, 3, 10, 257])
  func theFastViewAgreesWithFullSelection(count: Int) throws {
    let dir = try TempDir()
    let store = CacheStore(directory: dir.path)
    let timeline = Self.sample(entries: count)
    try store.write(timeline)
    let path = store.path(for: try .named("w"))
    for now in stride(from: Int64(900), through: 1000 + Int64(count) * 100 + 100, by: 50) {
      let view = CacheReader.view(path: path, at: now)
      #expect(view.error == nil)
      // The bars' view leaves out what bars never print (url, key, detail); `full` reads
      // them from the extra section.
      var barEntry = timeline.current(at: now)
      barEntry?.url = nil
      barEntry?.key = nil
      barEntry?.detail = []
      #expect(view.current == barEntry, "at \(now)")
      #expect(view.nextDate == timeline.entries.first { $0.date > now }?.date, "next at \(now)")
      let full = CacheReader.view(path: path, at: now, full: true)
      #expect(full.error == nil)
      #expect(full.current == timeline.current(at: now), "full at \(now)")
    }
  }

  @Test func aPrettyPrintedFileIsReadTheSlowWay() throws {
    let dir = try TempDir()
    let store = CacheStore(directory: dir.path)
    try store.write(Self.sample(entries: 5))
    let path = store.path(for: try .named("w"))
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
    try JSONSerialization.data(withJSONObject: object, options: .prettyPrinted).write(to: URL(fileURLWithPath: path))
    let view = CacheReader.view(path: path, at: 1250)
    #expect(view.error == nil)
    #expect(view.current?.date == 1200)
  }

  @Test func damagedFilesAreReportedNeverCrash() throws {
    let dir = try TempDir()
    let store = CacheStore(directory: dir.path)
    try store.write(Self.sample(entries: 20))
    let path = store.path(for: try .named("w"))
    let good = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    let cases: [(String, [UInt8])] = [
      ("empty", []),
      ("truncated", Array(good.prefix(good.count / 2))),
      ("cut in the meta", Array(good.prefix(40))),
      ("garbage", Array("not json at all".utf8)),
      ("future", Array(#"{"version":99,"meta":{}}"#.utf8)),
      ("nul bytes", [UInt8](repeating: 0, count: 100)),
    ]
    for (name, bytes) in cases {
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      let view = CacheReader.view(path: path, at: 1500)
      #expect(view.error != nil, "\(name)")
      #expect(view.current == nil, "\(name)")
    }
    #expect(CacheReader.view(path: dir.file("none.json"), at: 0).error == .missing(dir.file("none.json")))
  }

  @Test func aTruncatedFileStillNamesItsKind() throws {
    let dir = try TempDir()
    let store = CacheStore(directory: dir.path)
    try store.write(Self.sample(entries: 20))
    let path = store.path(for: try .named("w"))
    let good = try Data(contentsOf: URL(fileURLWithPath: path))
    try good.prefix(good.count - 10).write(to: URL(fileURLWithPath: path))
    let view = CacheReader.view(path: path, at: 1500)
    #expect(view.meta?.kind == "command")
    #expect(view.meta?.placeholder?.alt == "placeholder")
  }

  @Test func symlinksAndDirectoriesAreRefused() throws {
    let dir = try TempDir()
    try dir.write("target.json", "{}")
    symlink(dir.file("target.json"), dir.file("w.json"))
    #expect(CacheReader.view(path: dir.file("w.json"), at: 0).error == .notRegularFile(dir.file("w.json")))
    mkdir(dir.file("d.json"), 0o700)
    #expect(CacheReader.view(path: dir.file("d.json"), at: 0).error == .notRegularFile(dir.file("d.json")))
  }

  @Test func invalidUTF8IsRepairedNotRefused() throws {
    let dir = try TempDir()
    let store = CacheStore(directory: dir.path)
    try store.write(Self.sample(entries: 1))
    let path = store.path(for: try .named("w"))
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    let marker = Array("s0".utf8)
    let at = (0..<bytes.count - 1).first { Array(bytes[$0..<$0 + 2]) == marker }!
    bytes[at] = 0xFF
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let view = CacheReader.view(path: path, at: 1000)
    #expect(view.current?.short == "\u{FFFD}0")
  }
}
