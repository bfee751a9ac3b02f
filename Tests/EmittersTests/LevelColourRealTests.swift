import Foundation
import Testing
import TimelineCore
import TimelineTestSupport

/// A command widget whose entry has a level and no colour, refreshed by the real `timeline`
/// and drawn by real bars: the text comes out in the level's colour (`Palette.level`),
/// and the markup in the text stays text.
@Suite(.serialized) struct LevelColourRealTests {
  let dir: TempDir
  let cache: String
  static let text = "load %{F#00ff00}x #[fg=green] IIII"

  init() throws {
    dir = try TempDir()
    cache = dir.file("cache")
    let script = try dir.write(
      "load.sh", "printf '%s\\n' '{\"entries\":[{\"text\":\"\(Self.text)\",\"level\":3}],\"policy\":\"never\"}'\n")
    let config = try dir.write(
      "config.toml", "[widgets.load]\nkind = \"command\"\ncommand = [\"/bin/sh\", \"\(script)\"]\n")
    let refresh = try run(
      Paths.binary("timeline"), ["refresh", "load"],
      environment: ["TIMELINE_CONFIG": config, "TIMELINE_CACHE_DIR": cache])
    #expect(refresh.status == 0, "\(refresh)")
  }

  var emit: String { "env TIMELINE_CACHE_DIR=\(cache) \(Paths.binary("timeline-emit"))" }

  /// Level 3's colour as the terminal's 24-bit SGR and as an image's pixel.
  static let level3 = Palette.level(3)
  static let rgb = TextRun.rgb(level3).map { "\($0 >> 16);\(($0 >> 8) & 0xff);\($0 & 0xff)" } ?? ""

  @Test func tmuxDrawsTheTextInTheLevelsColour() throws {
    let tmux = try #require(TmuxPair.path)
    let pair = try TmuxPair(tmux: tmux, prefix: "level-test", width: 120)
    defer { pair.stop() }
    let started = try pair.startInner([["status-interval", "1"], ["status-right", "#(\(emit) tmux load)"]])
    #expect(started.session.status == 0)
    _ = try pair.enableRGB()
    #expect(try pair.attach().status == 0)
    let ansi = try pair.waitForStatus(seconds: 20, escapes: true) { $0.contains("IIII") }
    let plain = ansi.replacingOccurrences(of: "\u{1B}\\[[0-9;:]*m", with: "", options: .regularExpression)
    #expect(plain.contains(Self.text), "status line: \(plain)")
    #expect(ansi.contains("38;2;" + Self.rgb), "ansi: \(ansi.debugDescription)")
    #expect(!ansi.contains("38;2;0;255;0") && !ansi.contains("[32m") && !ansi.contains(";32m"))
  }

  @Test func polybarDrawsTheTextInTheLevelsColour() throws {
    let bar = try HeadlessBar.polybar(
      modulesLeft: "load", modules: "[module/load]\ntype = custom/script\nexec = \(emit) polybar load\ninterval = 1",
      name: "polybar", in: dir, shot: "1400x36+0+0")
    #expect(bar.result.status == 0, "polybar should run until stopped: \(bar.result)")
    #expect(!bar.log.contains("Failed to parse") && !bar.log.lowercased().contains("parser error"), "\(bar.log)")
    let colours = try histogram(bar.screenshot)
    #expect(colours.contains(Self.level3.uppercased()), "colours drawn:\n\(colours)")
    // The content's own tag did not apply: nothing is drawn in its green.
    #expect(!colours.contains("#00FF00"), "colours drawn:\n\(colours)")
  }

  /// xmobar's own parser, in its Pango text mode: the `<fc>` became a span in the level's
  /// colour around the text, which is shown as it is.
  @Test func xmobarParsesTheLevelsColour() throws {
    let config = try dir.write(
      "xmobarrc",
      """
      Config { commands = [ Run CommandReader "\(Paths.binary("timeline-emit")) --follow xmobar load" "load" ]
             , template = "%load%" }
      """)
    let shown = try run(
      "/usr/bin/timeout", ["4", "xmobar", "-TPango", config],
      environment: ["TIMELINE_CACHE_DIR": cache, "DBUS_SESSION_BUS_ADDRESS": "none", "LANG": "C.UTF-8"], timeout: 30)
    let line = shown.stdout.split(separator: "\n").first { $0.contains("IIII") } ?? ""
    #expect(line.contains("foreground=\"\(Self.level3)\"") && line.hasSuffix(">\(Self.text)</span>"), "\(shown)")
  }

  @Test func lemonbarDrawsTheTextInTheLevelsColour() throws {
    let bar = try HeadlessBar.run(
      "\(emit) --follow lemonbar load | exec lemonbar -g 1400x24 -B '#222222' -F '#eeeeee'", name: "lemonbar", in: dir,
      settle: 3, shot: "1400x24+0+0", environment: ["LANG": "C.UTF-8"])
    #expect(bar.result.status == 0, "lemonbar should run until stopped: \(bar.result)")
    let colours = try histogram(bar.screenshot)
    #expect(colours.contains(Self.level3.uppercased()), "colours drawn:\n\(colours)")
    #expect(!colours.contains("#00FF00"), "colours drawn:\n\(colours)")
  }

  /// The colours of an image, one `#RRGGBB` per line (ImageMagick's histogram).
  func histogram(_ image: String) throws -> String {
    let result = try run("/usr/bin/convert", [image, "-format", "%c", "histogram:info:-"])
    #expect(result.status == 0, "\(result)")
    return result.stdout
  }
}
