import Foundation
import Providers
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

@testable import TimelineKit

/// Browse labels name a day-keyed entry by its own day in its own zone (an avalanche day
/// in Oslo), whatever the viewer's zone; a date in another year carries the year; a
/// `next` with nothing further says so.
@Suite struct BrowseLabelTests {
  /// Thursday 26 November 2026, 19:40 UTC: 20:40 in Oslo, 01:10 on Friday in Kolkata.
  static let now: Int64 = 1_795_722_000
  /// Oslo midnights (23:00 UTC in winter) of Thursday, Friday and Saturday.
  static let days: [Int64] = [1_795_647_600, 1_795_734_000, 1_795_820_400]

  func avalanche() throws -> (Engine, BrowseStore) {
    let engine = try Engine("[widgets.avalanche]\nkind = \"avalanche\"\nregion = 3011\n", at: Self.now)
    let entries = zip(Self.days, ["Tromsø 2", "Tromsø 3", "Tromsø 4"]).map { date, text in
      Entry(date: date, runs: [TextRun(text)], alt: text)
    }
    try engine.store.write(
      Timeline(
        widget: "avalanche", kind: "avalanche", entries: entries, policy: .never, placeholder: entries[0],
        generated: Self.now))
    return (engine, BrowseStore(directory: engine.dir.file("run")))
  }

  @Test(arguments: ["UTC", "Asia/Kolkata", "Europe/Oslo"])
  func anAvalancheDayIsNamedByItsOwnDayInOslo(_ viewer: String) throws {
    let (engine, browse) = try avalanche()
    let zone = try Zone(identifier: viewer)
    func move(_ move: Browser.Move) throws -> Browser.Outcome {
      try Browser.move(
        move, widget: "avalanche", config: engine.config(), cache: engine.store, browse: browse, now: Self.now,
        zone: zone)
    }
    let friday = try move(.next)
    #expect(friday.entry?.date == Self.days[1] && friday.label == "tomorrow", "\(viewer): \(friday)")
    let saturday = try move(.next)
    #expect(saturday.label == "Saturday", "\(viewer): \(saturday)")
    #expect(try browse.read(.named("avalanche"))?.label == "Saturday")
    // Nothing after Saturday: the view stays there and says so, in the bar's label too.
    let further = try move(.next)
    #expect(further.nothingLater && further.entry?.date == Self.days[2])
    #expect(try browse.read(.named("avalanche"))?.label == "Saturday, nothing later yet")
    #expect(further.describe(widget: "avalanche").contains("nothing later yet"))
  }

  @Test func aDateInAnotherYearCarriesTheYear() throws {
    let utc = try Zone(identifier: "UTC")
    // 2038-01-19 03:14 UTC.
    #expect(DayWords.label(target: 2_147_483_640, now: Self.now, zone: utc).label == "19 Jan 2038 03:14")
    // 27 December this year, at midnight: no year, no time.
    #expect(DayWords.label(target: 1_798_329_600, now: Self.now, zone: utc).label == "27 Dec")
    let kolkata = try Zone(identifier: "Asia/Kolkata")
    // 31 December 2026 20:00 UTC is 1 January 2027 01:30 in Kolkata: next year there.
    #expect(DayWords.label(target: 1_798_747_200, now: Self.now, zone: kolkata).label == "1 Jan 2027 01:30")
  }

  @Test func nextWithNothingAheadSaysSo() throws {
    let engine = try Engine("[widgets.avalanche]\nkind = \"avalanche\"\nregion = 3011\n", at: Self.now)
    let only = Entry(date: Self.days[0], runs: [TextRun("Tromsø 2")], alt: "Tromsø 2")
    try engine.store.write(
      Timeline(
        widget: "avalanche", kind: "avalanche", entries: [only], policy: .never, placeholder: only,
        generated: Self.now))
    let browse = BrowseStore(directory: engine.dir.file("run"))
    let outcome = try Browser.move(
      .next, widget: "avalanche", config: engine.config(), cache: engine.store, browse: browse, now: Self.now)
    #expect(outcome.offset == 0 && outcome.nothingLater)
    #expect(outcome.describe(widget: "avalanche") == "avalanche: nothing later yet (the view stays at now)")
  }
}
