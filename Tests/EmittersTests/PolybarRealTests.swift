import EmitTestSupport
import Foundation
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

/// A real polybar on a private Xvfb display (HeadlessBar, Tests/Support/xbar_run.sh), with
/// the project's own OpenGurbaniAkhar font (fonts/) through a private fontconfig file: the
/// ASCII GurbaniAkhar line, from a cache `timeline refresh` wrote from a recorded BaniDB
/// shabad, must be drawn with no character dropped and no tag misparsed.
@Suite(.serialized) struct PolybarRealTests {
  let dir: TempDir

  init() throws { dir = try TempDir() }

  /// Runs polybar with one custom/script module running `command`; returns its log.
  func polybar(_ command: String) throws -> String {
    let bar = try HeadlessBar.polybar(
      modulesLeft: "timeline",
      modules: "[module/timeline]\ntype = custom/script\nexec = \(command)\ninterval = 1", name: "polybar", in: dir)
    #expect(bar.result.status == 0, "polybar should run until stopped: \(bar.result)")
    return bar.log
  }

  /// Checks a log: our font loaded from the project, the script ran, the module drew
  /// something wider than `minWidth` pixels, no character was dropped, no tag failed.
  func expectDrawn(_ log: String, minWidth: Int, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(log.contains("Loaded font \"OpenGurbaniAkhar"), "log:\n\(log)", sourceLocation: sourceLocation)
    #expect(log.contains("/fonts/OpenGurbaniAkhar/OpenGurbaniAkhar-Regular.otf"), sourceLocation: sourceLocation)
    #expect(log.contains("Invoking shell command"), sourceLocation: sourceLocation)
    #expect(!log.contains("Dropping unmatched character"), "log:\n\(log)", sourceLocation: sourceLocation)
    #expect(
      !log.lowercased().contains("parser error") && !log.contains("Failed to parse"), sourceLocation: sourceLocation)
    let width = HeadlessBar.polybarWidth(log)
    #expect(width >= minWidth, "module width drawn: \(width)", sourceLocation: sourceLocation)
  }

  @Test func theASCIILineFromARealRefreshIsDrawnWithTheFont() throws {
    let fixtures = Paths.fixture("ProvidersTests/Fixtures/banidb")
    let hukam =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: fixtures + "/hukamnama-latest-2025-10-13.json"))) as? [String: Any]
    let shabad = try #require((hukam?["shabads"] as? [Any])?.first)
    let shabadFile = dir.file("shabad.json")
    try JSONSerialization.data(withJSONObject: shabad).write(to: URL(fileURLWithPath: shabadFile))
    let server = try FixtureServer(routes: ["/v2/shabads/*": ["file": shabadFile]])
    // A saved line with the conjunct ਪ੍ਰਭ (ASCII `pRB`), as a Gurbani Khoj export lists it.
    _ = try dir.write(
      "saved.gkhoj",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><array><array>
      <string>jwp qwp Bgiq sw pUrI jo pRB kY min BweI ]</string><integer>2565</integer>
      </array></array></plist>
      """)
    let config = try dir.write(
      "config.toml",
      """
      [sources]
      banidb = "\(server.baseURL)/v2"

      [bars]
      polybar_gurmukhi_font = 2

      [widgets.saved]
      kind = "favourites"
      import = "saved.gkhoj"
      """)
    let cache = dir.file("cache")
    let refresh = try run(
      Paths.binary("timeline"), ["refresh", "saved"],
      environment: ["TIMELINE_CONFIG": config, "TIMELINE_CACHE_DIR": cache])
    #expect(refresh.status == 0, "\(refresh)")
    let emit = try run(Paths.binary("timeline-emit"), ["polybar", "saved"], environment: ["TIMELINE_CACHE_DIR": cache])
    #expect(emit.stdout.hasPrefix("%{T2}") && emit.stdout.hasSuffix("%{T-}\n"), "\(emit.stdout)")
    #expect(emit.stdout.contains("pRB"), "the ASCII form with its subjoined ra: \(emit.stdout)")
    #expect(!emit.stdout.unicodeScalars.contains { (0x0A00...0x0A7F).contains($0.value) })
    let log = try polybar("env TIMELINE_CACHE_DIR=\(cache) \(Paths.binary("timeline-emit")) polybar saved")
    expectDrawn(log, minWidth: 150)
  }

  @Test func hostileASCIIIsDrawnWithoutAnyTagOrDroppedCharacter() throws {
    let cache = dir.file("cache")
    let entry = Entry(
      date: 0, runs: [TextRun("ਪ੍ਰਭ")], alt: "shabad",
      ascii: [
        TextRun("pRB ik®pw "), TextRun("%", color: "#ff6f4d"),
        TextRun("{A1:touch \(dir.file("pwned")):}x%{A} %{F#f00}r%{T1}%%{ ] [ @ | < > & ~ } #"),
      ])
    try CacheStore(directory: cache).write(
      Timeline(
        widget: "w", kind: "random-shabad", entries: [entry], policy: .never,
        placeholder: Entry(date: 0, runs: [TextRun("…")], alt: "placeholder"), generated: 0))
    let log = try polybar(
      "env TIMELINE_CACHE_DIR=\(cache) \(Paths.binary("timeline-emit")) polybar w --gurmukhi-font 2")
    expectDrawn(log, minWidth: 150)
  }
}
