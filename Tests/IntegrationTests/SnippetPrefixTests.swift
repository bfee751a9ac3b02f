import Foundation
import Testing
import TimelineTestSupport

/// The lemonbar launcher, i3blocks.conf, conky.conf and xmobarrc installed into a prefix
/// with a space, a single quote and a backtick: each command is run as its bar runs it
/// (sh for all four, after the file's own grammar is read), under PATH=/usr/bin:/bin, and
/// must start the installed timeline-emit (or timeline).
@Suite struct SnippetPrefixTests {
  /// A prefix with the characters each grammar treats specially.
  static let name = "my pre'fix`x"

  /// The widgets of the snippets: the default config's, then friends, birthdays and the
  /// stack `now`.
  static let widgets = ["random-shabad", "hukamnama", "avalanche"] + SnippetTests.contactWidgets

  /// An install into `dir/<name>` and a preview cache; the prefix, the cache and the
  /// environment of a bar started outside a login shell.
  static func installed(_ dir: TempDir) throws -> (prefix: String, cache: String, env: [String: String]) {
    let script = try InstallPrefixTests.stage(dir)
    let prefix = dir.file(name)
    let result = try InstallPrefixTests.install(script, ["--prefix", prefix])
    #expect(result.status == 0, "install: \(result)")
    let cache = dir.file("cache")
    #expect(try run(Repo.timeline, ["preview", "--keep", cache, "plain"], environment: isolated(dir)).status == 0)
    return (prefix, cache, isolated(dir, ["TIMELINE_CACHE_DIR": cache, "PATH": "/usr/bin:/bin"]))
  }

  static func text(_ prefix: String, _ snippet: String) throws -> String {
    try String(contentsOfFile: prefix + "/share/timeline/integrations/" + snippet, encoding: .utf8)
  }

  /// Runs `command` with sh; it must print what the installed emitter prints for `format`.
  static func expectEmits(_ command: String, format: String, env: [String: String], cache: String) throws {
    let ran = try run("/bin/sh", ["-c", command.replacingOccurrences(of: " --follow", with: "")], environment: env)
    let widget = try #require(widgets.first { command.hasSuffix(" " + $0) }, "\(command): no widget at the end")
    let options = command.contains("--gurmukhi-font 1") ? ["--gurmukhi-font", "1"] : []
    let direct = try run(Repo.emit, options + [format, widget], environment: ["TIMELINE_CACHE_DIR": cache])
    #expect(ran.status == 0 && !ran.stdout.isEmpty && ran.stdout == direct.stdout, "\(command): \(ran)")
  }

  /// A Haskell string literal starting at `text`'s first `"` after `marker`, unescaped.
  static func haskellString(after marker: String, in text: Substring) -> (String, Substring)? {
    guard let at = text.range(of: marker), let open = text[at.upperBound...].firstIndex(of: "\"") else { return nil }
    var out = ""
    var index = text.index(after: open)
    while index < text.endIndex, text[index] != "\"" {
      if text[index] == "\\" { index = text.index(after: index) }
      out.append(text[index])
      index = text.index(after: index)
    }
    return (out, text[index...].dropFirst())
  }

  @Test func eachSnippetRunsTheInstalledEmitterFromAnOddPrefix() throws {
    let dir = try TempDir()
    let (prefix, cache, env) = try Self.installed(dir)

    // i3blocks: each command= (and the commented click variants) runs with sh.
    let blocks = try Self.text(prefix, "i3blocks/i3blocks.conf").split(separator: "\n")
      .filter { $0.hasPrefix("command=") || $0.hasPrefix("#command=") }
    #expect(blocks.count == 12, "\(blocks)")
    for line in blocks {
      try Self.expectEmits(String(line.drop { $0 != "=" }.dropFirst()), format: "i3blocks", env: env, cache: cache)
    }

    // conky: the command of each ${execpi 60 …}, up to conky's closing brace.
    let conky = try Self.text(prefix, "conky/conky.conf")
    var commands = conky.components(separatedBy: "${execpi 60 ").dropFirst().map { String($0.prefix { $0 != "}" }) }
    #expect(commands.count == 6 && commands.allSatisfy { !$0.contains(prefix) }, "\(commands)")
    for command in commands { try Self.expectEmits(command, format: "conky", env: env, cache: cache) }

    // xmobar: CommandReader's Haskell string, and the template's actions between backticks.
    let xmobar = try Self.text(prefix, "xmobar/xmobarrc")
    commands = []
    var rest = Substring(xmobar)
    while let (command, after) = Self.haskellString(after: "Run CommandReader", in: rest) {
      commands.append(command)
      rest = after
    }
    #expect(commands.count == 6, "\(commands)")
    for command in commands { try Self.expectEmits(command, format: "xmobar", env: env, cache: cache) }
    let template = try #require(Self.haskellString(after: "template =", in: Substring(xmobar))?.0)
    let actions = template.split(separator: "`", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    #expect(actions.count == 18 && template.filter { $0 == "`" }.count == 36, "\(template)")
    for action in actions {
      // The action's program, asked for its version instead of opening or browsing.
      let program = try #require(
        action.components(separatedBy: " open ").first?.components(separatedBy: " browse ").first)
      let ran = try run("/bin/sh", ["-c", program + " --version"], environment: env)
      #expect(ran.status == 0 && ran.stdout.contains("."), "\(action): \(ran)")
    }

    // i3bar/swaybar: the status_command, which both run with sh; one line for every block.
    let i3bar = try Self.text(prefix, "i3bar/config").split(separator: "\n")
    let status = try #require(i3bar.first { $0.contains("status_command exec") })
    let line = try #require(status.components(separatedBy: "status_command ").last)
    let statusRun = try run("/bin/sh", ["-c", line.replacingOccurrences(of: " --follow", with: "")], environment: env)
    let statusDirect = try run(Repo.emit, ["i3bar"] + Self.widgets, environment: ["TIMELINE_CACHE_DIR": cache])
    #expect(
      statusRun.status == 0 && !statusRun.stdout.isEmpty && statusRun.stdout == statusDirect.stdout,
      "\(line): \(statusRun)")

    // lemonbar: the launcher itself, with a lemonbar that passes on one line and clicks
    // `timeline --version`, which the launcher's sh must find.
    let fake = dir.file("fake-bin")
    try FileManager.default.createDirectory(atPath: fake, withIntermediateDirectories: true)
    let lemonbar = try dir.write(
      "fake-bin/lemonbar", "#!/bin/sh\nhead -n 1 > \"$LEMON_OUT\"\necho 'timeline --version'\n")
    chmod(lemonbar, 0o755)
    var lemonEnv = env
    lemonEnv["PATH"] = fake + ":/usr/bin:/bin"
    lemonEnv["LEMON_OUT"] = dir.file("lemonbar.out")
    let launcher = prefix + "/share/timeline/integrations/lemonbar/timeline-lemonbar"
    let launched = try run("/bin/sh", [launcher, "avalanche"], environment: lemonEnv, timeout: 60)
    let direct = try run(Repo.emit, ["--click", "lemonbar", "avalanche"], environment: ["TIMELINE_CACHE_DIR": cache])
    #expect(launched.status == 0 && launched.stdout.contains("."), "\(launched)")
    #expect(try String(contentsOfFile: dir.file("lemonbar.out"), encoding: .utf8) == direct.stdout)
  }

  /// conky itself reads the installed conky.conf (through a wrapper that keeps it off X
  /// and stops after one update) and shows what the emitter prints.
  @Test(.enabled(if: which("conky") != nil, "conky is not installed"))
  func conkyShowsTheWidgetsFromAnOddPrefix() throws {
    let dir = try TempDir()
    let (prefix, cache, env) = try Self.installed(dir)
    let installed = prefix + "/share/timeline/integrations/conky/conky.conf"
    let wrapper = try dir.write(
      "wrapper.conf",
      """
      dofile([==[\(installed)]==])
      conky.config.out_to_x = false
      conky.config.out_to_console = true
      conky.config.total_run_times = 1
      conky.config.background = false

      """)
    let conky = try run(try #require(which("conky")), ["-c", wrapper], environment: env, timeout: 60)
    #expect(conky.status == 0, "\(conky)")
    let direct = try run(Repo.emit, ["conky", "avalanche"], environment: ["TIMELINE_CACHE_DIR": cache])
    // execpi parses the line: the ${color …} around the text are conky's, not shown.
    let line = try #require(direct.stdout.split(separator: "\n").first)
      .replacing(#/\$\{[^}]*\}/#, with: "")
    #expect(!line.isEmpty && conky.stdout.contains(line), "conky printed \(conky.stdout)")
  }
}
