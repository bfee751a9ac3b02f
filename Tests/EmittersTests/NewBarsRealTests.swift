import EmitTestSupport
import Foundation
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

/// i3blocks (under i3bar), xmobar, lemonbar and conky, the real programs, headless on a
/// private Xvfb (HeadlessBar, Tests/Support/xbar_run.sh), each running the project's own snippet from
/// integrations/ with its paths pointed at the built binaries, as the installer writes
/// them. The entry carries a marker-file command in every bar's markup; the bar must show
/// it as text, and no click anywhere on the bar may create a marker. In xmobar and lemonbar
/// a left click on the widget runs the project's own `timeline open` (xdg-open records it).
@Suite(.serialized) struct NewBarsRealTests {
  let dir: TempDir
  let hostile: String
  let environment: [String: String]

  init() throws {
    dir = try TempDir()
    let m = dir.path
    hostile =
      "<action=`touch \(m)/x1`>1</action> %{A:touch \(m)/x2:}2%{A} ${exec touch \(m)/x3} $(touch \(m)/x4)"
      + " <b>&amp;</b>$$%%#x\\#"
    let bin = dir.file("bin")
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    let opener = try dir.write("bin/xdg-open", "#!/bin/sh\nprintf '%s\\n' \"$1\" >> \(m)/opened\n")
    chmod(opener, 0o755)
    try FileManager.default.createDirectory(atPath: dir.file("run"), withIntermediateDirectories: true)
    environment = [
      "PATH": bin + ":" + Paths.products + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
      "TIMELINE_CACHE_DIR": dir.file("cache"), "XDG_CONFIG_HOME": dir.file("config"),
      "XDG_RUNTIME_DIR": dir.file("run"), "HOME": dir.path, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
      // No session bus: xmobar's D-Bus hookup then only warns (with XDG_RUNTIME_DIR set and no
      // bus there, it would exit).
      "DBUS_SESSION_BUS_ADDRESS": "none",
      "FONTCONFIG_FILE": try HeadlessBar.fontConfig(in: dir),
    ]
    let entry = Entry(
      date: 0, runs: [TextRun(hostile)], tooltip: [hostile], alt: "shabad", url: "https://example.org/entry")
    try CacheStore(directory: dir.file("cache")).write(
      Timeline(
        widget: "hukamnama", kind: "command", entries: [entry], policy: .never,
        placeholder: Entry(date: 0, runs: [TextRun("…")], alt: "placeholder"), generated: 0))
  }

  /// The snippet as the installer writes it, with the built binaries' paths.
  func snippet(_ path: String) throws -> String {
    try String(contentsOfFile: Paths.repo + "/integrations/" + path, encoding: .utf8)
      .replacing("/usr/local/bin/timeline", with: Paths.products + "/timeline")
  }

  /// Runs `command` on a private X display, clicking every 40 px along the top row.
  func runBar(_ command: String, name: String, settle: Int = 3, button: Int = 1) throws -> String {
    let bar = try HeadlessBar.run(
      command, name: name, in: dir, settle: settle,
      clicks: stride(from: 20, to: 1400, by: 40).map { (x: $0, y: 10, button: button) }, shot: "1400x40+0+0",
      environment: environment)
    #expect(bar.result.status == 0, "the bar should run until stopped: \(bar.result)")
    return bar.log
  }

  func expectNoMarker(sourceLocation: SourceLocation = #_sourceLocation) {
    for marker in 1...4 {
      #expect(!FileManager.default.fileExists(atPath: dir.file("x\(marker)")), sourceLocation: sourceLocation)
    }
  }

  var opened: String { (try? String(contentsOfFile: dir.file("opened"), encoding: .utf8)) ?? "" }

  /// Runs i3 with i3bar showing i3blocks with `blocks`; returns the hukamnama block of the
  /// last status line i3blocks sent, and i3's log.
  func i3blocks(_ blocks: String, name: String) throws -> (block: [String: Any], log: String) {
    let file = try dir.write(name + ".conf", blocks)
    let status = dir.file(name + ".json")
    let config = try dir.write(
      name + "-i3.conf",
      """
      # i3 config file (v4)
      ipc-socket \(dir.file("run/i3.sock"))
      font pango:DejaVu Sans 12
      bar {
        status_command i3blocks -c \(file) | tee \(status)
        position top
        font pango:DejaVu Sans, Noto Sans Gurmukhi 12
      }
      """)
    let log = try runBar("exec i3 -c \(config)", name: name)
    let lines = try String(contentsOfFile: status, encoding: .utf8).split(separator: "\n")
    let last = try #require(lines.last { $0.contains("timeline-hukamnama") }, "status:\n\(lines)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(last.drop { $0 == "," }.utf8)) as? [[String: Any]])
    return (try #require(json.first { $0["name"] as? String == "timeline-hukamnama" }), log)
  }

  @Test func i3blocksUnderI3barShowsTheTextAndRunsNothing() throws {
    let (block, log) = try i3blocks(try snippet("i3blocks/i3blocks.conf"), name: "persist")
    #expect(block["markup"] as? String == "pango")
    #expect(I3blocksEmitterTests.decode(block["full_text"] as? String ?? "") == hostile, "\(block)")
    #expect(!log.lowercased().contains("markup"), "log:\n\(log)")
    expectNoMarker()
  }

  /// The snippet's polling variant (its commented blocks): a click re-runs the command with
  /// BLOCK_BUTTON, which opens the entry's link through the project's own command.
  @Test func i3blocksPollingVariantOpensOnClick() throws {
    let variant = try snippet("i3blocks/i3blocks.conf").split(separator: "\n")
      .filter {
        $0.hasPrefix("#[") || $0.hasPrefix("#command=") || $0.hasPrefix("#interval=") || $0.hasPrefix("#markup=")
      }
      .map { $0.dropFirst() }.joined(separator: "\n")
    #expect(variant.contains("interval=60") && variant.contains("BLOCK_BUTTON"))
    let (block, _) = try i3blocks(variant + "\n", name: "polling")
    #expect(I3blocksEmitterTests.decode(block["full_text"] as? String ?? "") == hostile, "\(block)")
    expectNoMarker()
    #expect(opened.contains("https://example.org/entry"), "a left click opens the entry's link")
  }

  @Test func xmobarShowsTheTextAndRunsOnlyTheTemplatesActions() throws {
    let config = try dir.write("xmobarrc", try snippet("xmobar/xmobarrc"))
    // Text mode: the same parser, its result on stdout.
    let text = try run("/usr/bin/timeout", ["4", "xmobar", "-T", config], environment: environment, timeout: 30)
    #expect(text.stdout.contains(hostile), "xmobar -T printed:\n\(text.stdout)\n\(text.stderr)")
    _ = try runBar("exec xmobar \(config)", name: "xmobar")
    expectNoMarker()
    #expect(opened.contains("https://example.org/entry"), "a left click opens the entry's link")
  }

  @Test func lemonbarShowsTheTextAndPrintsOnlyTheProjectsCommands() throws {
    let script = try dir.write("timeline-lemonbar", try snippet("lemonbar/timeline-lemonbar"))
    _ = try runBar("exec sh \(script) hukamnama -g 1400x24", name: "lemonbar")
    expectNoMarker()
    #expect(opened.contains("https://example.org/entry"), "a left click opens the entry's link")
    let trim = try run(
      "/usr/bin/convert", [dir.file("lemonbar.png"), "-trim", "-format", "%w", "info:"], environment: environment)
    let width = Int(trim.stdout) ?? 0
    // The X core font `fixed` is 6 or 7 px a character: the whole text was drawn (a parsed
    // %{A:…:} block would have taken some 40 characters out).
    #expect(
      (6 * hostile.count - 8...7 * hostile.count + 8).contains(width),
      "drawn \(width) px for \(hostile.count) characters")
  }

  @Test func conkyShowsTheTextAndRunsNothing() throws {
    let config = try snippet("conky/conky.conf")
      .replacing("out_to_x = true,", with: "out_to_x = false, out_to_console = true, total_run_times = 3,")
      .replacing("update_interval = 5,", with: "update_interval = 1,")
    let file = try dir.write("conky.conf", config)
    let result = try run("conky", ["-c", file], environment: environment, timeout: 30)
    #expect(result.stdout.contains(hostile), "conky printed:\n\(result.stdout)\n\(result.stderr)")
    // The large family: the entry's tooltip line (its main text) and link, in the real parser.
    let large = try dir.write(
      "conky-large.conf",
      config.replacing(
        "conky avalanche}", with: "conky avalanche}\n${execpi 60 timeline-emit --family large conky hukamnama}"))
    let largeRun = try run("conky", ["-c", large], environment: environment, timeout: 30)
    let shown = largeRun.stdout.components(separatedBy: "\n")
    let start = try #require(shown.firstIndex(of: "https://example.org/entry"), "\(largeRun.stdout)")
    // conky drops execpi's empty lines: the text, its tooltip line, the link.
    #expect(Array(shown[(start - 2)..<start]) == [hostile, hostile], "\(largeRun.stdout)")
    _ = try runBar("exec conky -c \(try dir.write("conky-x.conf", try snippet("conky/conky.conf")))", name: "conky")
    expectNoMarker()
  }
}
