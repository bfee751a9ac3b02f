import Foundation
import Testing
import TimelineTestSupport

/// The user's language end to end: the catalogs compiled from po/ with msgfmt, real
/// locales generated with localedef into a directory of the test's own (LOCPATH), the built
/// `timeline refresh` against a loopback Varsom serving Tromsø's days (moved to today),
/// then the bars, `timeline show` and `timeline status` in that language.
@Suite(.serialized) struct LanguageTests {
  let lab: LanguageLab
  var dir: TempDir { lab.dir }
  let server: FixtureServer

  init() throws {
    lab = try LanguageLab(locales: ["nb_NO", "sv_SE", "de_AT", "pa_IN"])
    // Tromsø: level 2 today, 3 tomorrow (the recorded days moved so the first is today).
    let oslo = try today(in: "Europe/Oslo")
    var days = try String(
      contentsOfFile: Paths.fixture("ProvidersTests/Fixtures/avalanche/simple-3011-nb-2026-03-01.json"), encoding: .utf8
    )
    for offset in (-1)...3 {
      days = days.replacingOccurrences(
        of: try isoDay("2026-03-01", plus: offset), with: try isoDay(oslo, plus: offset))
    }
    var warnings = try JSONSerialization.jsonObject(with: Data(days.utf8)) as? [[String: Any]] ?? []
    try #require(warnings.count == 3)
    warnings[1]["DangerLevel"] = "3"
    let file = lab.dir.file("tromso.json")
    try JSONSerialization.data(withJSONObject: warnings).write(to: URL(fileURLWithPath: file))
    server = try FixtureServer(routes: ["/api/AvalancheWarningByRegion/Detail/*": ["file": file]])
  }

  /// A refresh in `environment` (over a fresh cache and config), then what the bars show.
  func refresh(_ environment: [String: String], config language: String? = nil) async throws -> (
    paths: [String], env: [String: String]
  ) {
    let name = UUID().uuidString
    let config = try dir.write(
      name + ".toml",
      (language.map { "language = \"\($0)\"\n\n" } ?? "")
        + "[sources]\nvarsom = \"\(server.baseURL)/api\"\n\n[widgets.avalanche]\nkind = \"avalanche\"\nregion = 3011\n")
    var env = try lab.environment(locale: "C", config: config, name: name)
    env.merge(environment) { $1 }
    let before = try await server.log().paths.count
    let result = try run(Paths.binary("timeline"), ["refresh"], environment: env)
    #expect(result.status == 0, "\(result)")
    return (Array(try await server.log().paths.dropFirst(before)), env)
  }

  func emit(_ format: String, _ env: [String: String], _ extra: [String] = []) throws -> String {
    try run(Paths.binary("timeline-emit"), [format, "avalanche"] + extra, environment: env).stdout
  }

  @Test(arguments: [
    ("nb_NO.UTF-8", "1", "i morgen", "2 Moderat"),
    ("sv_SE.UTF-8", "2", "i morgon", "2 Måttlig"),
    ("de_AT.UTF-8", "2", "morgen", "2 mäßig"),
    ("pa_IN.UTF-8", "2", "ਕੱਲ੍ਹ", "2 ਦਰਮਿਆਨਾ"),
  ])
  func eachLanguageInEveryBar(locale: String, varsom: String, tomorrow: String, level: String) async throws {
    let (paths, env) = try await refresh(["LANG": locale])
    // Varsom is asked in Norwegian (1) for a Norwegian user, else in English (2).
    #expect(paths.allSatisfy { $0.contains("/Detail/3011/\(varsom)/") }, "\(paths)")
    let waybar = try emit("waybar", env)
    #expect(waybar.contains("Tromsø: \(level)"), "\(waybar)")
    let show = try run(Paths.binary("timeline"), ["show", "avalanche"], environment: env).stdout
    #expect(show.contains(level), "\(show)")
    // Tomorrow, browsed from the bar: the day word the refresh's language gives.
    let browsed = try run(Paths.binary("timeline"), ["browse", "avalanche", "next", "--quiet"], environment: env)
    #expect(browsed.status == 0, "\(browsed)")
    for format in ["polybar", "tmux", "plain", "xmobar", "lemonbar", "conky", "i3blocks", "i3bar"] {
      let line = try emit(format, env)
      // A bar that does not shape Gurmukhi gets Punjabi words transliterated (`UnshapedText`).
      let unshaped =
        tomorrow.unicodeScalars.contains { $0.value >= 0x0A00 && $0.value <= 0x0A7F }
        && ["polybar", "xmobar", "lemonbar", "conky"].contains(format)
      #expect(line.contains(unshaped ? " ▸ " : "\(tomorrow) ▸ ") && line.contains("Tromsø 3"), "\(format): \(line)")
      #expect(!line.contains("tomorrow"), "\(format): \(line)")
    }
    // waybar says it in the tooltip, with the class `browsing`.
    let line = try emit("waybar", env)
    #expect(line.contains("▸ \(tomorrow) ") && line.contains("Tromsø 3") && line.contains("\"browsing\""), "\(line)")
  }

  @Test func theConfigsLanguageWinsOverAnEnglishLocale() async throws {
    let (paths, env) = try await refresh(["LANG": "C.UTF-8", "LANGUAGE": "en"], config: "de")
    #expect(paths.allSatisfy { $0.contains("/Detail/3011/2/") }, "\(paths)")
    #expect(try emit("waybar", env).contains("Tromsø: 2 mäßig"))
    let status = try run(Paths.binary("timeline"), ["status"], environment: env).stdout
    #expect(status.contains("nächste Aktualisierung:"), "\(status)")
  }

  @Test func aLocaleNotGeneratedStillSpeaksItsLanguage() async throws {
    // No locales at all beside the system's (C, C.UTF-8), and LANGUAGE under LANG=C, which
    // gettext alone would ignore.
    let (_, ungenerated) = try await refresh(["LANG": "nb_NO.UTF-8", "LOCPATH": dir.file("none")])
    let (_, bare) = try await refresh(["LANGUAGE": "nb", "LANG": "C"])
    for env in [ungenerated, bare] {
      let line = try emit("waybar", env)
      #expect(line.contains("Tromsø: 2 Moderat"), "\(line)")
    }
  }

  @Test func anUnknownLanguageIsEnglish() async throws {
    let (paths, env) = try await refresh(["LANG": "xx_XX.UTF-8"])
    #expect(paths.allSatisfy { $0.contains("/Detail/3011/2/") }, "\(paths)")
    #expect(try emit("waybar", env).contains("Tromsø: 2 Moderate"))
    #expect(!FileManager.default.fileExists(atPath: env["TIMELINE_CACHE_DIR", default: ""] + "/.words"))
  }
}
