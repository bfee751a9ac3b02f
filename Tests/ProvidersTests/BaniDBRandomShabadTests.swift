import Testing
import TimelineCore
import TimelineTestSupport

@testable import Providers

@Suite struct BaniDBRandomShabadTests {
  let t0 = BaniDBFixture.epoch("2026-03-01T06:00:00Z")
  let hour: Int64 = 3600
  let kind = RandomShabadProvider.kind

  func provider(_ options: [String: ConfigValue] = [:]) throws -> RandomShabadProvider {
    try RandomShabadProvider(config: BaniDBFixture.config(kind, options))
  }

  func server(_ spec: Any = BaniDBFixture.file("random-3492.json")) throws -> FixtureServer {
    try FixtureServer(routes: ["/v2/random/*": spec])
  }

  @Test func freshTimelineSlotsEndAndPolicy() async throws {
    let server = try server()
    let draft = try await BaniDBFixture.fresh(
      provider().timeline(context: BaniDBFixture.context(server, at: t0, BaniDBFixture.config(kind))))
    #expect(draft.entries.map(\.date) == (0..<8).map { t0 + $0 * 3 * hour })
    #expect(draft.end == t0 + 24 * hour)
    // Refresh when the last entry becomes current, not after it (Chet's off-by-one).
    #expect(draft.policy == .after(t0 + 21 * hour))
    let entry = draft.entries[0]
    #expect(entry.key == "shabad:3492" && entry.alt == "shabad" && entry.classes == ["shabad"])
    #expect(entry.url == "https://www.sikhitothemax.org/shabad?id=3492")
    #expect(entry.text == "ਜਪੁ ਤਪੁ ਸਭੁ ਕਿਛੁ ਮੰਨਿਐ ਅਵਰਿ ਕਾਰਾ ਸਭਿ ਬਾਦਿ ॥")
    #expect(entry.tooltip.contains("Source: BaniDB"))
    #expect(try await BaniDBFixture.paths(server) == Array(repeating: "/random/G", count: 8))
  }

  @Test func detailHeaderNamesTheSlotInTheInjectedTimeZone() throws {
    // The header's local time comes from the context's zone, not the machine's.
    let config = try BaniDBFixture.config(kind)
    for (zone, expected) in [("Asia/Kolkata", "Sun 1 Mar 2026, 11:30"), ("Europe/Oslo", "Sun 1 Mar 2026, 07:00")] {
      let context = ProviderContext(
        clock: FixedClock(t0), config: config, http: MemoryHTTPClient(), timeZone: zone)
      let entry = try #require(try provider().snapshot(context: context).entries.first)
      let header = entry.detail.first.map { $0.map(\.text).joined() } ?? ""
      #expect(entry.detail.contains { $0.map(\.text).joined() == "Random shabad for " + expected }, "\(header)")
    }
  }

  @Test func atMostFourRequestsAtOnce() async throws {
    let server = try server(BaniDBFixture.file("random-3492.json", delay: 0.3))
    let draft = try await BaniDBFixture.fresh(
      provider(["source": .string("all")])
        .timeline(context: BaniDBFixture.context(server, at: t0, BaniDBFixture.config(kind))))
    #expect(draft.entries.count == 8)
    let log = try await server.log()
    #expect(log.paths.count == 8 && log.paths.allSatisfy { $0 == "/v2/random/all" })
    #expect(log.peak <= 4 && log.peak > 1)
  }

  @Test func dueRefreshKeepsTheCurrentEntryAndFetchesOnlyNewSlots() async throws {
    let server = try server()
    let config = try BaniDBFixture.config(kind)
    let first = try await BaniDBFixture.fresh(
      provider().timeline(context: BaniDBFixture.context(server, at: t0, config)))
    guard case .after(let due) = first.policy else {
      Issue.record("policy")
      return
    }
    // A cron run a few minutes late.
    let now = due + 240
    let marked = first.entries.enumerated().map { index, entry in
      var entry = entry
      entry.key = "shabad:\(9000 + index)"
      return entry
    }
    let previous = BaniDBFixture.cached(
      TimelineDraft(entries: marked, end: first.end, policy: first.policy), kind: kind)
    let second = try await BaniDBFixture.fresh(
      provider().timeline(context: BaniDBFixture.context(server, at: now, config, previous: previous)))
    #expect(second.entries.first?.key == "shabad:9007" && second.entries.first?.date == due)
    #expect(second.entries.map(\.date) == (0..<8).map { due + $0 * 3 * hour })
    #expect(second.end == due + 24 * hour && second.policy == .after(due + 21 * hour))
    #expect(try await BaniDBFixture.paths(server).count == 8 + 7)
  }

  @Test func earlyRefreshFetchesNothingAndForceFetchesAll() async throws {
    let server = try server()
    let config = try BaniDBFixture.config(kind)
    let first = try await BaniDBFixture.fresh(
      provider().timeline(context: BaniDBFixture.context(server, at: t0, config)))
    let previous = BaniDBFixture.cached(first, kind: kind)
    let again = try await BaniDBFixture.fresh(
      provider().timeline(context: BaniDBFixture.context(server, at: t0 + 600, config, previous: previous)))
    #expect(again == first)
    #expect(try await BaniDBFixture.paths(server).count == 8)
    let forced = try await provider().timeline(
      context: BaniDBFixture.context(server, at: t0 + 600, config, previous: previous, force: true))
    #expect(forced.entries.first?.date == t0 + 600)
    #expect(try await BaniDBFixture.paths(server).count == 16)
  }

  @Test func partialFailureKeepsFetchedFutureEntries() async throws {
    let ok = BaniDBFixture.file("random-3492.json")
    let server = try server(ok)
    let config = try BaniDBFixture.config(kind)
    let first = try await BaniDBFixture.fresh(
      provider().timeline(context: BaniDBFixture.context(server, at: t0, config)))
    // Slots 3 and 5 failed in an earlier refresh; now one of the two retries fails again.
    let gappy = first.entries.enumerated().filter { ![3, 5].contains($0.offset) }.map(\.element)
    let previous = BaniDBFixture.cached(TimelineDraft(entries: gappy, end: first.end, policy: first.policy), kind: kind)
    try await server.setRoutes(["/v2/random/*": [ok, BaniDBFixture.error(500, "boom")]])
    let now = t0 + hour
    let draft = try await BaniDBFixture.fresh(
      provider().timeline(context: BaniDBFixture.context(server, at: now, config, previous: previous)))
    #expect(draft.entries.count == 7)
    #expect(Set(gappy.map(\.date)).isSubset(of: Set(draft.entries.map(\.date))))
    #expect(draft.end == t0 + 24 * hour)
    #expect(draft.policy == .after(now + 30 * 60))
    #expect(try await BaniDBFixture.paths(server).count == 8 + 2)
  }

  @Test func everySlotFailingThrowsWithRetryAfter() async throws {
    let limited: [String: Any] = [
      "status": 429, "body": "Too Many Requests", "headers": ["Retry-After": "120", "Content-Type": "text/plain"],
    ]
    let server = try server(limited)
    let error = await #expect(throws: ProviderError.self) {
      try await provider().timeline(context: BaniDBFixture.context(server, at: t0, BaniDBFixture.config(kind)))
    }
    #expect(error?.retryAfter == 120)
    #expect(error?.message.contains("rate limited") == true)
    #expect(error?.message.contains("Too Many") == false)
  }

  @Test func failedCurrentSlotKeepsShowingThePreviousEntry() async throws {
    let server = try server()
    let config = try BaniDBFixture.config(kind)
    let first = try await BaniDBFixture.fresh(
      provider().timeline(context: BaniDBFixture.context(server, at: t0, config)))
    let previous = BaniDBFixture.cached(first, kind: kind)
    // The machine slept past the whole timeline; now every fetch but one fails.
    let now = t0 + 30 * hour
    try await server.setRoutes([
      "/v2/random/*": [
        BaniDBFixture.error(503, "down"), BaniDBFixture.error(503, "down"),
        BaniDBFixture.error(503, "down"), BaniDBFixture.error(503, "down"), BaniDBFixture.file("random-3492.json"),
        BaniDBFixture.error(503, "down"),
      ]
    ])
    let draft = try await BaniDBFixture.fresh(
      provider().timeline(context: BaniDBFixture.context(server, at: now, config, previous: previous)))
    #expect(draft.entries.count == 2)
    #expect(draft.entries[0].date <= now)
  }

  @Test func singleEntryNeverRefreshesInALoop() async throws {
    let server = try server()
    let config = try BaniDBFixture.config(kind)
    let single = try provider(["entries": .int(1), "interval": .string("24h")])
    let draft = try await BaniDBFixture.fresh(single.timeline(context: BaniDBFixture.context(server, at: t0, config)))
    // Due half-way through the slot, not at its end (which left the placeholder up
    // between the end and the timer).
    #expect(draft.entries.map(\.date) == [t0] && draft.end == t0 + 24 * hour && draft.policy == .after(t0 + 12 * hour))
    // That refresh keeps the current shabad and prefetches only the next slot's.
    let half = t0 + 12 * hour
    let second = try await BaniDBFixture.fresh(
      single.timeline(
        context: BaniDBFixture.context(server, at: half, config, previous: BaniDBFixture.cached(draft, kind: kind))))
    #expect(second.entries.map(\.date) == [t0, t0 + 24 * hour] && second.entries[0] == draft.entries[0])
    #expect(second.end == t0 + 48 * hour && second.policy == .after(t0 + 36 * hour))
    #expect(try await BaniDBFixture.paths(server).count == 2)
    // Asked again before the new due time (a timer firing early): nothing is fetched and
    // the due time does not move back, so there is no loop.
    let again = try await BaniDBFixture.fresh(
      single.timeline(
        context: BaniDBFixture.context(
          server, at: half + hour, config, previous: BaniDBFixture.cached(second, kind: kind))))
    #expect(again.entries == second.entries && again.policy == .after(t0 + 36 * hour))
    #expect(try await BaniDBFixture.paths(server).count == 2)
    // At the slot change the prefetched shabad is current and the next one is fetched.
    let next = t0 + 36 * hour
    let third = try await BaniDBFixture.fresh(
      single.timeline(
        context: BaniDBFixture.context(server, at: next, config, previous: BaniDBFixture.cached(second, kind: kind))))
    #expect(third.entries.map(\.date) == [t0 + 24 * hour, t0 + 48 * hour] && third.policy == .after(t0 + 60 * hour))
    #expect(try await BaniDBFixture.paths(server).count == 3)
  }

  @Test func htmlAndApiErrorsAreOneSafeLine() async throws {
    let html: [String: Any] = [
      "body": "<!doctype html><html>Cloudflare</html>", "headers": ["Content-Type": "text/html"],
    ]
    let server = try server(html)
    let error = await #expect(throws: ProviderError.self) {
      try await provider(["entries": .int(1)]).timeline(
        context: BaniDBFixture.context(server, at: t0, BaniDBFixture.config(kind)))
    }
    #expect(error?.message == "BaniDB: got an HTML page instead of JSON")
    try await server.setRoutes(["/v2/random/*": BaniDBFixture.error(500, "Database\\nunavailable")])
    let apiError = await #expect(throws: ProviderError.self) {
      try await provider(["entries": .int(1)]).timeline(
        context: BaniDBFixture.context(server, at: t0, BaniDBFixture.config(kind)))
    }
    #expect(apiError?.message == "BaniDB: HTTP 500: Database unavailable")
    let headers = try await server.requestHeaders()
    #expect(
      headers.allSatisfy { $0["user-agent"]?.hasPrefix("timeline/") == true && $0["accept"] == "application/json" })
  }

  @Test func optionsAreChecked() throws {
    #expect(throws: ProviderError.self) { try provider(["source": .string("X")]) }
    #expect(throws: ProviderError.self) { try provider(["translation": .string("en.xyz")]) }
    #expect(throws: ProviderError.self) { try provider(["visraam": .string("banidb")]) }
    #expect(throws: ProviderError.self) { try provider(["colour": .string("red")]) }
    #expect(throws: ProviderError.self) { try provider(["interval": .string("1m")]) }
    let custom = try provider([
      "interval": .string("6h"), "entries": .int(4), "larivaar": .bool(true), "transliteration": .string("hi"),
    ])
    #expect(
      custom.interval == 6 * hour && custom.count == 4 && custom.style.larivaar && custom.style.transliteration == "hi")
  }
}
