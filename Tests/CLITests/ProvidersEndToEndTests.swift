import Foundation
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

/// The default kinds end to end: the built `timeline refresh` against a real loopback
/// server serving recorded responses (moved to today), then the built `timeline-emit`.
@Suite(.serialized) struct ProvidersEndToEndTests {
  let dir: TempDir
  let server: FixtureServer
  let config: String

  init() throws {
    dir = try TempDir()
    let fixtures = Paths.fixture("ProvidersTests/Fixtures")
    // Today's Hukamnama as BaniDB would date it: by Amritsar's calendar.
    let hukam = try Self.json(fixtures + "/banidb/hukamnama-latest-2025-10-13.json")
    var object = hukam
    let today = try Self.day(in: "Asia/Kolkata")
    object["date"] = ["gregorian": ["year": today.year, "month": today.month, "date": today.day]]
    object.removeValue(forKey: "isLatest")
    let hukamFile = dir.file("hukam.json")
    try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: hukamFile))
    // Trollheimen's five days, moved so the first is today in Oslo.
    let oslo = try Self.day(in: "Europe/Oslo")
    var detail = try String(contentsOfFile: fixtures + "/avalanche/detail-3022-en-2023-03-01.json", encoding: .utf8)
    for offset in 0..<5 {
      detail = detail.replacingOccurrences(of: "2023-03-0\(offset + 1)", with: try Self.iso(oslo, plus: offset))
    }
    detail = detail.replacingOccurrences(of: "2023-02-28", with: try Self.iso(oslo, plus: -1))
    let avalancheFile = try dir.write("avalanche.json", detail)
    server = try FixtureServer(routes: [
      "/v2/random/*": ["file": fixtures + "/banidb/random-3492.json"],
      "/v2/shabads/*": ["file": fixtures + "/banidb/random-3492.json"],
      "/v2/hukamnamas/*": ["file": hukamFile],
      "/api/AvalancheWarningByRegion/Detail/*": ["file": avalancheFile],
    ])
    config = try dir.write(
      "config.toml",
      """
      [sources]
      banidb = "\(server.baseURL)/v2"
      varsom = "\(server.baseURL)/api"

      [widgets.random-shabad]
      kind = "random-shabad"
      entries = 3

      [widgets.hukamnama]
      kind = "hukamnama"

      [widgets.favourites]
      kind = "favourites"
      shabads = [3492]

      [widgets.avalanche]
      kind = "avalanche"
      region = 3022
      """)
  }

  static func json(_ path: String) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any] ?? [:]
  }

  /// Today in `zone` as `date` says, as numbers.
  static func day(in zone: String) throws -> (year: Int, month: Int, day: Int) {
    let parts = try today(in: zone).split(separator: "-").compactMap { Int($0) }
    guard parts.count == 3 else { throw TestSupportError("unexpected date \(parts)") }
    return (parts[0], parts[1], parts[2])
  }

  static func iso(_ day: (year: Int, month: Int, day: Int), plus offset: Int) throws -> String {
    let text = "\(day.year)-\(day.month < 10 ? "0" : "")\(day.month)-\(day.day < 10 ? "0" : "")\(day.day)"
    return try isoDay(text, plus: offset)
  }

  var env: [String: String] { ["TIMELINE_CACHE_DIR": dir.file("cache"), "TIMELINE_CONFIG": config] }

  @Test func refreshFillsEveryWidgetOnceAndEmittersShowThem() async throws {
    let first = try run(Paths.binary("timeline"), ["refresh"], environment: env)
    #expect(first.status == 0, "\(first.stderr)")
    for widget in ["random-shabad", "hukamnama", "favourites", "avalanche"] {
      #expect(first.stderr.contains("\(widget): refreshed"), "\(first.stderr)")
    }
    let fetched = try await server.log().paths.count
    #expect(fetched >= 6)

    let second = try run(Paths.binary("timeline"), ["refresh"], environment: env)
    #expect(second.status == 0)
    #expect(try await server.log().paths.count == fetched, "a second run must not fetch")

    let forced = try run(Paths.binary("timeline"), ["refresh", "--force", "avalanche"], environment: env)
    #expect(forced.status == 0)
    #expect(try await server.log().paths.count == fetched + 1)

    let avalanche = try run(Paths.binary("timeline-emit"), ["waybar", "avalanche"], environment: env)
    let object = try JSONSerialization.jsonObject(with: Data(avalanche.stdout.utf8)) as? [String: Any]
    #expect((object?["class"] as? [String])?.contains("level-2") == true, "\(avalanche.stdout)")
    #expect(object?["percentage"] as? Int == 40)
    #expect((object?["text"] as? String)?.contains("Trollheimen 2") == true)

    let hukam = try run(Paths.binary("timeline-emit"), ["plain", "hukamnama"], environment: env)
    #expect(!hukam.stdout.isEmpty && hukam.stdout != "…\n")

    let status = try run(Paths.binary("timeline"), ["status", "--json"], environment: env)
    let rows = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [[String: Any]] ?? []
    #expect(rows.map { $0["widget"] as? String } == ["random-shabad", "hukamnama", "favourites", "avalanche"])
    for row in rows {
      #expect(row["nextRefresh"] is String, "\(row)")
      #expect(row["lastError"] is NSNull, "\(row)")
      #expect((row["entries"] as? Int ?? 0) > 0, "\(row)")
    }
  }

  @Test func tomorrowsEntriesShowWithoutAFetch() async throws {
    #expect(try run(Paths.binary("timeline"), ["refresh"], environment: env).status == 0)
    let fetched = try await server.log().paths.count
    // 00:30 Oslo tomorrow is 23:30 or 22:30 UTC today; the fixture's second day is level 2,
    // its third level 3: check the third day to see the switch.
    let oslo = try Self.day(in: "Europe/Oslo")
    let at = try Self.iso(oslo, plus: 2) + "T00:30:00+01:00"
    let later = try run(Paths.binary("timeline-emit"), ["waybar", "avalanche", "--at", at], environment: env)
    let object = try JSONSerialization.jsonObject(with: Data(later.stdout.utf8)) as? [String: Any]
    #expect((object?["class"] as? [String])?.contains("level-3") == true, "\(later.stdout)")
    #expect(object?["percentage"] as? Int == 60)
    #expect(try await server.log().paths.count == fetched)

    // Tomorrow 00:10 in Amritsar, today's Hukamnama is no longer today's: still shown,
    // marked `not-today`, never the placeholder.
    let ist = try Self.day(in: "Asia/Kolkata")
    let tomorrow = try Self.iso(ist, plus: 1) + "T00:10:00+05:30"
    let today = try run(Paths.binary("timeline"), ["emit", "waybar", "hukamnama"], environment: env).stdout
    let after = try run(Paths.binary("timeline"), ["emit", "waybar", "hukamnama", "--at", tomorrow], environment: env)
      .stdout
    #expect(
      !today.contains("not-today") && after.contains("\"not-today\"") && !after.contains("placeholder"), "\(after)")
  }
}
