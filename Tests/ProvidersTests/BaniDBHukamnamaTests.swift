import Testing
import TimelineCore
import TimelineTestSupport

@testable import Providers

@Suite struct BaniDBHukamnamaTests {
  let kind = HukamnamaProvider.kind
  let missing = BaniDBFixture.error(404, "Hukamnama is missing for that date")

  func run(_ server: FixtureServer, at iso: String, _ options: [String: ConfigValue] = [:]) async throws
    -> TimelineDraft
  {
    let config = try BaniDBFixture.config(kind, options)
    return try await HukamnamaProvider(config: config)
      .timeline(context: BaniDBFixture.context(server, at: BaniDBFixture.epoch(iso), config))
  }

  @Test func istDateAtTheEdges() async throws {
    let server = try FixtureServer(routes: ["/v2/hukamnamas": BaniDBFixture.file("hukamnama-latest-2025-10-13.json")])
    _ = try await run(server, at: "2026-03-01T18:29:59Z")  // 23:59:59 IST, 1 March
    _ = try await run(server, at: "2026-03-01T19:00:00Z")  // 00:30 IST, already 2 March
    _ = try await run(server, at: "2025-12-31T18:30:00Z")  // IST midnight into 2026
    #expect(
      try await BaniDBFixture.paths(server) == [
        "/hukamnamas/2026/3/1", "/hukamnamas", "/hukamnamas/2026/3/2", "/hukamnamas", "/hukamnamas/2026/1/1",
        "/hukamnamas",
      ])
    #expect(
      Zone.ist.nextMidnight(after: BaniDBFixture.epoch("2026-03-01T18:29:59Z"))
        == BaniDBFixture.epoch("2026-03-01T18:30:00Z"))
    #expect(
      Zone.ist.nextMidnight(after: BaniDBFixture.epoch("2026-03-01T18:30:00Z"))
        == BaniDBFixture.epoch("2026-03-02T18:30:00Z"))
  }

  @Test func todaysHukamnamaWithTwoShabads() async throws {
    let server = try FixtureServer(routes: [
      "/v2/hukamnamas/2026/3/2": BaniDBFixture.file("hukamnama-2026-03-02-two-shabads.json")
    ])
    let draft = try await run(server, at: "2026-03-01T19:00:00Z", ["transliteration": .string("en")])
    let midnight = BaniDBFixture.epoch("2026-03-02T18:30:00Z")
    #expect(draft.end == nil && draft.policy == .after(midnight))
    let entry = try #require(draft.entries.first)
    #expect(draft.entries.count == 2 && entry.date == BaniDBFixture.epoch("2026-03-01T18:30:00Z"))
    // From midnight on, the same hukamnama marked as not today's, dated in its tooltip,
    // its full text left to the first entry.
    let later = draft.entries[1]
    #expect(later.date == midnight && later.classes == ["hukamnama", "not-today", "repeat"] && later.key == entry.key)
    #expect(later.text == entry.text && later.detail.isEmpty)
    #expect(later.tooltip.contains("Hukamnama, 2 March 2026 (not today's; no newer one fetched yet)"))
    #expect(entry.text == "ਐਸੀ ਮਤਿ ਦੀਜੈ ਮੇਰੇ ਠਾਕੁਰ ਸਦਾ ਸਦਾ ਤੁਧੁ ਧਿਆਈ ॥੧॥ ਰਹਾਉ ॥")
    #expect(entry.alt == "hukamnama" && entry.classes == ["hukamnama"] && entry.key == "hukamnama:2026-03-02")
    #expect(entry.tooltip.contains("Hukamnama, 2 March 2026"))
    #expect(entry.tooltip.contains { $0.hasPrefix("2 shabads") })
    let detail = entry.detail.map(\.plainText)
    #expect(detail.first == "Hukamnama, 2 March 2026")
    #expect(detail.contains { $0.hasPrefix("Shabad 2 of 2 · Ang 954") })
    #expect(detail.contains("ਜਪੁ ਤਪੁ ਸਭੁ ਕਿਛੁ ਮੰਨਿਐ ਅਵਰਿ ਕਾਰਾ ਸਭਿ ਬਾਦਿ ॥"))
    #expect(detail.contains("mahalaa doojaa ||"))
    #expect(try await BaniDBFixture.paths(server) == ["/hukamnamas/2026/3/2"])
  }

  @Test func notYetPublishedFallsBackToLatestLabelledByItsOwnDate() async throws {
    let server = try FixtureServer(routes: [
      "/v2/hukamnamas/2026/3/2": missing, "/v2/hukamnamas": BaniDBFixture.file("hukamnama-latest-2025-10-13.json"),
    ])
    let now = BaniDBFixture.epoch("2026-03-01T20:00:00Z")
    let draft = try await run(server, at: "2026-03-01T20:00:00Z")
    let entry = try #require(draft.entries.first)
    #expect(entry.tooltip.contains { $0.hasPrefix("Hukamnama, 13 October 2025 (latest available") })
    #expect(!entry.tooltip.joined().contains("2 March"))
    #expect(entry.classes == ["hukamnama", "not-today"] && entry.key == "hukamnama:2025-10-13")
    #expect(draft.policy == .after(now + 30 * 60))
    #expect(draft.end == nil && draft.entries.last?.date == BaniDBFixture.epoch("2026-03-02T18:30:00Z"))
    #expect(entry.date <= now)
  }

  @Test func answerForAnotherDateIsTreatedAsAFallback() async throws {
    let server = try FixtureServer(routes: [
      "/v2/hukamnamas/*": BaniDBFixture.file("hukamnama-2026-03-02-two-shabads.json")
    ])
    let now = BaniDBFixture.epoch("2026-03-05T06:00:00Z")
    let draft = try await run(server, at: "2026-03-05T06:00:00Z")
    #expect(draft.entries[0].tooltip.contains { $0.hasPrefix("Hukamnama, 2 March 2026 (latest available") })
    #expect(draft.policy == .after(now + 30 * 60))
    #expect(try await BaniDBFixture.paths(server) == ["/hukamnamas/2026/3/5"])
  }

  @Test func datedAnswerWithNoShabadsFallsBackLikeA404() async throws {
    // The row for today exists but its shabad ids match nothing: `shabads` is `{}`.
    let empty = #"{"date":{"gregorian":{"month":3,"date":2,"year":2026}},"shabadIds":[99999],"shabads":{}}"#
    let server = try FixtureServer(routes: [
      "/v2/hukamnamas/2026/3/2": ["body": empty],
      "/v2/hukamnamas": BaniDBFixture.file("hukamnama-latest-2025-10-13.json"),
    ])
    let now = BaniDBFixture.epoch("2026-03-01T20:00:00Z")
    let draft = try await run(server, at: "2026-03-01T20:00:00Z")
    #expect(try await BaniDBFixture.paths(server) == ["/hukamnamas/2026/3/2", "/hukamnamas"])
    let entry = try #require(draft.entries.first)
    #expect(entry.key == "hukamnama:2025-10-13" && entry.classes == ["hukamnama", "not-today"])
    #expect(draft.policy == .after(now + 30 * 60))
  }

  @Test func retryNeverOvershootsMidnight() async throws {
    let server = try FixtureServer(routes: [
      "/v2/hukamnamas/*": missing, "/v2/hukamnamas": BaniDBFixture.file("hukamnama-latest-2025-10-13.json"),
    ])
    let draft = try await run(server, at: "2026-03-01T18:20:00Z")
    #expect(draft.policy == .after(BaniDBFixture.epoch("2026-03-01T18:30:00Z")))
  }

  @Test func serverErrorsAndEmptyAnswersThrow() async throws {
    let server = try FixtureServer(routes: ["/v2/hukamnamas/*": BaniDBFixture.error(500, "oops")])
    await #expect(throws: ProviderError.self) { try await run(server, at: "2026-03-01T06:00:00Z") }
    #expect(try await BaniDBFixture.paths(server) == ["/hukamnamas/2026/3/1"])
    try await server.setRoutes([
      "/v2/hukamnamas/*": missing,
      "/v2/hukamnamas": [
        "body": #"{"isLatest":true,"date":{"gregorian":{"month":3,"date":1,"year":2026}},"shabadIds":[],"shabads":{}}"#
      ],
    ])
    let error = await #expect(throws: ProviderError.self) { try await run(server, at: "2026-03-01T06:00:00Z") }
    #expect(error?.message == "BaniDB: the hukamnama has no shabads")
    try await server.setRoutes(["/v2/hukamnamas/*": missing, "/v2/hukamnamas": missing])
    await #expect(throws: ProviderError.self) { try await run(server, at: "2026-03-01T06:00:00Z") }
  }
}
