import Foundation
import Testing
import TimelineTestSupport

/// The surfaces the language, `hide_when_empty`, browse-note and stack-file work added,
/// attacked through the built binaries: a hostile catalog, a hostile browse state, cache
/// flags of the wrong type, a stack file that is not a file, an unreadable friends log,
/// hostile locale variables. No network: command, birthdays and friends widgets.
@Suite struct HostileSurfacesTests {
  /// Markup and actions for every bar, and the controls a terminal obeys.
  static let evil = "<b>E</b>%{A1:touch PWN:}#[fg=red]#(touch PWN)$(touch PWN)\u{1B}]0;T\u{07}\u{1B}[31m"

  /// One user's world: a config, a cache directory, a private runtime directory.
  struct World {
    let dir: TempDir
    let env: [String: String]

    init(config: String, extra: [String: String] = [:]) throws {
      dir = try TempDir()
      let runtime = dir.file("run")
      try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
      chmod(runtime, 0o700)
      var env = [
        "TIMELINE_CONFIG": try dir.write("config.toml", config), "TIMELINE_CACHE_DIR": dir.file("cache"),
        "XDG_RUNTIME_DIR": runtime, "XDG_DATA_HOME": dir.file("data"), "TZ": "UTC", "LANG": "C.UTF-8",
        "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "",
      ]
      env.merge(extra) { $1 }
      self.env = env
    }

    func timeline(_ arguments: [String]) throws -> RunResult {
      try run(Paths.binary("timeline"), arguments, environment: env, timeout: 60)
    }

    func emit(_ arguments: [String]) throws -> RunResult {
      try run(Paths.binary("timeline-emit"), arguments, environment: env, timeout: 30)
    }
  }

  /// A command widget printing `entries` (JSON objects).
  static func command(_ name: String, _ entries: String, hide: Bool = false) -> String {
    let output = "{\"entries\":[\(entries)]}".replacingOccurrences(of: "\"", with: "\\\"")
    return "[widgets.\(name)]\nkind = \"command\"\ncommand = [\"/bin/echo\", \"\(output)\"]\n"
      + (hide ? "hide_when_empty = true\n" : "")
  }

  /// Whether `text` has a character a terminal or a bar obeys (C0 but tab and newline, DEL, C1).
  static func hasControl(_ text: String) -> Bool {
    text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" || (0x7F...0x9F).contains($0.value) }
  }

  /// A browse state another program wrote, with markup, actions and terminal controls in its
  /// label and an expiry at the end of time, is shown by every bar as escaped text on one
  /// line, and `--verbose`, which says why the view is browsing, prints it without the
  /// controls.
  @Test func aHostileBrowseStateStylesNothingAndPrintsNoControls() throws {
    let world = try World(config: Self.command("b", "{\"text\":\"B\"}"))
    try #require(try world.timeline(["refresh"]).status == 0)
    let note = try world.timeline(["browse", "b", "next"])
    #expect(note.stdout.contains("nothing later yet"), "\(note)")
    let sessions = try FileManager.default.contentsOfDirectory(atPath: world.dir.file("run/timeline"))
    let file = world.dir.file("run/timeline/\(try #require(sessions.first))/b.browse")
    let state = try String(contentsOfFile: file, encoding: .utf8)
    let pwn = world.dir.file("pwn")
    let label = Self.evil.replacingOccurrences(of: "PWN", with: pwn)
    let hostile = state.split(separator: "\n").map {
      $0.hasPrefix("label ") ? "label " + label : $0.hasPrefix("expires ") ? "expires 9223372036854775807" : String($0)
    }.joined(separator: "\n")
    try (hostile + "\n").write(toFile: file, atomically: true, encoding: .utf8)

    let waybar = try world.emit(["--verbose", "waybar", "b"])
    #expect(waybar.stderr.contains("<b>E</b>"), "the hostile label was not read: \(waybar.stderr)")
    #expect(!Self.hasControl(waybar.stderr), "--verbose: \(waybar.stderr.debugDescription)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(waybar.stdout.utf8)) as? [String: Any])
    let tooltip = object["tooltip"] as? String ?? ""
    #expect(tooltip.contains("&lt;b&gt;E"), "\(tooltip)")
    #expect(BarMarkup.pangoText(tooltip, allowTags: false) != nil && !Self.hasControl(tooltip), "\(tooltip)")
    let polybar = try world.emit(["polybar", "b"]).stdout
    #expect(BarMarkup.polybarIsOurs(String(polybar.dropLast()), click: false), "\(polybar.debugDescription)")
    let tmux = try world.emit(["tmux", "b"]).stdout
    #expect(BarMarkup.tmuxIsOurs(String(tmux.dropLast())), "\(tmux.debugDescription)")
    for format in ["i3bar", "lemonbar", "xmobar", "i3blocks", "conky", "plain"] {
      let line = try world.emit([format, "b"]).stdout
      #expect(line.hasSuffix("\n") && !line.dropLast().contains("\n") && !Self.hasControl(line), "\(format): \(line)")
    }
    #expect(!FileManager.default.fileExists(atPath: pwn))
  }
}
