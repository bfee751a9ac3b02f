import Foundation
import Testing
import TimelineCore
import TimelineTestSupport

@testable import Providers

private let utc = AvalancheFixture.utc

@Suite struct AvalancheSwedenTests {
  let harness: AvalancheHarness
  init() throws { harness = try AvalancheHarness() }

  /// Serves the recorded reply for every query on `/wfs`. The replies were recorded in
  /// Swedish (`lang:sv`); the same body answers `lang:en` too, which a process in English
  /// (the tests') asks for by default: the parser reads fields and numbers, never the
  /// language of the text.
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
    // The forecast valid now (Stockholm wall clock), not merely the latest published; in
    // English, the language of a user who is not Swedish.
    #expect(log.paths.first?.hasSuffix("viewparams=lang:en;location:2;valid_date:2026-03-01%2012:00") == true)

    // Valid 18:00 the day before → 18:00; the outlook runs to 18:00 the next day.
    #expect(draft.entries.map(\.date) == [utc("2026-02-28T17:00:00Z"), utc("2026-03-01T17:00:00Z")])
    #expect(draft.end == utc("2026-03-02T17:00:00Z"))
    #expect(draft.policy == .after(utc("2026-03-01T17:01:00Z")))

    let forecast = draft.entries[0]
    #expect(forecast.runs == [TextRun("Abisko/Riksgränsenfjällen 4", color: "#ed462f", bold: true)])
    #expect(forecast.level == 4 && forecast.relevance?.score == 85 && forecast.isUrgent)
    #expect(forecast.tooltip[0] == "Sunday 2026-03-01")
    #expect(forecast.tooltip[1] == "Abisko/Riksgränsenfjällen: 4 High")
    #expect(forecast.tooltip[2] == "Måndag - Lavinväder")
    #expect(forecast.tooltip[3].hasPrefix("Typiskt lavinväder väntas under kommande dygn. Hårda vindar"))
    #expect(!forecast.tooltip.contains { $0.contains("<") || $0.contains("&nbsp;") })
    #expect(forecast.tooltip.contains("• Bestående flak, N NE E SE S, above the treeline, at the treeline"))
    #expect(
      forecast.detail.map(\.plainText).contains(
        "• Drevsnö, N NE E SE S, above the treeline, at the treeline — Touchy, Specific"))
    #expect(forecast.tooltip.last == "Lavinprognoser från Naturvårdsverket, www.lavinprognoser.se")
    #expect(forecast.url == "https://lavinprognoser.se/en/current-avalanche-bulletins/abisko_riksgransfjallen/")

    let outlook = draft.entries[1]
    #expect(outlook.text == "Abisko/Riksgränsenfjällen 3")
    #expect(outlook.classes == ["avalanche", "level-3", "tendency"])
    #expect(outlook.tooltip[0] == "Monday 2026-03-02")
    #expect(outlook.tooltip[1] == "Abisko/Riksgränsenfjällen: 3 Considerable (tendency)")
  }

  @Test func swedishByOptionAndSeveralAreas() async throws {
    try await serve("wfs-sv-2021-03-01.json", from: "2021-03-01", to: "2026-03-01")
    let draft = try await harness.timeline(
      [
        "country": .string("se"), "areas": .array([.int(8), .int(1)]), "language": .string("sv"),
        "palette": .string("eaws"),
      ],
      now: utc("2026-03-01T11:00:00Z"))
    let log = try await harness.server.log()
    #expect(log.paths.first?.hasSuffix("viewparams=lang:sv;valid_date:2026-03-01%2012:00") == true)
    #expect(draft.entries[0].text == "Kebnekaisefjällen 4 · Västra Vindelfjällen 3")
    #expect(draft.entries[0].runs.map(\.color) == ["#ff0000", nil, "#ff9900"])
    #expect(draft.entries[0].tooltip.contains("Kebnekaisefjällen: 4 High"))
    #expect(draft.entries[0].url == "https://lavinprognoser.se/oversikt-alla-omraden/kebnekaisefjallen/")
  }

  /// The fixture shifted to `to`, with each area's properties edited by `edit`.
  func edited(from: String, to: String, _ edit: (Int, inout [String: Any]) -> Void) throws -> String {
    let text = try AvalancheFixture.shifted(try AvalancheFixture.text("wfs-sv-2021-03-01.json"), from: from, to: to)
    var root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    var features = try #require(root["features"] as? [[String: Any]])
    for index in features.indices {
      var properties = try #require(features[index]["properties"] as? [String: Any])
      edit(try #require(properties["area_id"] as? Int), &properties)
      features[index]["properties"] = properties
    }
    root["features"] = features
    return String(decoding: try JSONSerialization.data(withJSONObject: root), as: UTF8.self)
  }

  /// The query of a widget without its own `language` in an English process: `lang:en`.
  static let query =
    "?service=WFS&version=1.0.0&request=GetFeature&typeName=lavinprognoser:published_forecasts"
    + "&outputformat=application/json&viewparams=lang:en;location:2"

  @Test func betweenPublicationAnd18TheCurrentForecastStillShows() async throws {
    // 17:30 in Stockholm: tomorrow's forecast (valid from 18:00) is already published.
    let now = utc("2026-03-01T16:30:00Z")
    let current = try AvalancheFixture.shifted(
      try AvalancheFixture.text("wfs-sv-2021-03-01.json"), from: "2021-03-01", to: "2026-03-01")
    let upcoming = try edited(from: "2021-03-01", to: "2026-03-02") { _, properties in properties["risk"] = 2 }
    // A server that honours valid_date answers with the forecast valid now.
    try await harness.route([
      "/wfs" + Self.query + ";valid_date:2026-03-01%2017:30": (current, 200), "/wfs": (upcoming, 200),
    ])
    let draft = try await harness.timeline(["country": .string("se"), "area": .int(2)], now: now)
    #expect(draft.entries.map(\.date) == [utc("2026-02-28T17:00:00Z"), utc("2026-03-01T17:00:00Z")])
    #expect(draft.entries[0].text == "Abisko/Riksgränsenfjällen 4" && draft.entries[0].date <= now)
    #expect(draft.policy == .after(utc("2026-03-01T17:01:00Z")))

    // One that ignores it (only the newest forecast): the cached entry valid now bridges
    // the gap instead of a placeholder until 18:00.
    try await harness.route(["/wfs": (upcoming, 200)])
    let alone = try await harness.timeline(["country": .string("se"), "area": .int(2)], now: now)
    #expect(alone.entries.first.map { $0.date > now } == true)
    let previous = Timeline(
      widget: "avalanche", kind: "avalanche", entries: draft.entries, end: draft.end, policy: draft.policy,
      placeholder: Entry(date: 0, runs: [], alt: "placeholder"), generated: now - 3600)
    var context = try harness.context(["country": .string("se"), "area": .int(2)], now: now)
    context.previous = previous
    let merged = try await AvalancheProvider(config: context.config).timeline(context: context)
    #expect(
      merged.entries.map(\.date) == [
        utc("2026-02-28T17:00:00Z"), utc("2026-03-01T17:00:00Z"), utc("2026-03-02T17:00:00Z"),
      ])
    #expect(
      merged.entries.map(\.text) == [
        "Abisko/Riksgränsenfjällen 4", "Abisko/Riksgränsenfjällen 2", "Abisko/Riksgränsenfjällen 3",
      ])
    #expect(merged.end == utc("2026-03-03T17:00:00Z"))
    #expect(BaniDBFixture.cached(merged, kind: "avalanche").current(at: now)?.text == "Abisko/Riksgränsenfjällen 4")
  }

  @Test func eachAreaKeepsItsOwnValidityWindow() async throws {
    // Kebnekaise (8) is still on a long "not assessed" window; Västra Vindelfjällen (1)
    // has the usual 18:00 → 18:00 forecast plus an outlook.
    let text = try edited(from: "2021-03-01", to: "2026-03-01") { area, properties in
      guard area == 8 else { return }
      properties["valid_from"] = "2026-02-01 07:00"
      properties["valid_to"] = "2026-03-15 17:59"
      properties["risk"] = 0
      properties["trend_risk"] = 0
    }
    try await harness.route(["/wfs": (text, 200)])
    let now = utc("2026-03-01T11:00:00Z")
    for order in [[1, 8], [8, 1]] {
      let draft = try await harness.timeline(
        ["country": .string("se"), "areas": .array(order.map { .int($0) })], now: now)
      // Vindelfjällen's window decides the switch at 18:00 and the end, whichever area
      // leads; Kebnekaise stays on its own window in both entries.
      #expect(draft.entries.map(\.date) == [utc("2026-02-28T17:00:00Z"), utc("2026-03-01T17:00:00Z")], "\(order)")
      #expect(draft.end == utc("2026-03-02T17:00:00Z"), "\(order)")
      #expect(draft.policy == .after(utc("2026-03-01T17:01:00Z")), "\(order)")
      for entry in draft.entries {
        #expect(entry.text.contains("Västra Vindelfjällen 3") && entry.text.contains("Kebnekaisefjällen ?"), "\(order)")
        #expect(entry.tooltip.contains("valid 2026-02-01 – 2026-03-15"), "\(order)")
      }
      #expect(draft.entries[1].tooltip.contains("Västra Vindelfjällen: 3 Considerable (tendency)"), "\(order)")
      #expect(draft.entries[1].tooltip.contains("Kebnekaisefjällen: ? Not assessed"), "\(order)")
    }
  }

  @Test func outlookUsesTrendTitleWhenThereIsNoTrendText() async throws {
    let text = try edited(from: "2021-03-01", to: "2026-03-01") { _, properties in
      properties["trend_title"] = "Fortsatt <b>stor</b> fara"
      properties["trend_content"] = NSNull()
    }
    try await harness.route(["/wfs": (text, 200)])
    let draft = try await harness.timeline(
      ["country": .string("se"), "area": .int(2)], now: utc("2026-03-01T11:00:00Z"))
    try #require(draft.entries.count == 2)
    #expect(draft.entries[1].tooltip.contains("Fortsatt stor fara"))
    #expect(!draft.entries[1].tooltip.contains("Outlook"))
  }

  @Test func offSeasonShowsTheSeasonNote() async throws {
    try await serve("wfs-sv-2022-11-29-offseason.json", from: "2022-11-29", to: "2026-11-29")
    let now = utc("2026-11-29T11:00:00Z")
    let draft = try await harness.timeline(["country": .string("se"), "area": .int(1)], now: now)
    try #require(draft.entries.count == 1)
    let entry = draft.entries[0]
    #expect(entry.runs == [TextRun("Västra Vindelfjällen ?", color: "#969696")])
    #expect(entry.level == 0 && entry.alt == "level-0")
    #expect(entry.tooltip[0] == "Sunday 2026-11-29")
    #expect(entry.tooltip[1] == "Västra Vindelfjällen: ? Not assessed")
    #expect(entry.tooltip.contains("valid 2026-09-01 – 2026-12-15"))
    #expect(entry.tooltip.contains("Prognossäsongen startar 15 december"))
    #expect(
      entry.tooltip.contains(
        "Här hittar du dagliga lavinprognoser för Västra Vindelfjällen från och med den 15 december."))
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
    let source = LavinprognoserSource(base: Service.lavinprognoser.defaultURL, areas: [2], language: .sv)
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

  @Test func markupEdgesAsTheFivePatternsRead() {
    // Case, attributes and spaces in tags; a style block whose name only starts alike;
    // <br/> and closing block tags with spaces; an unclosed comment falls back to the
    // plain tag rule; "<" up to the next ">" is a tag, a "<" with no ">" after it stays.
    let cases: [(String, String)] = [
      ("a<BR/>b<br >c</P >d</h3>e", "a\nb\nc\nd\ne"),
      ("x<STYLE type=\"t\">p{}</style >y", "x y"),
      ("x<styles>kept</styles>y", "xkepty"),
      ("x<!-- open > y", "x y"),
      ("1 < 2 and 3 > 2", "1 2"),
      ("a < b", "a < b"),
      ("a<![if !supportLists]>·<![endif]>b", "a b"),
      ("a<script>if (a<b) {}</script>b", "a b"),
    ]
    for (html, text) in cases { #expect(HTMLText.plain(html) == text, "\(html)") }
  }
}
