import Foundation
import Testing
import TimelineCore
import TimelineTestSupport

@testable import Providers

/// Helpers the BaniDB tests share, plus checks that the fixtures are what they claim.
enum BaniDBFixture {
  static func path(_ name: String) -> String { Paths.fixture("ProvidersTests/Fixtures/banidb/" + name) }

  static func file(_ name: String, status: Int = 200, delay: Double = 0) -> [String: Any] {
    ["status": status, "file": path(name), "delay": delay]
  }

  static func json(_ name: String) throws -> JSONValue {
    guard let json = JSONValue.parse([UInt8](try Data(contentsOf: URL(fileURLWithPath: path(name))))) else {
      throw TestSupportError("\(name) is not JSON")
    }
    return json
  }

  static func shabad(_ name: String = "random-3492.json") throws -> Shabad {
    try #require(Shabad(json(name)))
  }

  /// The real random shabad re-filed under another id, for `/shabads/{id}` routes.
  static func shabadBody(id: Int) throws -> [String: Any] {
    let text = try String(contentsOfFile: path("random-3492.json"), encoding: .utf8)
    return ["body": text.replacingOccurrences(of: "\"shabadId\": 3492", with: "\"shabadId\": \(id)")]
  }

  static func error(_ status: Int, _ message: String) -> [String: Any] {
    ["status": status, "body": #"{"error":true,"data":{"error":"\#(message)"}}"#]
  }

  static func config(_ kind: String, _ options: [String: ConfigValue] = [:], file: String = "/etc/timeline/config.toml")
    throws -> WidgetConfig
  {
    WidgetConfig(name: try .named("gurbani"), kind: kind, options: options, file: file)
  }

  static func context(
    _ server: FixtureServer, at now: Int64, _ config: WidgetConfig, previous: Timeline? = nil, force: Bool = false
  ) throws -> ProviderContext {
    ProviderContext(
      clock: FixedClock(now), config: config, sources: Sources([.banidb: try SourceURL(server.baseURL + "/v2/")]),
      // UTC for the slot headers, so no test depends on the machine's zone (ZoneTests changes TZ).
      http: CurlHTTPClient(), previous: previous, force: force, timeZone: "UTC")
  }

  /// A draft as the refresher would cache it, to pass back as `previous`.
  static func cached(_ draft: TimelineDraft, kind: String) -> Timeline {
    Timeline(
      widget: "gurbani", kind: kind, entries: draft.entries, end: draft.end, policy: draft.policy,
      placeholder: Entry(date: 0, runs: [], alt: "placeholder"), generated: 0)
  }

  /// The fresh part of a draft: without the offline repeats after it, ending where they
  /// begin.
  static func fresh(_ draft: TimelineDraft) -> TimelineDraft {
    let repeats = draft.entries.filter { $0.classes.contains("repeat") }
    return TimelineDraft(
      entries: draft.entries.filter { !$0.classes.contains("repeat") }, end: repeats.first?.date ?? draft.end,
      policy: draft.policy)
  }

  static func epoch(_ iso: String) -> Int64 {
    guard let date = ISO8601DateFormatter().date(from: iso) else {
      Issue.record("not an ISO 8601 time: \(iso)")
      return 0
    }
    return Int64(date.timeIntervalSince1970)
  }

  /// Requested paths with the `/v2` base stripped.
  static func paths(_ server: FixtureServer) async throws -> [String] {
    try await server.log().paths.map { $0.hasPrefix("/v2") ? String($0.dropFirst(3)) : $0 }
  }
}

@Suite struct BaniDBFixtureTests {
  @Test func realFixturesDecode() throws {
    let shabad = try BaniDBFixture.shabad()
    #expect(shabad.id == 3492 && shabad.verses.count == 3 && shabad.page == 954)
    #expect(shabad.raag == "Raag Raamkalee" && shabad.writer == "Guru Angad Dev Ji")
    let hukamnama = try #require(Hukamnama(BaniDBFixture.json("hukamnama-latest-2025-10-13.json")))
    #expect(hukamnama.date == LocalDay(year: 2025, month: 10, day: 13))
    #expect(hukamnama.shabads.map(\.id) == [2565] && hukamnama.shabads[0].verses.count == 11)
  }

  @Test func bundledSamplesLoadWithoutNetwork() throws {
    #expect(BaniDBSamples.shabad("random-shabad")?.id == 3492)
    #expect(BaniDBSamples.shabad("favourites")?.id == 2565)
    #expect(BaniDBSamples.hukamnama("hukamnama")?.shabads.count == 1)
    // An unreachable source proves snapshot() makes no request.
    let context = ProviderContext(
      clock: FixedClock(1_000_000), config: try BaniDBFixture.config("hukamnama"),
      sources: Sources([.banidb: try SourceURL("http://127.0.0.1:9/v2")]), http: CurlHTTPClient())
    for kind in ["random-shabad", "hukamnama", "favourites"] {
      let options: [String: ConfigValue] = kind == "favourites" ? ["shabads": .array([.int(1)])] : [:]
      let provider = try #require(ProviderRegistry.type(for: kind)).init(config: BaniDBFixture.config(kind, options))
      let draft = provider.snapshot(context: context)
      #expect(draft.entries.count == 1 && draft.entries[0].alt != "placeholder" && !draft.entries[0].detail.isEmpty)
      #expect(provider.placeholder().alt == "placeholder")
    }
  }
}
