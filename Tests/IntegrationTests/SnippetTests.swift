import Foundation
import Testing
import TimelineTestSupport

/// The waybar and polybar snippets: they parse, and every command they run exists and
/// names a widget of the default config.
@Suite struct SnippetTests {
  /// The modules of integrations/waybar/config.jsonc.
  static func waybarModules() throws -> [String: [String: Any]] {
    let text = stripJSONComments(try Repo.text("integrations/waybar/config.jsonc"))
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(object as? [String: [String: Any]], "config.jsonc must be an object of module objects")
  }

  /// `timeline` subcommands, from its help.
  static func subcommands() throws -> Set<String> {
    let help = try run(Repo.timeline, ["--help"]).stdout
    var names = Set<String>()
    var inList = false
    for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("SUBCOMMANDS:") {
        inList = true
        continue
      }
      if inList {
        if line.isEmpty { break }
        if let word = line.split(separator: " ").first { names.insert(String(word)) }
      }
    }
    return names
  }

  /// Checks one bar command line: `timeline-emit [--follow] FORMAT WIDGET` runs against a
  /// preview cache and prints a line; `timeline SUB WIDGET` names a real subcommand.
  static func check(
    _ command: String, format: String, widget: String, cache: String, subcommands: Set<String>
  ) throws {
    var words = command.split(separator: " ").map(String.init)
    // A follower is started with `exec`, so that the bar is its parent and it ends with
    // the bar (FollowParentTests).
    if words.first == "exec" { words.removeFirst() }
    // Every command names the installed binary by its full path (the install writes its
    // own prefix there): a bar started outside a login shell has no ~/.local/bin on PATH.
    let program = try #require(words.first)
    #expect(program.hasPrefix("/usr/local/bin/"), "\(command): run by bare name")
    if program == "/usr/local/bin/timeline-emit" {
      #expect(words.contains(format), "\(command): format \(format)")
      #expect(words.last == widget, "\(command): widget \(widget)")
      // Run it once without --follow: the line a bar would get.
      let arguments = Array(words.dropFirst()).filter { $0 != "--follow" }
      let result = try run(Repo.emit, arguments, environment: ["TIMELINE_CACHE_DIR": cache])
      #expect(result.status == 0 && result.stdout.hasSuffix("\n") && result.stdout.count > 1, "\(command): \(result)")
      if format == "waybar" {
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect((object?["text"] as? String)?.isEmpty == false, "\(command) printed \(result.stdout)")
      }
    } else {
      #expect(program == "/usr/local/bin/timeline", "\(command): unknown program")
      #expect(words.count >= 3 && words[2] == widget, "\(command)")
      #expect(
        subcommands.contains(words[1]),
        "\(command): `timeline \(words[1])` is not a subcommand (have \(subcommands.sorted()))")
    }
  }

  @Test func waybarSnippetParsesAndRunsEveryDefaultWidget() throws {
    let dir = try TempDir()
    let cache = dir.file("cache")
    #expect(try run(Repo.timeline, ["preview", "--keep", cache, "plain"], environment: isolated(dir)).status == 0)
    let modules = try Self.waybarModules()
    let widgets = try defaultWidgets()
    #expect(
      widgets == ["random-shabad", "hukamnama", "avalanche"]
        || Set(widgets) == ["random-shabad", "hukamnama", "avalanche"])
    #expect(Set(modules.keys) == Set((widgets + Self.contactWidgets).map { "custom/timeline-\($0)" }))
    let subcommands = try Self.subcommands()
    for widget in widgets + Self.contactWidgets {
      let module = try #require(modules["custom/timeline-\(widget)"])
      #expect(module["return-type"] as? String == "json")
      #expect(module["escape"] as? Bool == false)
      #expect(module["exec"] as? String == "exec /usr/local/bin/timeline-emit --follow waybar \(widget)")
      #expect(module["signal"] == nil, "a --follow module must not have a signal (waybar would wait for EOF)")
      #expect(module["interval"] == nil)
      for key in ["exec", "on-click", "on-click-middle", "on-scroll-down", "on-scroll-up"] {
        let command = try #require(module[key] as? String, "\(widget): \(key)")
        try Self.check(command, format: "waybar", widget: widget, cache: cache, subcommands: subcommands)
      }
    }
    // The commented polling variant is there too.
    let text = try Repo.text("integrations/waybar/config.jsonc")
    #expect(text.contains("// \"exec\": \"exec /usr/local/bin/timeline-emit waybar random-shabad\""))
    #expect(text.contains("// \"interval\": 60"))
  }

  @Test func waybarStyleCoversEveryStateClass() throws {
    let css = try Repo.text("integrations/waybar/style.css")
    for name in (0...5).map({ "level-\($0)" }) + ["stale", "placeholder", "urgent"] {
      #expect(css.contains("label.\(name)"), "style.css has no rule for .\(name)")
    }
    // The Varsom palette (shared/notes/varsom.md §3, as the avalanche widget uses it).
    for color in ["#969696", "#50d890", "#f9c71c", "#f88c2e", "#ed462f", "#000000"] {
      #expect(css.lowercased().contains(color), "style.css lacks \(color)")
    }
    #expect(!css.contains("Noto Color Emoji\","), "the emoji font in font-family breaks digits after Gurmukhi")
    // Balanced braces: a cheap syntax check (GTK ignores a whole file on a syntax error).
    #expect(css.filter { $0 == "{" }.count == css.filter { $0 == "}" }.count)
  }

  /// The friends, birthdays and stack widgets of `timeline preview` through the real waybar
  /// emitter: every class it sets has a rule in style.css, and so has each state the
  /// providers document for those kinds.
  @Test func waybarStyleCoversFriendsBirthdaysAndStack() throws {
    let css = try Repo.text("integrations/waybar/style.css")
    let dir = try TempDir()
    let cache = dir.file("cache")
    #expect(try run(Repo.timeline, ["preview", "--keep", cache, "plain"], environment: isolated(dir)).status == 0)
    var seen: [String] = []
    for widget in ["friends", "birthdays", "now"] {
      let line = try run(Repo.emit, ["waybar", widget], environment: ["TIMELINE_CACHE_DIR": cache]).stdout
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      let classes = try #require(object?["class"] as? [String], "\(widget): \(line)")
      #expect(!classes.contains("placeholder"), "\(widget) has data: \(line)")
      seen += classes
      if let kind = classes.first(where: { $0 == "friends" || $0 == "birthdays" }) {
        for state in classes where state != kind {
          #expect(css.contains("label.\(kind).\(state)"), "style.css has no rule for .\(kind).\(state)")
        }
      }
    }
    #expect(seen.contains("stack") && css.contains("label.stack"), "\(seen)")
    for (kind, states) in [("friends", ["overdue", "due", "caught-up"]), ("birthdays", ["today", "soon", "quiet"])] {
      for state in states { #expect(css.contains("label.\(kind).\(state) "), "no rule for .\(kind).\(state)") }
    }
    #expect(css.filter { $0 == "{" }.count == css.filter { $0 == "}" }.count)
  }

  /// The widgets the snippets add to the default config's: they need a config of their
  /// own (examples/config.toml names them so), and `timeline preview` has all three.
  static let contactWidgets = ["friends", "birthdays", "now"]

  /// Every bar's snippet runs the friends, birthdays and stack widgets, each by the
  /// installed emitter's full path, as the snippet runs its default widgets.
  @Test func everySnippetNamesFriendsBirthdaysAndTheStack() throws {
    let snippets: [(file: String, needle: (String) -> String)] = [
      ("waybar/config.jsonc", { "\"exec\": \"exec /usr/local/bin/timeline-emit --follow waybar \($0)\"" }),
      (
        "polybar/modules.ini", { "exec = exec /usr/local/bin/timeline-emit --follow --gurmukhi-font 2 polybar \($0)\n" }
      ),
      ("tmux/README.md", { "#{timeline_\($0)}" }),
      ("i3bar/config", { " \($0)" }),
      ("i3blocks/i3blocks.conf", { "command=exec /usr/local/bin/timeline-emit --follow i3blocks \($0)\n" }),
      ("xmobar/xmobarrc", { "timeline-emit --follow --gurmukhi-font 1 xmobar \($0)\" \"timeline-\($0)\"" }),
      ("lemonbar/timeline-lemonbar", { "#   timeline-lemonbar \($0) " }),
      ("conky/conky.conf", { "${execpi 60 /usr/local/bin/timeline-emit conky \($0)}" }),
    ]
    for (file, needle) in snippets {
      let text = try Repo.text("integrations/" + file)
      for widget in Self.contactWidgets {
        #expect(text.contains(needle(widget)), "integrations/\(file) has no \(widget)")
      }
    }
    // i3bar: one status_command with every widget, started by full path.
    let i3bar = try Repo.text("integrations/i3bar/config")
    let line = try #require(i3bar.split(separator: "\n").first { $0.contains("status_command exec") })
    #expect(
      line.hasSuffix(
        "status_command exec /usr/local/bin/timeline-emit --follow i3bar "
          + (try defaultWidgets() + Self.contactWidgets).joined(separator: " ")), "\(line)")
    // xmobar: each new widget's text is in the template, inside the project's own actions.
    let xmobar = try Repo.text("integrations/xmobar/xmobarrc")
    for widget in Self.contactWidgets {
      #expect(xmobar.contains("button=5>%timeline-\(widget)%</action>"), "xmobar template lacks \(widget)")
    }
    // waybar's font rule covers the new modules too (a Gurmukhi contact name).
    let css = try Repo.text("integrations/waybar/style.css")
    for widget in Self.contactWidgets { #expect(css.contains("#custom-timeline-\(widget)"), "style.css: \(widget)") }
  }

  /// i3bar's status_command, run with sh as i3bar runs it (one line, without --follow),
  /// prints the i3bar protocol with a block for each widget.
  @Test func i3barStatusCommandPrintsEveryBlock() throws {
    let dir = try TempDir()
    let cache = dir.file("cache")
    #expect(try run(Repo.timeline, ["preview", "--keep", cache, "plain"], environment: isolated(dir)).status == 0)
    let i3bar = try Repo.text("integrations/i3bar/config")
    let line = try #require(i3bar.split(separator: "\n").first { $0.contains("status_command exec") })
    let command = try #require(line.components(separatedBy: "status_command ").last)
      .replacingOccurrences(of: "/usr/local/bin/timeline-emit", with: Repo.emit)
      .replacingOccurrences(of: " --follow", with: "")
    let result = try run("/bin/sh", ["-c", command], environment: ["TIMELINE_CACHE_DIR": cache])
    #expect(result.status == 0, "\(result)")
    for widget in try defaultWidgets() + Self.contactWidgets {
      #expect(result.stdout.contains("\"instance\":\"\(widget)\""), "no block for \(widget): \(result.stdout)")
    }
  }

  /// `[module/NAME]` sections of an ini file, with their `key = value` lines.
  static func iniSections(_ text: String) -> [String: [String: String]] {
    var sections: [String: [String: String]] = [:]
    var current: String?
    for raw in text.split(separator: "\n") {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.hasPrefix(";") || line.hasPrefix("#") || line.isEmpty { continue }
      if line.hasPrefix("[") && line.hasSuffix("]") {
        let name = String(line.dropFirst().dropLast())
        current = name
        sections[name] = [:]
      } else if let current, let equals = line.firstIndex(of: "=") {
        let key = line[..<equals].trimmingCharacters(in: .whitespaces)
        sections[current, default: [:]][key] = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
      }
    }
    return sections
  }

  @Test func polybarModulesRunEveryDefaultWidget() throws {
    let dir = try TempDir()
    let cache = dir.file("cache")
    #expect(try run(Repo.timeline, ["preview", "--keep", cache, "plain"], environment: isolated(dir)).status == 0)
    let text = try Repo.text("integrations/polybar/modules.ini")
    let sections = Self.iniSections(text)
    let subcommands = try Self.subcommands()
    for widget in try defaultWidgets() + Self.contactWidgets {
      let module = try #require(sections["module/timeline-\(widget)"], "no [module/timeline-\(widget)]")
      #expect(module["type"] == "custom/script")
      #expect(module["tail"] == "true")
      // Two Gurmukhi widgets side by side must not run together.
      #expect(module["label-padding"] == "1", "\(widget): no margin")
      // The Gurbani widgets draw their ASCII form in the OpenGurbaniAkhar font the bar
      // declares as font-1 (%{T2}), and so do a contact's Gurmukhi name and a stack's
      // Gurbani member; the avalanche needs no font index.
      let font = widget == "avalanche" ? "" : "--gurmukhi-font 2 "
      #expect(module["exec"] == "exec /usr/local/bin/timeline-emit --follow \(font)polybar \(widget)")
      for key in ["exec", "click-left", "click-middle", "scroll-down", "scroll-up"] {
        let command = try #require(module[key], "\(widget): \(key)")
        try Self.check(command, format: "polybar", widget: widget, cache: cache, subcommands: subcommands)
      }
    }
    #expect(text.contains("font-1 = OpenGurbaniAkhar:size=14;3"))
    // A custom/ipc hook runs only at start and on a message, so it would never switch to
    // the next entry on time: the snippet offers only the follower (README says why).
    #expect(!text.contains("type = custom/ipc"), "modules.ini offers a custom/ipc module")
    let readme = try Repo.text("integrations/polybar/README.md")
    #expect(readme.contains("custom/ipc") && readme.contains("on time"), "the README no longer says why not custom/ipc")
  }
}
