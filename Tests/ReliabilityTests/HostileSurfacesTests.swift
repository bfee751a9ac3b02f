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

  /// A catalog for Norwegian whose every translation holds markup for every bar, terminal
  /// controls, a line break and a tab, placeholders too many and unknown (`%n`), one of them
  /// 100 KB long: compiled as msgfmt takes it (without `--check`, which a packager may skip).
  static func hostileCatalog(in dir: TempDir, pwn: String) throws -> String {
    let pot = try String(contentsOfFile: Paths.repo + "/po/timeline.pot", encoding: .utf8)
    let evil = #"<b>E</b>%{A1:touch PWN:}#[fg=red]#(touch PWN)\033]0;T\a\033[31m\nNL\t"#
      .replacingOccurrences(of: "PWN", with: pwn)
    var po =
      "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\nPlural-Forms: nplurals=2; plural=(n != 1);\\n\"\n"
    let lines = pot.split(separator: "\n").map(String.init)
    for (index, line) in lines.enumerated() where line.hasPrefix("msgid \"") && line != "msgid \"\"" {
      let id = String(line.dropFirst(6))
      let word = id == "\"entries:\"" ? String(repeating: "x", count: 100_000) : evil + " %s %n %d "
      if index + 1 < lines.count, lines[index + 1].hasPrefix("msgid_plural ") {
        po += "\n\(line)\n\(lines[index + 1])\nmsgstr[0] \"\(word)\"\nmsgstr[1] \"\(word)\"\n"
      } else {
        po += "\n\(line)\nmsgstr \"\(word)\" \(id)\n"
      }
    }
    let catalogs = dir.file("locale")
    try FileManager.default.createDirectory(atPath: catalogs + "/nb/LC_MESSAGES", withIntermediateDirectories: true)
    let made = try run("/usr/bin/msgfmt", ["-o", catalogs + "/nb/LC_MESSAGES/timeline.mo", try dir.write("nb.po", po)])
    try #require(made.status == 0, "\(made)")
    return catalogs
  }

  /// The words a hostile catalog translates reach the caches through the refresh (a
  /// birthday's "tomorrow", a stack's words, the status labels): every bar shows them
  /// escaped on one line, and `status`, `show`, `browse` and `friends list` print no
  /// control character. A translation too long to be a word stays English.
  @Test func aHostileCatalogStylesNothingAndPrintsNoControls() throws {
    let probe = try TempDir()
    let pwn = probe.file("pwn")
    let catalogs = try Self.hostileCatalog(in: probe, pwn: pwn)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let tomorrow = calendar.dateComponents([.month, .day], from: Date().addingTimeInterval(86_400))
    let cards = probe.file("cards")
    try FileManager.default.createDirectory(atPath: cards, withIntermediateDirectories: true)
    _ = try probe.write(
      "cards/a.vcf",
      String(
        format:
          "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:a\r\nFN:Alice Zed\r\nBDAY:1990%02d%02d\r\nCATEGORIES:friends\r\nEND:VCARD\r\n",
        tomorrow.month!, tomorrow.day!))
    let config =
      "[widgets.bd]\nkind = \"birthdays\"\ncontacts = \"\(cards)\"\n\n[widgets.fr]\nkind = \"friends\"\n"
      + "contacts = \"\(cards)\"\ncategories = [\"friends\"]\n\n[widgets.st]\nkind = \"stack\"\nwidgets = [\"bd\", \"fr\"]\n\n"
      + Self.command("c", "{\"text\":\"C\"}")
    let world = try World(config: config, extra: ["LANGUAGE": "nb", "TIMELINE_LOCALE_DIR": catalogs])
    let refreshed = try world.timeline(["refresh"])
    #expect(refreshed.status == 0, "\(refreshed)")
    for widget in ["bd", "fr", "st", "c"] {
      let waybar = try world.emit(["waybar", widget]).stdout
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(waybar.utf8)) as? [String: Any], "\(waybar)")
      let text = object["text"] as? String ?? ""
      let tooltip = object["tooltip"] as? String ?? ""
      #expect(BarMarkup.pangoText(text, allowTags: true) != nil && !Self.hasControl(text), "\(widget): \(text)")
      #expect(BarMarkup.pangoText(tooltip, allowTags: false) != nil && !Self.hasControl(tooltip), "\(tooltip)")
      let polybar = try world.emit(["polybar", widget]).stdout
      #expect(BarMarkup.polybarIsOurs(String(polybar.dropLast()), click: false), "\(polybar.debugDescription)")
      let tmux = try world.emit(["tmux", widget]).stdout
      #expect(BarMarkup.tmuxIsOurs(String(tmux.dropLast())), "\(tmux.debugDescription)")
      for format in ["i3bar", "lemonbar", "xmobar", "i3blocks", "conky", "plain"] {
        let line = try world.emit([format, widget]).stdout
        #expect(!line.dropLast().contains("\n") && !Self.hasControl(line), "\(format) \(widget): \(line)")
      }
    }
    let bd = try world.emit(["plain", "bd"]).stdout
    #expect(bd.contains("<b>E</b>"), "the hostile catalog was not used: \(bd)")
    let status = try world.timeline(["status"])
    #expect(status.stdout.contains("<b>E</b>") && status.stdout.contains("entries:"), "\(status)")
    #expect(!status.stdout.contains(String(repeating: "x", count: 1000)), "the 100 KB word was used")
    for arguments in [["status"], ["show", "bd"], ["show", "st"], ["friends", "list"], ["browse", "bd", "next"]] {
      let ran = try world.timeline(arguments)
      #expect(!Self.hasControl(ran.stdout + ran.stderr), "\(arguments): \((ran.stdout + ran.stderr).debugDescription)")
    }
    #expect(!FileManager.default.fileExists(atPath: pwn))
  }

  /// Hostile locale variables pick no catalog outside the catalogs' directory (a path that
  /// leaves it, one inside it, controls, a megabyte, empty lists) and crash nothing: the
  /// words stay English. `LONG` stands for a value of 120 KB. (Pins what resolve does: a name stops at its first `.`.)
  @Test(arguments: [
    "../../../x", "x/../../x", "nb/../../x", "nb:../x", "\u{1B}]0;T\u{07}", "LONG",
    ":::", "", "de_AT.UTF-8@euro",
  ])
  func hostileLocaleValuesReadNoOtherCatalog(value: String) throws {
    // A value near the kernel's limit for one environment string.
    let value = value == "LONG" ? String(repeating: "nb_", count: 40_000) : value
    let probe = try TempDir()
    // A catalog outside the catalogs' directory that the values above might reach.
    let outside = try Self.hostileCatalog(in: probe, pwn: probe.file("pwn"))
    try FileManager.default.moveItem(atPath: outside + "/nb", toPath: probe.file("x"))
    try FileManager.default.createDirectory(atPath: outside + "/nb", withIntermediateDirectories: true)
    let world = try World(config: Self.command("c", "{\"text\":\"C\"}"), extra: ["TIMELINE_LOCALE_DIR": outside])
    for key in ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"] {
      var env = world.env
      env[key] = value
      let ran = try run(Paths.binary("timeline"), ["status"], environment: env, timeout: 60)
      #expect(ran.status == 0 && ran.stdout.contains("no widgets") == false, "\(key): \(ran.stderr.prefix(300))")
      #expect(!ran.stdout.contains("<b>E</b>") && !ran.stdout.contains("xxxxxxxx"), "\(key): \(ran.stdout.prefix(300))")
    }
  }

  /// A stack's file that is a symlink, a FIFO or a directory: the refresh that writes it
  /// never writes through the link nor hangs on the FIFO, and a directory it cannot
  /// replace shows as a placeholder, not a broken bar.
  @Test func aStackFileThatIsNoFileIsNeitherFollowedNorWaitedOn() throws {
    let config = Self.command("a", "{\"text\":\"A\"}") + "\n[widgets.s]\nkind = \"stack\"\nwidgets = [\"a\"]\n"
    let world = try World(config: config)
    try #require(try world.timeline(["refresh"]).status == 0)
    let file = world.dir.file("cache/s.json")
    let target = try world.dir.write("target.txt", "keep\n")
    for make in ["link", "fifo", "directory"] {
      unlink(file)
      switch make {
      case "link": try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: target)
      case "fifo": #expect(mkfifo(file, 0o600) == 0)
      default: try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: false)
      }
      let ran = try world.timeline(["refresh", "a", "--force"])
      #expect(ran.status == 0, "\(make): \(ran)")
      #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep\n")
      let waybar = try world.emit(["waybar", "s"]).stdout
      #expect((try? JSONSerialization.jsonObject(with: Data(waybar.utf8))) != nil, "\(make): \(waybar)")
      #expect(make == "directory" || waybar.contains("\"text\":\"A\""), "\(make): \(waybar)")
      if make == "directory" { rmdir(file) }
    }
  }

  /// A friends log that cannot be read (a symlink loop, one over its limit) makes `friends
  /// log` fail with an error naming the file, and nothing is appended to it.
  @Test func anUnreadableFriendsLogIsNamedAndNotAppendedTo() throws {
    let probe = try TempDir()
    _ = try probe.write(
      "cards/a.vcf", "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:a\r\nFN:Alice Zed\r\nCATEGORIES:friends\r\nEND:VCARD\r\n")
    let config =
      "[widgets.fr]\nkind = \"friends\"\ncontacts = \"\(probe.file("cards"))\"\ncategories = [\"friends\"]\n"
    let world = try World(config: config)
    let folder = world.dir.file("data/timeline/friends")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let log = folder + "/log.jsonl"
    try FileManager.default.createSymbolicLink(atPath: log, withDestinationPath: folder + "/loop")
    try FileManager.default.createSymbolicLink(atPath: folder + "/loop", withDestinationPath: log)
    let looped = try world.timeline(["friends", "log", "alice"])
    #expect(looped.status != 0 && looped.stderr.contains(log), "\(looped)")
    unlink(log)
    let fd = open(log, O_WRONLY | O_CREAT, 0o600)
    #expect(fd >= 0 && ftruncate(fd, 300 << 20) == 0)
    close(fd)
    let large = try world.timeline(["friends", "log", "alice"])
    #expect(large.status != 0 && large.stderr.contains(log) && large.stderr.contains("larger than"), "\(large)")
    #expect((try FileManager.default.attributesOfItem(atPath: log)[.size] as? Int) == 300 << 20)
  }
}
