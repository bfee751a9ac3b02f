import Foundation
import Testing
import TimelineTestSupport

/// `hide_when_empty` in real bars, headless on a private Xvfb (HeadlessBar): a widget
/// with nothing to say vanishes, module and all, while the one beside it stays. The caches
/// are written by the real `timeline refresh` from a config.
@Suite(.serialized) struct HideWhenEmptyRealTests {
  let dir: TempDir
  let environment: [String: String]

  init() throws {
    dir = try TempDir()
    environment = [
      "TIMELINE_CACHE_DIR": dir.file("cache"), "TIMELINE_CONFIG": dir.file("config.toml"), "HOME": dir.path,
      "XDG_RUNTIME_DIR": dir.file("run"), "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
      "FONTCONFIG_FILE": try HeadlessBar.fontConfig(in: dir),
    ]
    try FileManager.default.createDirectory(atPath: dir.file("run"), withIntermediateDirectories: true)
  }

  /// Writes the config (`quiet`, a command with nothing to say, hidden when `hide`; `shown`,
  /// one that has something) and refreshes both.
  func refresh(hide: Bool) throws {
    _ = try dir.write(
      "config.toml",
      """
      [widgets.quiet]
      kind = "command"
      command = ["/bin/sh", "-c", "echo '{\\"entries\\":[{\\"text\\":\\"nobody due\\",\\"quiet\\":true}]}'"]
      hide_when_empty = \(hide)

      [widgets.shown]
      kind = "command"
      command = ["/bin/sh", "-c", "echo '{\\"entries\\":[{\\"text\\":\\"alpha\\"}]}'"]
      """)
    let result = try run(Paths.binary("timeline"), ["refresh"], environment: environment)
    #expect(result.status == 0, "\(result)")
  }

  /// polybar with both widgets, each module with a prefix of its own: the width it drew.
  func polybarWidth(_ name: String) throws -> Int {
    let emit = Paths.binary("timeline-emit")
    let modules = ["quiet", "shown"].map {
      "[module/\($0)]\ntype = custom/script\nexec = \(emit) polybar \($0)\ninterval = 1\nformat-prefix = \"[\($0)] \"\n"
    }
    let bar = try HeadlessBar.polybar(
      modulesLeft: "quiet shown", modules: modules.joined(separator: "\n"), name: name, in: dir,
      environment: environment)
    #expect(bar.result.status == 0, "polybar should run until stopped: \(bar.result)")
    #expect(bar.log.contains("timeline-emit polybar quiet"), "log:\n\(bar.log)")
    return HeadlessBar.polybarWidth(bar.log)
  }

  @Test func polybarDropsTheModuleAndItsPrefix() throws {
    try refresh(hide: false)
    let shown = try polybarWidth("polybar-shown")
    try refresh(hide: true)
    let hidden = try polybarWidth("polybar-hidden")
    // The hidden module takes its prefix with it; "alpha" and its own prefix stay.
    #expect(hidden > 50 && shown > hidden + 50, "widths: shown \(shown), hidden \(hidden)")
  }

  @Test func i3barGetsNoBlockAndParsesEveryLine() throws {
    try refresh(hide: true)
    let status = dir.file("status.json")
    let config = try dir.write(
      "i3.conf",
      """
      # i3 config file (v4)
      ipc-socket \(dir.file("run/i3.sock"))
      font pango:DejaVu Sans 12
      bar {
        status_command \(Paths.binary("timeline-emit")) --follow i3bar quiet shown | tee \(status)
        position top
      }
      """)
    let bar = try HeadlessBar.run(
      "exec i3 -c \(config)", name: "i3", in: dir, settle: 3, shot: "1400x40+0+0", environment: environment)
    #expect(bar.result.status == 0, "i3 should run until stopped: \(bar.result)")
    #expect(!bar.log.contains("Could not parse JSON"), "log:\n\(bar.log)")
    let lines = try String(contentsOfFile: status, encoding: .utf8).split(separator: "\n")
    let last = try #require(lines.last, "status:\n\(lines)")
    let blocks = try #require(
      try JSONSerialization.jsonObject(with: Data(last.drop { $0 == "," }.utf8)) as? [[String: Any]], "\(last)")
    #expect(blocks.map { $0["instance"] as? String } == ["shown"], "\(last)")
  }
}
