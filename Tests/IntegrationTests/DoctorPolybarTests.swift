import Foundation
import Testing
import TimelineTestSupport

/// `timeline doctor`'s polybar checks: fontconfig knows a GurbaniAkhar font (the project's
/// own, through a private fontconfig file) and polybar's config, found as polybar finds
/// it, declares one at the index in use.
@Suite struct DoctorPolybarTests {
  func doctor(_ dir: TempDir, fonts: Bool, polybar: String?, barsFont: Int? = nil) throws -> [String] {
    if let polybar {
      try FileManager.default.createDirectory(atPath: dir.file("xdg-config/polybar"), withIntermediateDirectories: true)
      _ = try dir.write("xdg-config/polybar/config.ini", polybar)
    }
    let config = try dir.write(
      "config.toml",
      (barsFont.map { "[bars]\npolybar_gurmukhi_font = \($0)\n\n" } ?? "") + """
        [widgets.shabad]
        kind = "random-shabad"
        """)
    let fontDirs =
      (fonts ? "<dir>\(Paths.repo)/fonts/OpenGurbaniAkhar</dir>" : "") + "<dir>/usr/share/fonts/truetype/dejavu</dir>"
    let fontsConf = try dir.write(
      "fonts.conf",
      """
      <?xml version="1.0"?>
      <fontconfig>\(fontDirs)<cachedir>\(dir.file("fc-cache"))</cachedir></fontconfig>
      """)
    let env = isolated(dir, ["FONTCONFIG_FILE": fontsConf, "HOME": dir.path, "XDG_CONFIG_DIRS": dir.file("none")])
    let result = try run(
      Repo.timeline, ["doctor", "--config", config, "--cache-dir", dir.file("cache")], environment: env)
    return result.stdout.split(separator: "\n").map(String.init)
  }

  static let bar = """
    [bar/main]
    font-0 = DejaVu Sans:size=12;3
    font-1 = OpenGurbaniAkhar:size=14;3
    modules-right = shabad
    include-file = modules.ini
    """

  @Test func theFontAndTheIndexInTheSnippetAreFound() throws {
    let dir = try TempDir()
    try FileManager.default.createDirectory(atPath: dir.file("xdg-config/polybar"), withIntermediateDirectories: true)
    _ = try dir.write(
      "xdg-config/polybar/modules.ini",
      """
      [module/shabad]
      type = custom/script
      exec = timeline-emit polybar shabad --gurmukhi-font 2
      """)
    let lines = try doctor(dir, fonts: true, polybar: Self.bar)
    #expect(lines.contains("✓ GurbaniAkhar font: OpenGurbaniAkhar"), "\(lines)")
    #expect(
      lines.contains { $0.hasPrefix("✓ polybar font: ") && $0.hasSuffix("font-1 = OpenGurbaniAkhar:size=14;3") },
      "\(lines)")
  }

  @Test func aWrongIndexIsReportedWithTheFix() throws {
    let dir = try TempDir()
    let lines = try doctor(dir, fonts: false, polybar: Self.bar, barsFont: 1)
    let at = try #require(lines.firstIndex { $0.hasPrefix("✗ polybar font: ") }, "\(lines)")
    #expect(lines[at].contains("--gurmukhi-font 1 is in use but font-0 is DejaVu Sans"))
    #expect(lines[at + 1].contains("use --gurmukhi-font 2 (font-1 is OpenGurbaniAkhar"))
    #expect(lines.contains { $0.hasPrefix("✗ GurbaniAkhar font: fontconfig lists none") } || which("polybar") == nil)
  }

  @Test func withoutAnIndexPolybarShowsTheTransliteration() throws {
    let dir = try TempDir()
    let lines = try doctor(dir, fonts: true, polybar: "[bar/main]\nfont-0 = DejaVu Sans\nfont-1 = OpenGurbaniAkhar\n")
    #expect(
      lines.contains {
        $0.hasPrefix("✓ polybar font: ") && $0.contains("shows the transliteration") && $0.contains("--gurmukhi-font 2")
      }, "\(lines)")
  }
}
