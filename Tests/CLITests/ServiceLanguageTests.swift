import Foundation
import Testing
import TimelineTestSupport

/// The services asked in the user's language, and a widget's own `language` or
/// `translation` over it: the built `timeline refresh` against the loopback fixture server,
/// whose log holds every request. Each refresh runs at the instant its recorded reply was
/// valid (`LanguageLab.timeline(at:)`), so no date in a reply is moved. The replies were
/// recorded in one language (Varsom's in Norwegian, lavinprognoser's in Swedish, the EAWS
/// and SLF bulletins in English) and answer a request in any: the parsers read fields and
/// numbers, not the language of the text, and what is checked is the request. No locale is
/// generated: the language is the same either way (LanguageTests runs both).
@Suite(.serialized) struct ServiceLanguageTests {
  let lab: LanguageLab
  let server: FixtureServer

  init() throws {
    lab = try LanguageLab(locales: [])
    let fixtures = Paths.fixture("ProvidersTests/Fixtures/")
    server = try FixtureServer(routes: [
      "/varsom/AvalancheWarningByRegion/Detail/*": ["file": fixtures + "avalanche/simple-3011-nb-2026-03-01.json"],
      "/wfs*": ["file": fixtures + "avalanche/wfs-sv-2021-03-01.json"],
      // Tomorrow's Tirol file is not out yet (404), which is no error.
      "/report/2023-11-27/*": ["file": fixtures + "eaws/test_albina_2023_11_27.json"],
      "/slf/*": ["file": fixtures + "eaws/test_CH_2023_11_27.json"],
      "/banidb/hukamnamas/*": ["file": fixtures + "banidb/hukamnama-2026-03-02-two-shabads.json"],
    ])
  }

  /// One widget refreshed under `locale` in `zone` at `instant`; the paths it asked for.
  func refresh(
    _ widget: String, locale: String, zone: String, at instant: String, name: String = UUID().uuidString
  ) async throws -> (paths: [String], env: [String: String]) {
    let base = server.baseURL
    let config = try lab.dir.write(
      name + ".toml",
      """
      [sources]
      varsom = "\(base)/varsom"
      lavinprognoser = "\(base)/wfs"
      avalanche-report = "\(base)/report"
      slf = "\(base)/slf"
      banidb = "\(base)/banidb"

      [widgets.w]
      \(widget)

      """)
    let env = try lab.environment(locale: locale, zone: zone, config: config, name: name)
    let before = try await server.log().paths.count
    let result = try LanguageLab.timeline(["refresh"], env, at: instant)
    #expect(result.status == 0, "\(result)")
    return (Array(try await server.log().paths.dropFirst(before)), env)
  }

  struct Asked: Sendable, CustomTestStringConvertible {
    var locale: String
    var widget: String
    var zone: String
    var instant: String
    /// What every request of the refresh holds.
    var asks: String
    var testDescription: String { "\(locale): \(widget.split(separator: "\n").joined(separator: ", ")) asks \(asks)" }
  }

  static let oslo = ("Europe/Oslo", "2026-03-01 13:00:00")
  static let stockholm = ("Europe/Stockholm", "2021-03-01 12:00:00")
  static let vienna = ("Europe/Vienna", "2023-11-27 11:00:00")
  static let zurich = ("Europe/Zurich", "2023-11-27 09:00:00")

  static let cases: [Asked] = [
    // Varsom: 1 Norwegian, 2 English.
    Asked(
      locale: "nb_NO.UTF-8", widget: "kind = \"avalanche\"\nregion = 3011", zone: oslo.0, instant: oslo.1,
      asks: "/Detail/3011/1/"),
    Asked(
      locale: "nb_NO.UTF-8", widget: "kind = \"avalanche\"\nregion = 3011\nlanguage = \"en\"", zone: oslo.0,
      instant: oslo.1, asks: "/Detail/3011/2/"),
    // lavinprognoser: Swedish for a Swedish user, English for anyone else.
    Asked(
      locale: "sv_SE.UTF-8", widget: "kind = \"avalanche\"\ncountry = \"se\"\narea = 2", zone: stockholm.0,
      instant: stockholm.1, asks: "viewparams=lang:sv;location:2;"),
    Asked(
      locale: "sv_SE.UTF-8", widget: "kind = \"avalanche\"\ncountry = \"se\"\narea = 2\nlanguage = \"en\"",
      zone: stockholm.0, instant: stockholm.1, asks: "viewparams=lang:en;location:2;"),
    Asked(
      locale: "nb_NO.UTF-8", widget: "kind = \"avalanche\"\ncountry = \"se\"\narea = 2", zone: stockholm.0,
      instant: stockholm.1, asks: "viewparams=lang:en;location:2;"),
    // avalanche.report: the Tirol file in the language.
    Asked(
      locale: "de_AT.UTF-8", widget: "kind = \"avalanche\"\ncountry = \"at\"\nregion = \"AT-07-20\"", zone: vienna.0,
      instant: vienna.1, asks: "_AT-07_de_CAAMLv6.json"),
    Asked(
      locale: "de_AT.UTF-8", widget: "kind = \"avalanche\"\ncountry = \"at\"\nregion = \"AT-07-20\"\nlanguage = \"it\"",
      zone: vienna.0, instant: vienna.1, asks: "_AT-07_it_CAAMLv6.json"),
    // SLF: its one current bulletin in the language.
    Asked(
      locale: "de_AT.UTF-8", widget: "kind = \"avalanche\"\ncountry = \"ch\"\nregion = \"CH-1246\"", zone: zurich.0,
      instant: zurich.1, asks: "/slf/bulletin/caaml/de/json"),
    Asked(
      locale: "de_AT.UTF-8", widget: "kind = \"avalanche\"\ncountry = \"ch\"\nregion = \"CH-1246\"\nlanguage = \"fr\"",
      zone: zurich.0, instant: zurich.1, asks: "/slf/bulletin/caaml/fr/json"),
  ]

  @Test(arguments: cases)
  func eachServiceIsAskedInTheLanguage(_ asked: Asked) async throws {
    let (paths, _) = try await refresh(asked.widget, locale: asked.locale, zone: asked.zone, at: asked.instant)
    #expect(!paths.isEmpty && paths.allSatisfy { $0.contains(asked.asks) }, "\(paths)")
  }

  /// The first real line's translation from the recorded Hukamnama, by `translation` key.
  static func translation(_ key: String) throws -> String {
    let path = Paths.fixture("ProvidersTests/Fixtures/banidb/hukamnama-2026-03-02-two-shabads.json")
    let root = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
    let shabad = (root?["shabads"] as? [[String: Any]])?.first
    let verse = (shabad?["verses"] as? [[String: Any]])?[1]
    let parts = key.split(separator: ".").map(String.init)
    let value = ((verse?["translation"] as? [String: Any])?[parts[0]] as? [String: Any])?[parts[1]]
    let text = value as? String ?? (value as? [String: Any])?["unicode"] as? String
    return try #require(text).trimmingCharacters(in: .whitespaces)
  }

  /// BaniDB sends every translation in one reply: the language picks the one shown.
  /// Hindi has no catalog in po/ yet; the lab adds an empty one, as a translator would.
  @Test(
    arguments: [
      ("pa_IN.UTF-8", nil, "pu.ss"), ("pa_IN.UTF-8", "en.bdb", "en.bdb"), ("hi_IN.UTF-8", nil, "hi.ss"),
      ("nb_NO.UTF-8", nil, "en.bdb"),
    ] as [(String, String?, String)])
  func theHukamnamasTranslationIsTheLanguages(locale: String, option: String?, shown: String) async throws {
    try lab.addEmptyCatalog("hi")
    let widget = "kind = \"hukamnama\"" + (option.map { "\ntranslation = \"\($0)\"" } ?? "")
    let (paths, env) = try await refresh(widget, locale: locale, zone: "Asia/Kolkata", at: "2026-03-02 08:00:00")
    #expect(paths == ["/banidb/hukamnamas/2026/3/2"], "\(paths)")
    let show = try LanguageLab.timeline(["show", "w", "--at", "2026-03-02T08:00:00+05:30"], env).stdout
    #expect(show.contains(try Self.translation(shown)), "\(show)")
    for other in ["pu.ss", "hi.ss", "en.bdb"] where other != shown {
      #expect(!show.contains(try Self.translation(other)), "\(other): \(show)")
    }
  }
}
