import Foundation
import Testing
import TimelineTestSupport

/// A widget's config hash covers what it fetches apart from how it is shown: a
/// presentation edit (`line`, `[bars] polybar_gurmukhi_font`) reaches the bars through
/// `timeline reload` from the cache, with no request; an edit of another service's
/// `[sources]` URL makes no other widget due. The built binaries against a loopback
/// server whose request log is read after each step.
@Suite(.serialized) struct PresentationSettingsTests {
  let dir: TempDir
  let server: FixtureServer

  init() throws {
    dir = try TempDir()
    let fixtures = Paths.fixture("ProvidersTests/Fixtures")
    var hukam = try ProvidersEndToEndTests.json(fixtures + "/banidb/hukamnama-latest-2025-10-13.json")
    let today = try ProvidersEndToEndTests.day(in: "Asia/Kolkata")
    hukam["date"] = ["gregorian": ["year": today.year, "month": today.month, "date": today.day]]
    hukam.removeValue(forKey: "isLatest")
    let hukamFile = dir.file("hukam.json")
    try JSONSerialization.data(withJSONObject: hukam).write(to: URL(fileURLWithPath: hukamFile))
    server = try FixtureServer(routes: ["/v2/hukamnamas/*": ["file": hukamFile]])
  }

  func config(line: String?, font: Int?, varsom: String) throws -> String {
    try dir.write(
      "config.toml",
      """
      [sources]
      banidb = "\(server.baseURL)/v2"
      varsom = "\(varsom)"

      [bars]
      tmux = false
      \(font.map { "polybar_gurmukhi_font = \($0)" } ?? "")

      [widgets.hukamnama]
      kind = "hukamnama"
      \(line.map { "line = \"\($0)\"" } ?? "")
      """)
  }

  var env: [String: String] { ["TIMELINE_CACHE_DIR": dir.file("cache"), "TIMELINE_CONFIG": dir.file("config.toml")] }

  func timeline(_ arguments: [String]) throws -> RunResult {
    try run(Paths.binary("timeline"), arguments, environment: env)
  }

  func emit(_ arguments: [String]) throws -> String {
    try run(Paths.binary("timeline-emit"), arguments, environment: env).stdout
  }

  @Test func aPresentationEditReachesTheBarWithNoRequest() async throws {
    _ = try config(line: nil, font: nil, varsom: "https://varsom.invalid/api")
    let first = try timeline(["refresh"])
    #expect(first.status == 0 && first.stderr.contains("hukamnama: refreshed"), "\(first)")
    let fetched = try await server.log().paths.count
    #expect(fetched >= 1)
    let gurmukhi = try emit(["plain", "hukamnama"])
    let translation = try emit(["plain", "hukamnama", "--line", "translation"])
    #expect(gurmukhi != translation && !translation.isEmpty)

    // Another service's URL: not due, nothing fetched.
    _ = try config(line: nil, font: nil, varsom: "https://other.invalid/api")
    let unrelated = try timeline(["refresh"])
    #expect(unrelated.stderr.contains("hukamnama: not due"), "\(unrelated)")

    // The line to show: status says the cache has older settings; reload applies them
    // from the cache, with no request.
    _ = try config(line: "translation", font: 3, varsom: "https://other.invalid/api")
    let status = try timeline(["status"])
    #expect(status.stdout.contains("older display settings"), "\(status.stdout)")
    let json = try timeline(["status", "--json"]).stdout
    #expect(json.contains("\"settings\""), "\(json)")
    let reload = try timeline(["reload", "hukamnama"])
    #expect(reload.status == 0, "\(reload)")
    #expect(reload.stdout.contains("new settings applied"), "\(reload)")
    #expect(try await server.log().paths.count == fetched, "reload fetched after a presentation-only edit")
    #expect(try emit(["plain", "hukamnama"]) == translation)
    // The polybar font index the cache carries now: the Gurmukhi form in %{T3}.
    #expect(try emit(["polybar", "hukamnama", "--line", "gurmukhi"]).contains("%{T3}"))
    #expect(!(try timeline(["status"]).stdout.contains("settings:")))
    // Nothing is due afterwards either.
    #expect(try timeline(["refresh"]).stderr.contains("hukamnama: not due"))
    #expect(try await server.log().paths.count == fetched)

    // An option that changes what is fetched still makes the widget due.
    _ = try dir.write(
      "config.toml",
      try String(contentsOfFile: dir.file("config.toml"), encoding: .utf8)
        .replacingOccurrences(of: "banidb = \"\(server.baseURL)/v2\"", with: "banidb = \"\(server.baseURL)/v3\""))
    #expect(try timeline(["status"]).stdout.contains("the config changed since the cache was written"))
  }
}
