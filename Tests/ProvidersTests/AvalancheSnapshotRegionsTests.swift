import Foundation
import Testing
import TimelineCore
import TimelineTestSupport

@testable import Providers

private let utc = AvalancheFixture.utc

@Suite struct AvalancheSnapshotRegionsTests {
  func snapshot(_ options: [String: ConfigValue], now: Int64) throws -> TimelineDraft {
    let config = WidgetConfig(name: try .named("aval"), kind: "avalanche", options: options)
    // An offline client that logs every request: a snapshot must ask for nothing.
    let http = MemoryHTTPClient()
    http.setOffline(true)
    let context = ProviderContext(clock: FixedClock(now), config: config, http: http)
    let draft = try AvalancheProvider(config: config).snapshot(context: context)
    #expect(http.paths.isEmpty, "a snapshot asked for \(http.paths)")
    return draft
  }

  @Test func norwegianSnapshotReadsAsToday() throws {
    let now = utc("2026-12-03T20:00:00Z")
    let draft = try snapshot([:], now: now)
    #expect(
      draft.entries.map(\.date) == [
        utc("2026-12-02T23:00:00Z"), utc("2026-12-03T23:00:00Z"), utc("2026-12-04T23:00:00Z"),
      ])
    #expect(draft.entries[0].text == "Trollheimen 2")
    #expect(draft.entries[0].tooltip.contains("Sample data, not a current warning"))
    #expect(draft.entries[2].classes.contains("emergency"))
    let nb = try snapshot(["language": .string("nb")], now: now)
    #expect(nb.entries.first?.text == "Tromsø 2")
    #expect(nb.entries.first?.tooltip.contains("Sample data, not a current warning") == true)
  }

  @Test func swedishSnapshotCoversNow() throws {
    for now in [utc("2026-02-10T10:00:00Z"), utc("2026-02-10T20:00:00Z")] {
      let draft = try snapshot(["country": .string("se"), "area": .int(8)], now: now)
      let first = try #require(draft.entries.first)
      #expect(first.text == "Kebnekaisefjällen 4")
      #expect(first.date <= now && now < (draft.entries.count > 1 ? draft.entries[1].date : draft.end ?? 0))
    }
  }

  @Test func bundledRegionLists() {
    let norway = AvalancheRegions.bundled(.norway)
    #expect(norway.count == 46 && norway.filter { $0.type == "A" }.count == 24)
    #expect(norway.first { $0.id == 3011 }?.name == "Tromsø")
    #expect(norway.first { $0.id == 3018 }?.type == "A")
    let sweden = AvalancheRegions.bundled(.sweden)
    #expect(sweden.filter { $0.type == "area" }.map(\.id) == [1, 2, 3, 7, 8, 9])
  }

  @Test func liveRegionListsFromBothServices() async throws {
    let harness = try AvalancheHarness()
    let summary = try AvalancheFixture.text("regionsummary-simple-nb-2022-01-16.json")
    let wfs = try AvalancheFixture.text("wfs-sv-2021-03-01.json")
    try await harness.route([
      "/varsom/RegionSummary/Simple/1/2026-02-10/2026-02-10": (summary, 200), "/wfs": (wfs, 200),
    ])
    let http = CurlHTTPClient()
    let now = utc("2026-02-10T07:00:00Z")
    let norway = try await AvalancheRegions.fetch(.norway, sources: try harness.sources, http: http, now: now)
    #expect(norway.count == 46)
    // The live reply's A/B wins over the bundled one (Helgeland was B in 2022).
    #expect(norway.first { $0.id == 3018 } == AvalancheRegion(country: .norway, id: 3018, name: "Helgeland", type: "B"))
    let sweden = try await AvalancheRegions.fetch(
      .sweden, sources: try harness.sources, http: http, now: now)
    #expect(sweden.map(\.id) == [1, 2, 3, 7, 8, 9] as [RegionID])
    #expect(sweden[1].name == "Abisko/Riksgränsenfjällen" && sweden[1].slug == "abisko_riksgransfjallen")
    let log = try await harness.server.log()
    // The areas with a forecast valid now (07:00 UTC is 08:00 in Stockholm).
    #expect(log.paths.last?.hasSuffix("viewparams=lang:sv;valid_date:2026-02-10%2008:00") == true)
  }
}
