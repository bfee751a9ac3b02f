import Foundation
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

/// A stack reads its members with `CacheReader.member`, which decodes only the current
/// entry's date and relevance until asked for the whole entry: it must choose, refuse and
/// decode exactly as the bars' `CacheReader.view` does.
@Suite struct MemberViewTests {
  /// `member` against `view` at `now`: the same meta, next date, error, current date and
  /// relevance, and `entry()` the view's entry (with and without tooltip lines).
  static func expectAgreement(path: String, at now: Int64, _ comment: String) {
    for tooltip in [true, false] {
      let view = CacheReader.view(path: path, at: now, tooltip: tooltip)
      let member = CacheReader.member(path: path, at: now, keepParsed: false, tooltip: tooltip)
      #expect(member.view.error == view.error, "\(comment) at \(now)")
      #expect(member.view.nextDate == view.nextDate, "\(comment) at \(now)")
      #expect(member.view.meta?.kind == view.meta?.kind, "\(comment) at \(now)")
      #expect(member.view.meta?.due == view.meta?.due, "\(comment) at \(now)")
      #expect(member.view.current?.date == view.current?.date, "\(comment) at \(now)")
      #expect(member.view.current?.relevance == view.current?.relevance, "\(comment) at \(now)")
      #expect(member.entry() == view.current, "\(comment) at \(now), tooltip \(tooltip)")
    }
  }

  /// A member's large form from its read (`MemberView.largeBytes`, which takes the current
  /// line the read found and parsed instead of searching for it and checking it again) is
  /// the large form read from its path, at the time it was read for and at another; and
  /// the ranking's line entry carries the date, runs and form texts the whole read gives.
  /// Returns how many of the forms compared were written.
  @discardableResult
  static func expectLargeAgreement(path: String, at now: Int64, _ comment: String) -> Int {
    var written = 0
    let styles = [
      LargeWriter.Style(),
      LargeWriter.Style(escaped: (0x24, 0), replacements: ("$$", ""), colorStart: { "<\($0)>" }, colorEnd: "</>"),
    ]
    let member = CacheReader.member(path: path, at: now, keepParsed: false, tooltip: false)
    let view = CacheReader.view(path: path, at: now, tooltip: false)
    let line = member.lineEntry(forms: true) { _ in true }
    #expect(line?.date == view.current?.date, "\(comment) at \(now)")
    #expect(line?.runs == view.current?.runs, "\(comment) at \(now)")
    #expect(line?.transliteration?.text == view.current?.transliteration?.text, "\(comment) at \(now)")
    #expect(line?.translation?.text == view.current?.translation?.text, "\(comment) at \(now)")
    for at in [now, now + 60] {
      for following in [true, false] {
        for style in styles {
          var fromRead = LargeWriter(style: style)
          var fromPath = LargeWriter(style: style)
          let read = member.largeBytes(at: at, following: { _ in following }, into: &fromRead)
          let path = CacheReader.largeBytes(path: path, at: at, following: { _ in following }, into: &fromPath)
          // A file not read in part has no large form from its read: its path answers.
          if member.readInPart {
            #expect(read == path, "\(comment) read at \(now), written at \(at)")
            if read {
              written += 1
              #expect(fromRead.bytes == fromPath.bytes, "\(comment) read at \(now), written at \(at)")
            }
          } else {
            #expect(!read, "\(comment) at \(now)")
          }
        }
      }
    }
    return written
  }

  @Test(arguments: [1, 2, 10])
  func aMembersLargeFormFromItsReadIsItsLargeForm(count: Int) throws {
    let dir = try TempDir()
    let store = CacheStore(directory: dir.path)
    try store.write(Self.timeline(entries: count))
    let path = try store.path(for: .named("w"))
    var written = 0
    for now in stride(from: Int64(900), through: 1000 + Int64(count) * 100 + 100, by: 50) {
      written += Self.expectLargeAgreement(path: path, at: now, "\(count) entries")
    }
    #expect(written > 0)
  }

  /// Entries with relevance changes (the Hukamnama's shape) and without any, some with
  /// line forms.
  static func timeline(entries count: Int) -> Timeline {
    let base = CacheRoundTripTests.sample(entries: count)
    var entries = base.entries
    for index in entries.indices where index % 2 == 1 {
      let date = entries[index].date
      entries[index].relevance = Relevance(50, changes: [(date + 30, 20), (date + 60, 5)])
    }
    // Line forms (a Gurbani entry's) on every third, one with an escape in its text.
    for index in entries.indices where index % 3 == 0 {
      entries[index].transliteration = LineText("tr \"\(index)\" ā", short: "tr")
      entries[index].translation = LineText("the line \(index)", short: "the")
    }
    if let last = entries.indices.last { entries[last].relevance = nil }
    return Timeline(
      widget: base.widget, kind: base.kind, entries: entries, end: base.end, policy: base.policy,
      placeholder: base.placeholder, generated: base.generated, lastSuccess: base.lastSuccess, grace: base.grace,
      configHash: base.configHash)
  }

  @Test(arguments: [0, 1, 2, 3, 10, 257])
  func aMemberReadAgreesWithTheBarsView(count: Int) throws {
    let dir = try TempDir()
    let store = CacheStore(directory: dir.path)
    try store.write(Self.timeline(entries: count))
    let path = try store.path(for: .named("w"))
    for now in stride(from: Int64(900), through: 1000 + Int64(count) * 100 + 100, by: 50) {
      Self.expectAgreement(path: path, at: now, "\(count) entries")
    }
  }

  @Test func damagedAndOtherLayoutsAgreeToo() throws {
    let dir = try TempDir()
    let store = CacheStore(directory: dir.path)
    try store.write(Self.timeline(entries: 20))
    let path = try store.path(for: .named("w"))
    let good = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    let text = String(decoding: good, as: UTF8.self)
    // A damaged entry line of the same length: `"s5"` (a short text) becomes `"s\"`, whose
    // string runs on, so the file keeps its layout and only that line fails to parse.
    let brokenLine = text.replacingOccurrences(of: #""short":"s5""#, with: #""short":"s\""#)
    let pretty = try JSONSerialization.data(
      withJSONObject: JSONSerialization.jsonObject(with: Data(good)), options: .prettyPrinted)
    let cases: [(String, [UInt8])] = [
      ("truncated", Array(good.prefix(good.count / 2))),
      ("cut in the meta", Array(good.prefix(40))),
      ("a damaged entry line", Array(brokenLine.utf8)),
      ("pretty-printed", [UInt8](pretty)),
      ("future", Array(#"{"version":99,"meta":{}}"#.utf8)),
    ]
    #expect(brokenLine.utf8.count == good.count && brokenLine != text)
    for (name, bytes) in cases {
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      if name == "a damaged entry line" {
        // The line shown from 1500 is the damaged one; the others still read.
        #expect(CacheReader.view(path: path, at: 1550).error != nil)
        #expect(CacheReader.view(path: path, at: 1450).current?.date == 1400)
      }
      for now: Int64 in [900, 1000, 1450, 1500, 1550, 3100] {
        Self.expectAgreement(path: path, at: now, name)
        Self.expectLargeAgreement(path: path, at: now, name)
      }
    }
    Self.expectAgreement(path: dir.file("none.json"), at: 0, "missing")
  }
}
