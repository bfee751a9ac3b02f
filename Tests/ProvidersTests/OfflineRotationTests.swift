import Testing
import TimelineCore
import TimelineTestSupport

@testable import Providers

/// The offline rotation: bounded pool, one full text per shabad, repeats never reused.
@Suite struct OfflineRotationTests {
  func entry(_ id: Int, date: Int64 = 0, detail: Bool = true) -> Entry {
    Entry(
      date: date, runs: [TextRun("shabad \(id)")], alt: "shabad", classes: ["shabad"], key: "shabad:\(id)",
      detail: detail ? [[TextRun("full text of \(id)")]] : [])
  }

  @Test func thePoolKeepsTheMostRecentDistinctShabadsUpToItsSize() {
    let fresh = (100..<108).map { entry($0) }
    let previous = (0..<40).map { entry($0 % 30, date: Int64($0)) }
    let pool = OfflineRotation.pool(fresh: fresh, previous: previous)
    #expect(pool.count == OfflineRotation.poolSize)
    #expect(pool.prefix(8).compactMap(\.key) == (100..<108).map { "shabad:\($0)" })
    #expect(pool.dropFirst(8).compactMap(\.key) == (0..<16).map { "shabad:\($0)" })
    #expect(Set(pool.compactMap(\.key)).count == pool.count)
  }

  @Test func aPooledShabadKeepsItsTextFromWhicheverCopyHasIt() {
    let previous = [entry(1, date: 10, detail: false), entry(1, date: 20)]
    let pool = OfflineRotation.pool(fresh: [], previous: previous)
    #expect(pool.count == 1 && pool[0].detail == [[TextRun("full text of 1")]])
  }

  @Test func repeatsFillSevenDaysAndCarryEachTextOnce() {
    let hour: Int64 = 3600
    let pool = (1...4).map { entry($0) }
    let repeats = OfflineRotation.entries(
      from: 1000, interval: 3 * hour, pool: pool, shownKeys: ["shabad:1", "shabad:2"])
    #expect(repeats.count == 56)
    #expect(repeats.map(\.date) == (0..<56).map { 1000 + $0 * 3 * hour })
    #expect(repeats.allSatisfy { $0.isRepeat })
    // The shabads not just shown come first.
    #expect(repeats.prefix(4).compactMap(\.key) == ["shabad:3", "shabad:4", "shabad:1", "shabad:2"])
    // Only 3 and 4 (not in the fresh entries) keep their text, once each.
    let withText = repeats.filter { !$0.detail.isEmpty }.compactMap(\.key)
    #expect(withText == ["shabad:3", "shabad:4"])
    let timeline = Timeline(
      widget: "w", kind: "random-shabad", entries: pool + repeats, placeholder: entry(0), generated: 0)
    #expect(repeats.allSatisfy { timeline.detail(of: $0) == [[TextRun("full text of \($0.key!.dropFirst(7))")]] })
  }

  @Test func aRefreshAfterAnOfflineWeekFetchesNewShabadsRatherThanKeepRepeats() async throws {
    let server = try FixtureServer(routes: ["/v2/random/*": BaniDBFixture.file("random-3492.json")])
    let config = try BaniDBFixture.config("random-shabad", ["entries": .int(2)])
    let provider = try RandomShabadProvider(config: config)
    let t0: Int64 = 1_772_344_800
    let first = try await provider.timeline(context: BaniDBFixture.context(server, at: t0, config))
    #expect(first.end == t0 + 6 * 3600 + 7 * 86_400)
    #expect(first.entries.filter { $0.isRepeat }.count == 56)
    // Two days later the network is back: the current slot is a repeat, so it is fetched.
    let later = t0 + 2 * 86_400
    let second = try await provider.timeline(
      context: BaniDBFixture.context(
        server, at: later, config, previous: BaniDBFixture.cached(first, kind: "random-shabad")))
    let fresh = second.entries.filter { !$0.isRepeat }
    #expect(fresh.map(\.date) == [later, later + 3 * 3600])
    #expect(try await BaniDBFixture.paths(server).count == 4)
  }
}
