import Foundation
import Testing
import TimelineCore
import TimelineTestSupport

@testable import Providers

private let utc = AvalancheFixture.utc

@Suite struct AvalancheSwedenTests {
  let harness: AvalancheHarness
  init() throws { harness = try AvalancheHarness() }

  func serve(_ name: String, from: String, to: String) async throws {
    let text = try AvalancheFixture.shifted(try AvalancheFixture.text(name), from: from, to: to)
    try await harness.route(["/wfs": (text, 200)])
  }

  @Test func inSeasonForecastAndOutlook() async throws {
    try await serve("wfs-sv-2021-03-01.json", from: "2021-03-01", to: "2026-03-01")
    let now = utc("2026-03-01T11:00:00Z")  // 12:00 in Stockholm
    let draft = try await harness.timeline(["country": .string("se"), "area": .int(2)], now: now)
    let log = try await harness.server.log()
    #expect(log.paths.first?.contains("typeName=lavinprognoser:published_forecasts") == true)
    #expect(log.paths.first?.contains("outputformat=application/json") == true)
    #expect(log.paths.first?.hasSuffix("viewparams=lang:sv;location:2") == true)

    // Valid 18:00 the day before → 18:00; the outlook runs to 18:00 the next day.
    #expect(draft.entries.map(\.date) == [utc("2026-02-28T17:00:00Z"), utc("2026-03-01T17:00:00Z")])
    #expect(draft.end == utc("2026-03-02T17:00:00Z"))
    #expect(draft.policy == .after(utc("2026-03-01T17:01:00Z")))

    let forecast = draft.entries[0]
    #expect(forecast.runs == [TextRun("Abisko/Riksgränsenfjällen 4", color: "#ed462f", bold: true)])
    #expect(forecast.level == 4 && forecast.relevance == 0.8 && forecast.isUrgent)
    #expect(forecast.tooltip[0] == "söndag 2026-03-01")
    #expect(forecast.tooltip[1] == "Abisko/Riksgränsenfjällen: 4 Stor")
    #expect(forecast.tooltip[2] == "Måndag - Lavinväder")
    #expect(forecast.tooltip[3].hasPrefix("Typiskt lavinväder väntas under kommande dygn. Hårda vindar"))
    #expect(!forecast.tooltip.contains { $0.contains("<") || $0.contains("&nbsp;") })
    #expect(forecast.tooltip.contains("• Bestående flak, N NO Ö SO S, ovan trädgränsen, vid trädgränsen"))
    #expect(forecast.detail.map(\.plainText).contains("• Drevsnö, N NO Ö SO S, ovan trädgränsen, vid trädgränsen — Touchy, Specific"))
    #expect(forecast.tooltip.last == "Lavinprognoser från Naturvårdsverket, www.lavinprognoser.se")
    #expect(forecast.url == "https://lavinprognoser.se/oversikt-alla-omraden/abisko_riksgransfjallen/")

    let outlook = draft.entries[1]
    #expect(outlook.text == "Abisko/Riksgränsenfjällen 3")
    #expect(outlook.classes == ["avalanche", "level-3", "tendency"])
    #expect(outlook.tooltip[0] == "måndag 2026-03-02")
    #expect(outlook.tooltip[1] == "Abisko/Riksgränsenfjällen: 3 Betydande (tendens)")
  }

  @Test func englishLabelsAndSeveralAreas() async throws {
    try await serve("wfs-sv-2021-03-01.json", from: "2021-03-01", to: "2026-03-01")
    let draft = try await harness.timeline(
      ["country": .string("se"), "areas": .array([.int(8), .int(1)]), "language": .string("en"), "palette": .string("eaws")],
      now: utc("2026-03-01T11:00:00Z"))
    let log = try await harness.server.log()
    #expect(log.paths.first?.hasSuffix("viewparams=lang:en") == true)
    #expect(draft.entries[0].text == "Kebnekaisefjällen 4 · Västra Vindelfjällen 3")
    #expect(draft.entries[0].runs.map(\.color) == ["#ff0000", nil, "#ff9900"])
    #expect(draft.entries[0].tooltip.contains("Kebnekaisefjällen: 4 High"))
    #expect(draft.entries[0].url == "https://lavinprognoser.se/en/current-avalanche-bulletins/kebnekaisefjallen/")
  }

  @Test func offSeasonShowsTheSeasonNote() async throws {
    try await serve("wfs-sv-2022-11-29-offseason.json", from: "2022-11-29", to: "2026-11-29")
    let now = utc("2026-11-29T11:00:00Z")
    let draft = try await harness.timeline(["country": .string("se"), "area": .int(1)], now: now)
    try #require(draft.entries.count == 1)
    let entry = draft.entries[0]
    #expect(entry.runs == [TextRun("Västra Vindelfjällen ?", color: "#969696")])
    #expect(entry.level == 0 && entry.alt == "level-0")
    #expect(entry.tooltip[0] == "söndag 2026-11-29")
    #expect(entry.tooltip[1] == "Västra Vindelfjällen: ? Ej bedömd")
    #expect(entry.tooltip.contains("gäller 2026-09-01 – 2026-12-15"))
    #expect(entry.tooltip.contains("Prognossäsongen startar 15 december"))
    #expect(entry.tooltip.contains("Här hittar du dagliga lavinprognoser för Västra Vindelfjällen från och med den 15 december."))
    #expect(entry.date <= now)
    #expect(draft.end == utc("2026-12-15T16:59:00Z"))
    #expect(draft.policy == .after(utc("2026-11-29T17:01:00Z")))
  }

  @Test func missingAreaNamesTheIdAndTheCommand() async throws {
    try await serve("wfs-sv-2021-03-01.json", from: "2021-03-01", to: "2026-03-01")
    let error = await #expect(throws: ProviderError.self) {
      try await harness.timeline(["country": .string("se"), "area": .int(15)], now: utc("2026-03-01T11:00:00Z"))
    }
    #expect(error?.message.contains("area 15") == true)
    #expect(error?.message.contains("timeline regions --country se") == true)
    #expect(error?.isConfig == false)
  }

  @Test func overdueForecastRetriesWithinTheHour() {
    let source = LavinprognoserSource(base: "", areas: [2], language: .sv)
    let validTo = utc("2026-03-01T17:00:00Z")
    #expect(source.policy(now: utc("2026-03-01T17:30:00Z"), validTo: validTo) == .after(utc("2026-03-01T18:30:00Z")))
  }

  @Test func htmlFromWordBecomesPlainText() {
    let html = """
      <!--[if gte mso 9]><xml><w:WordDocument>x</w:WordDocument></xml><![endif]--><style>p{color:red}</style>\
      <p class="MsoNormal">Stor&nbsp;fara &amp; <b>drevsnö</b>&#45;flak&nbsp;&lt;1&gt;</p><div><br></div>\
      <script>alert(1)</script><div>Andra   stycket &#x2013; slut &quot;ok&quot; &#39;x&#39;</div>
      """
    #expect(HTMLText.plain(html) == "Stor fara & drevsnö-flak <1>\nAndra stycket – slut \"ok\" 'x'")
  }
}
