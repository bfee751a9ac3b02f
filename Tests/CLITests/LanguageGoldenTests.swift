import EmitTestSupport
import Foundation
import Testing
import TimelineTestSupport

/// One widget per language in every bar, byte for byte (`Goldens/<format>/language-<lang>.txt`,
/// and `language-<lang>-large.txt` for conky's and plain's large family). All real: the
/// catalogs compiled from po/, the locale generated, the built `timeline refresh` (and
/// `browse`) against the loopback fixture server at a pinned instant (libfaketime, as the
/// refresh reads the real clock), then the built `timeline-emit` for each format `--at` five
/// seconds later. Norwegian, Swedish and German browse their avalanche widget to the next
/// entry ("i morgen ▸ Tromsø 3"); Punjabi shows today's Hukamnama with its frame.
/// A change to a catalog or to what a bar prints changes these: record them again with
/// `RECORD_GOLDENS=1 swift test --filter LanguageGoldenTests` and read each diff.
@Suite struct LanguageGoldenTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var language: String
    var locale: String
    var zone: String
    /// When the refresh runs, in `zone`; the emitter looks five seconds later (`at`).
    var instant: String
    var at: String
    var widget: String
    /// Whether the bars show the widget browsed one entry ahead.
    var browsed: Bool
    var testDescription: String { language }
  }

  static let cases: [Case] = [
    Case(
      language: "nb", locale: "nb_NO", zone: "Europe/Oslo", instant: "2026-03-01 13:00:00",
      at: "2026-03-01T13:00:05+01:00", widget: "kind = \"avalanche\"\nregion = 3011", browsed: true),
    Case(
      language: "sv", locale: "sv_SE", zone: "Europe/Stockholm", instant: "2021-03-01 12:00:00",
      at: "2021-03-01T12:00:05+01:00", widget: "kind = \"avalanche\"\ncountry = \"se\"\narea = 2", browsed: true),
    Case(
      language: "de", locale: "de_AT", zone: "Europe/Vienna", instant: "2023-11-27 13:00:00",
      at: "2023-11-27T13:00:05+01:00", widget: "kind = \"avalanche\"\ncountry = \"at\"\nregion = \"AT-07-20\"",
      browsed: true),
    Case(
      language: "pa", locale: "pa_IN", zone: "Asia/Kolkata", instant: "2026-03-02 08:00:00",
      at: "2026-03-02T08:00:05+05:30", widget: "kind = \"hukamnama\"", browsed: false),
  ]

  /// The recorded replies, each read at its own instant: Tromsø's days with tomorrow at
  /// level 3, Sweden's forecasts, Tirol's bulletin with tomorrow's (the recorded one moved a
  /// day, "high" for "considerable"), a dated two-shabad Hukamnama. Each service is asked
  /// in the language (ServiceLanguageTests); the recorded text is in one language and
  /// answers any.
  static func server(in dir: TempDir) throws -> FixtureServer {
    let fixtures = Paths.fixture("ProvidersTests/Fixtures/")
    let days = try Data(contentsOf: URL(fileURLWithPath: fixtures + "avalanche/simple-3011-nb-2026-03-01.json"))
    var warnings = try JSONSerialization.jsonObject(with: days) as? [[String: Any]] ?? []
    try #require(warnings.count == 3)
    warnings[1]["DangerLevel"] = "3"
    let tromso = dir.file("tromso.json")
    try JSONSerialization.data(withJSONObject: warnings, options: .sortedKeys).write(to: URL(fileURLWithPath: tromso))
    let tirol = try String(contentsOfFile: fixtures + "eaws/test_albina_2023_11_27.json", encoding: .utf8)
    let tomorrow = try dir.write(
      "tirol-tomorrow.json",
      try DateShift.shift(tirol, from: "2023-11-27", to: "2023-11-28")
        .replacingOccurrences(of: "\"considerable\"", with: "\"high\""))
    return try FixtureServer(routes: [
      "/varsom/AvalancheWarningByRegion/Detail/*": ["file": tromso],
      "/wfs*": ["file": fixtures + "avalanche/wfs-sv-2021-03-01.json"],
      "/report/2023-11-27/*": ["file": fixtures + "eaws/test_albina_2023_11_27.json"],
      "/report/2023-11-28/*": ["file": tomorrow],
      "/banidb/hukamnamas/*": ["file": fixtures + "banidb/hukamnama-2026-03-02-two-shabads.json"],
    ])
  }

  @Test(arguments: cases)
  func everyBarInTheLanguage(_ golden: Case) throws {
    let lab = try LanguageLab(locales: [golden.locale])
    let server = try Self.server(in: lab.dir)
    let base = server.baseURL
    let config = try lab.dir.write(
      "config.toml",
      """
      [sources]
      varsom = "\(base)/varsom"
      lavinprognoser = "\(base)/wfs"
      avalanche-report = "\(base)/report"
      banidb = "\(base)/banidb"

      [widgets.w]
      \(golden.widget)

      """)
    let env = try lab.environment(
      locale: golden.locale + ".UTF-8", zone: golden.zone, config: config, name: golden.language)
    let refreshed = try LanguageLab.timeline(["refresh"], env, at: golden.instant)
    try #require(refreshed.status == 0, "\(refreshed)")
    if golden.browsed {
      let browsed = try LanguageLab.timeline(["browse", "w", "next", "--quiet"], env, at: golden.instant)
      try #require(browsed.status == 0, "\(browsed)")
    }
    // Every format the emitter lists: a new bar fails here until its goldens are recorded.
    let listed = try run(Paths.binary("timeline-emit"), ["--list-formats"])
    let formats = listed.stdout.split(separator: "\n").map(String.init)
    #expect(formats.count >= 9 && formats.contains("conky") && formats.contains("plain"), "\(listed)")
    let runs = formats.map { ($0, [$0], "") } + ["conky", "plain"].map { ($0, [$0, "--family", "large"], "-large") }
    for (format, arguments, suffix) in runs {
      let emitted = try run(Paths.binary("timeline-emit"), arguments + ["w", "--at", golden.at], environment: env)
      #expect(emitted.status == 0, "\(format): \(emitted)")
      let text = String(decoding: emitted.stdoutBytes, as: UTF8.self)
      #expect(text.hasSuffix("\n"), "\(format): \(text)")
      Golden.check(
        String(text.dropLast()), bar: format, name: "language-" + golden.language + suffix)
    }
  }
}
