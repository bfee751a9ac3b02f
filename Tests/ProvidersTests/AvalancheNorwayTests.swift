import Foundation
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

@testable import Providers

private let utc = AvalancheFixture.utc

@Suite struct AvalancheNorwayTests {
  let harness: AvalancheHarness
  init() throws { harness = try AvalancheHarness() }

  /// Serves the Trollheimen Detail reply shifted so that its first day is `first`.
  func serve3022(first: String, language: Int = 2, edit: (String) -> String = { $0 }) async throws {
    let text = try AvalancheFixture.shifted(
      try AvalancheFixture.text("detail-3022-en-2023-03-01.json"), from: "2023-03-01", to: first)
    let last = try AvalancheFixture.shifted(first, from: "2023-03-01", to: "2023-03-03")
    try await harness.route([
      "/varsom/AvalancheWarningByRegion/Detail/3022/\(language)/\(first)/\(last)": (edit(text), 200)
    ])
  }

  @Test func springForwardDaysStartAtOsloMidnight() async throws {
    try await serve3022(first: "2026-03-28")
    let now = utc("2026-03-28T09:00:00Z")
    let draft = try await harness.timeline(["region": .int(3022)], now: now)
    // 29 March 2026 is 23 h long: CET until 02:00, CEST after.
    #expect(
      draft.entries.map(\.date) == [
        utc("2026-03-27T23:00:00Z"), utc("2026-03-28T23:00:00Z"), utc("2026-03-29T22:00:00Z"),
      ])
    #expect(draft.end == utc("2026-03-30T22:00:00Z"))
    #expect(draft.policy == .after(utc("2026-03-28T15:30:00Z")))
    let headers = try await harness.server.requestHeaders()
    #expect(headers.first?["accept"] == "application/json")
  }

  @Test func fallBackDaysStartAtOsloMidnight() async throws {
    let text = try AvalancheFixture.shifted(
      try AvalancheFixture.text("simple-3011-nb-2026-03-01.json"), from: "2026-03-01", to: "2026-10-24")
    try await harness.route(["/varsom/AvalancheWarningByRegion/Detail/3011/1/2026-10-24/2026-10-26": (text, 200)])
    let now = utc("2026-10-24T15:00:00Z")  // 17:00 CEST, after the 16:30 check
    let draft = try await harness.timeline(["region": .int(3011), "language": .string("nb")], now: now)
    // 25 October 2026 is 25 h long.
    #expect(
      draft.entries.map(\.date) == [
        utc("2026-10-23T22:00:00Z"), utc("2026-10-24T22:00:00Z"), utc("2026-10-25T23:00:00Z"),
      ])
    #expect(draft.end == utc("2026-10-26T23:00:00Z"))
    #expect(draft.policy == .after(utc("2026-10-24T22:01:00Z")))
    let first = try #require(draft.entries.first)
    #expect(first.text == "Tromsø 2")
    #expect(first.tooltip.first == "Saturday 2026-10-24")
    #expect(first.tooltip.contains("Tromsø: 2 Moderate"))
    #expect(first.url == "https://varsom.no/snoskredvarsling/varsel/Troms%C3%B8/2026-10-24")
    #expect(first.tooltip.last == "Varsler fra Snøskredvarslingen i Norge og www.varsom.no")
    #expect(draft.entries[2].tooltip.contains("Tromsø: 2 Moderate (tendency)"))
  }

  @Test func entriesCarryLevelColourTooltipAndEmergency() async throws {
    try await serve3022(first: "2026-02-10")
    let draft = try await harness.timeline(["region": .int(3022)], now: utc("2026-02-10T07:00:00Z"))
    try #require(draft.entries.count == 3)
    let first = draft.entries[0]
    #expect(first.runs == [TextRun("Trollheimen 2", color: "#f9c71c")])
    #expect(first.level == 2 && first.relevance?.score == 20 && first.alt == "level-2")
    #expect(first.classes == ["avalanche", "level-2"])
    #expect(first.short == "2")
    #expect(first.tooltip[0] == "Tuesday 2026-02-10")
    #expect(first.tooltip[1] == "Trollheimen: 2 Moderate")
    #expect(first.tooltip[2].hasPrefix("Be careful in sun-exposed steep slopes"))
    #expect(first.tooltip.contains("• Wind drifted snow (slab avalanches), E SE S, above 1000 m"))
    #expect(!first.tooltip.contains { $0.contains("Not given") })
    #expect(first.url == "https://varsom.no/en/avalanche-bulletins/forecast/Trollheimen/2026-02-10")
    let detail = first.detail.map { $0.plainText }
    #expect(detail.first == "2 Moderate — Trollheimen, Tuesday 2026-02-10")
    #expect(first.detail.first?.first?.color == "#f9c71c")
    #expect(detail.contains("Danger assessment:"))
    #expect(detail.contains { $0.hasPrefix("I lavlandet og særlig der sola") })
    #expect(detail.contains { $0.hasPrefix("Published: Monday 2026-02-09 15:32") })
    #expect(detail.contains("Full warning: https://varsom.no/en/avalanche-bulletins/forecast/Trollheimen/2026-02-10"))

    let third = draft.entries[2]
    #expect(third.text == "Trollheimen 3")
    #expect(third.classes == ["avalanche", "level-3", "emergency", "tendency"])
    #expect(third.tooltip.contains("Emergency warning: Natural avalanches"))
    #expect(third.tooltip.contains("Trollheimen: 3 Considerable (tendency)"))
    #expect(third.detail.map(\.plainText).contains("Emergency warning: Natural avalanches"))
  }

  @Test func isTendencyFlagWinsOverPosition() async throws {
    try await serve3022(first: "2026-02-10") { text in
      // v6.3.0 sends the flag on every day; here day 2 claims it and day 3 denies it.
      var list = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [[String: Any]] ?? []
      for index in list.indices { list[index]["IsTendency"] = index == 1 }
      let data = (try? JSONSerialization.data(withJSONObject: list)) ?? Data()
      return String(decoding: data, as: UTF8.self)
    }
    let draft = try await harness.timeline(["region": .int(3022)], now: utc("2026-02-10T07:00:00Z"))
    #expect(draft.entries.map { $0.classes.contains("tendency") } == [false, true, false])
  }

  @Test func placeholderDaysShowAGreyQuestionMark() async throws {
    let text = try AvalancheFixture.shifted(
      try AvalancheFixture.text("detail-3016-en-2021-12-02.json"), from: "2021-12-02", to: "2026-01-05")
    try await harness.route(["/varsom/AvalancheWarningByRegion/Detail/3016/2/2026-01-05/2026-01-07": (text, 200)])
    let draft = try await harness.timeline(["region": .int(3016)], now: utc("2026-01-05T12:00:00Z"))
    try #require(draft.entries.count == 3)
    let placeholder = draft.entries[2]
    #expect(placeholder.runs == [TextRun("Salten ?", color: "#969696")])
    #expect(placeholder.level == 0 && placeholder.relevance?.score == 5 && placeholder.alt == "level-0")
    #expect(placeholder.tooltip.contains("Salten: ? Not assessed (tendency)"))
    #expect(placeholder.tooltip.contains("No Rating"))
    #expect(draft.entries[0].tooltip.contains("• Persistent weak layer (slab avalanches), N S SW W NW, above 300 m"))
  }

  @Test func dangerLevelAsIntAndProblemLevelAsString() async throws {
    try await serve3022(first: "2026-02-10") { text in
      text.replacingOccurrences(of: #""DangerLevel": "2""#, with: #""DangerLevel": 2"#)
        .replacingOccurrences(of: #""DangerLevel": "3""#, with: #""DangerLevel": 3"#)
        .replacingOccurrences(of: #""DangerLevel": 1,"#, with: #""DangerLevel": "1","#)
    }
    let draft = try await harness.timeline(["region": .int(3022)], now: utc("2026-02-10T07:00:00Z"))
    #expect(draft.entries.map(\.level) == [2, 2, 3])
  }

  @Test func flexibleLevelDecodesStringsIntsAndJunk() throws {
    let decoded = try JSONDecoder().decode(
      [FlexibleLevel].self, from: Data(#"["3", 4, "0", null, "2 Moderate", "x", 9, 2.0]"#.utf8))
    #expect(decoded.map(\.value) == [3, 4, 0, nil, 2, nil, nil, 2])
  }

  @Test func norwegianSentinelIsNotAnEmergency() async throws {
    try await serve3022(first: "2026-02-10", language: 1) {
      $0.replacingOccurrences(of: "Not given", with: "Ikke gitt")
    }
    let draft = try await harness.timeline(
      ["region": .int(3022), "language": .string("nb")], now: utc("2026-02-10T07:00:00Z"))
    #expect(draft.entries.map { $0.classes.contains("emergency") } == [false, false, true])
    #expect(draft.entries[0].tooltip[1] == "Trollheimen: 2 Moderate")
    #expect(draft.entries[2].tooltip.contains("Emergency warning: Natural avalanches"))
  }

  @Test func eawsPalette() async throws {
    try await serve3022(first: "2026-02-10")
    let draft = try await harness.timeline(
      ["region": .int(3022), "palette": .string("eaws")], now: utc("2026-02-10T07:00:00Z"))
    #expect(draft.entries.map { $0.runs.first?.color } == ["#ffff00", "#ffff00", "#ff9900"])
  }

  @Test func afternoonReloadRule() {
    let source = VarsomSource(base: Service.varsom.defaultURL, regions: [3011], language: .en)
    // 16:29:59 and 16:30 Oslo (CET) on 2026-01-15.
    #expect(source.policy(now: utc("2026-01-15T15:29:59Z")) == .after(utc("2026-01-15T15:30:00Z")))
    #expect(source.policy(now: utc("2026-01-15T15:30:00Z")) == .after(utc("2026-01-15T23:01:00Z")))
    #expect(source.policy(now: utc("2026-01-15T23:30:00Z")) == .after(utc("2026-01-16T15:30:00Z")))
  }

  @Test func severalRegionsShareOneEntryPerDay() async throws {
    let trollheimen = try AvalancheFixture.shifted(
      try AvalancheFixture.text("detail-3022-en-2023-03-01.json"), from: "2023-03-01", to: "2026-02-10")
    let tromso = try AvalancheFixture.shifted(
      try AvalancheFixture.text("simple-3011-nb-2026-03-01.json"), from: "2026-03-01", to: "2026-02-10")
    try await harness.route([
      "/varsom/AvalancheWarningByRegion/Detail/3022/2/2026-02-10/2026-02-12": (trollheimen, 200),
      "/varsom/AvalancheWarningByRegion/Detail/3011/2/2026-02-10/2026-02-12": (tromso, 200),
    ])
    let draft = try await harness.timeline(
      ["regions": .array([.int(3011), .int(3022)])], now: utc("2026-02-10T07:00:00Z"))
    try #require(draft.entries.count == 3)
    #expect(draft.entries[2].text == "Tromsø 2 · Trollheimen 3")
    #expect(draft.entries[2].level == 3 && draft.entries[2].short == "2 3")
    #expect(draft.entries[2].classes.contains("emergency"))
  }

  @Test func showPrintsEveryDayFromTheCurrentOneWithEachLinkOnce() async throws {
    try await serve3022(first: "2026-02-10")
    let now = utc("2026-02-10T07:00:00Z")
    let draft = try await harness.timeline(["region": .int(3022)], now: now)
    try #require(draft.entries.count == 3)
    let dir = try TempDir()
    try CacheStore(directory: dir.path).write(
      Timeline(
        widget: "aval", kind: "avalanche", entries: draft.entries, end: draft.end, policy: draft.policy,
        placeholder: Entry(date: 0, runs: [TextRun("…")], alt: "placeholder"), generated: now,
        days: AvalancheProvider.entriesAreDays))
    func show(_ at: String) throws -> String {
      let result = try run(
        Paths.binary("timeline"), ["show", "aval", "--at", at], environment: ["TIMELINE_CACHE_DIR": dir.path])
      #expect(result.status == 0, "\(result)")
      return result.stdout
    }
    let out = try show("2026-02-10T07:00:00Z")
    let days = ["2026-02-10", "2026-02-11", "2026-02-12"]
    for day in days {
      #expect(out.contains("— Trollheimen, ") && out.contains(day))
      // The link once per day: in "Full warning: …", not again on a line of its own.
      let link = "https://varsom.no/en/avalanche-bulletins/forecast/Trollheimen/\(day)"
      #expect(out.components(separatedBy: link).count == 2, "\(day)")
      #expect(out.contains("Full warning: \(link)"))
    }
    #expect(out.components(separatedBy: "— Trollheimen, ").count == 4)
    #expect(out.components(separatedBy: "\n" + String(repeating: "─", count: 40) + "\n").count == 3)
    #expect(out.range(of: "2026-02-10")!.lowerBound < out.range(of: "2026-02-12")!.lowerBound)
    // From the second day on, only the later days.
    let later = try show("2026-02-11T12:00:00Z")
    #expect(later.components(separatedBy: "— Trollheimen, ").count == 3)
    #expect(!later.contains("forecast/Trollheimen/2026-02-10"))
  }
}
