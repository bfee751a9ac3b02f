import Foundation
import Testing
import TimelineTestSupport

/// `hide_when_empty = true`: a widget with nothing to say (its placeholder, or a quiet
/// entry: no birthday within the window, nobody due, a command's `"quiet": true`) prints
/// what each bar hides, in every format and in the large family, and comes back as soon as
/// it has something to say. Real cards, the real `timeline` and `timeline-emit`.
@Suite struct HideWhenEmptyTests {
  let dir: TempDir
  let env: [String: String]

  /// What each format prints for a hidden widget (the bars' notes: waybar hides an empty
  /// text, i3bar skips an empty `full_text`, polybar hides a module that prints an empty
  /// line; the others draw nothing).
  static let hidden: [String: String] = [
    "waybar": "{\"text\":\"\"}\n", "i3bar": "{\"full_text\":\"\"}\n", "polybar": "\n", "tmux": "\n", "plain": "\n",
    "i3blocks": "\n", "xmobar": "\n", "lemonbar": "\n", "conky": "\n",
  ]

  init() throws {
    dir = try TempDir()
    // A birthday half a year away: never within the 14 days.
    let month = Calendar(identifier: .gregorian).component(.month, from: Date())
    let far = String(format: "--%02d15", (month + 5) % 12 + 1)
    try FileManager.default.createDirectory(atPath: dir.file("cards"), withIntermediateDirectories: true)
    _ = try dir.write(
      "cards/alice.vcf",
      "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:alice\r\nFN:Alice Example\r\nBDAY:\(far)\r\nCATEGORIES:friends\r\nEND:VCARD\r\n"
    )
    env = [
      "TIMELINE_CONFIG": dir.file("config.toml"), "TIMELINE_CACHE_DIR": dir.file("cache"),
      "XDG_DATA_HOME": dir.file("data"), "XDG_RUNTIME_DIR": dir.file("run"), "TMUX_TMPDIR": dir.file("tmux"),
      "TZ": "UTC", "HOME": dir.path,
    ]
    try FileManager.default.createDirectory(atPath: dir.file("run"), withIntermediateDirectories: true)
  }

  /// The config: birthdays, friends, a failing command and a stack over the first two,
  /// each with `hide_when_empty = hide`.
  func config(hide: Bool, extra: String = "") throws {
    _ = try dir.write(
      "config.toml",
      """
      [widgets.birthdays]
      kind = "birthdays"
      contacts = "\(dir.file("cards"))"
      hide_when_empty = \(hide)

      [widgets.friends]
      kind = "friends"
      contacts = "\(dir.file("cards"))"
      categories = ["friends"]
      hide_when_empty = \(hide)

      [widgets.broken]
      kind = "command"
      command = ["/bin/false"]
      hide_when_empty = \(hide)

      [widgets.now]
      kind = "stack"
      widgets = ["birthdays", "friends"]
      min_display = 0
      hide_when_empty = \(hide)
      \(extra)
      """)
  }

  @discardableResult
  func timeline(_ arguments: [String], status: Int32 = 0) throws -> RunResult {
    let result = try run(Paths.binary("timeline"), arguments, environment: env)
    #expect(result.status == status, "timeline \(arguments): \(result)")
    return result
  }

  func emit(_ arguments: [String]) throws -> String {
    let result = try run(Paths.binary("timeline-emit"), arguments, environment: env)
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
    return result.stdout
  }

  @Test func everyFormatHidesAWidgetWithNothingToSay() throws {
    try config(hide: true)
    // The command fails: its first refresh leaves the placeholder.
    try timeline(["refresh"], status: 1)
    let formats = try emit(["--list-formats"]).split(separator: "\n").map(String.init)
    #expect(Set(formats) == Set(Self.hidden.keys), "\(formats)")
    for format in formats {
      for widget in ["birthdays", "broken", "now"] {
        #expect(try emit([format, widget]) == Self.hidden[format], "\(format) \(widget)")
      }
    }
    for format in ["plain", "conky"] {
      #expect(try emit(["--family", "large", format, "birthdays"]) == "\n")
      #expect(try emit(["--family", "large", format, "now"]) == "\n")
    }
    // Hidden from the bar only: the terminal still says it, and --verbose says why.
    #expect(try timeline(["show", "birthdays"]).stdout.contains("none in the next 14 days"))
    let verbose = try run(Paths.binary("timeline-emit"), ["--verbose", "plain", "birthdays"], environment: env)
    #expect(verbose.stderr.contains("hidden (hide_when_empty): nothing to say"), "\(verbose)")
    // i3bar's protocol leaves the hidden widgets' blocks out.
    let follow = try run(
      "/bin/sh",
      [
        "-c",
        "\"$0\" --follow i3bar birthdays friends broken > \"$1\" & pid=$!; i=0; "
          + "until [ $(wc -l < \"$1\") -ge 3 ] || [ $i -ge 300 ]; do sleep 0.1; i=$((i+1)); done; kill $pid; cat \"$1\"",
        Paths.binary("timeline-emit"), dir.file("follow.out"),
      ], environment: env)
    let lines = follow.stdout.split(separator: "\n")
    #expect(lines.count == 3 && lines.last == "[]", "\(follow)")
  }

  @Test func withoutTheOptionNothingHidesAndTurningItOnNeedsNoFetch() throws {
    try config(hide: false)
    try timeline(["refresh"], status: 1)
    #expect(try emit(["plain", "birthdays"]) == "🎂 none in the next 14 days\n")
    #expect(try emit(["plain", "broken"]) == "…\n")
    try config(hide: true)
    let report = try timeline(["refresh", "birthdays"])
    #expect(report.stderr.contains("birthdays: new settings applied"), "\(report)")
    #expect(try emit(["plain", "birthdays"]) == "\n")
  }

  @Test func aFriendDueShowsAndLoggingTheContactHidesTheWidget() throws {
    try config(hide: true)
    try timeline(["refresh"], status: 1)
    // Never contacted: nobody due yet, so nothing to say.
    #expect(try emit(["plain", "friends"]) == "\n")
    // Last contact 40 days ago, with the default period of a month: due.
    try timeline(["friends", "log", "alice", "--when", "40d"])
    let due = try emit(["plain", "friends"])
    #expect(due.contains("Alice Example"), "\(due)")
    #expect(try emit(["waybar", "now"]).contains("Alice Example"))
    try timeline(["friends", "log", "alice"])
    #expect(try emit(["plain", "friends"]) == "\n")
    #expect(try emit(["waybar", "friends"]) == "{\"text\":\"\"}\n")
    // The stack's members both have nothing to say now.
    #expect(try emit(["waybar", "now"]) == "{\"text\":\"\"}\n")
  }

  @Test func theOptionIsTrueOrFalseAndItsNameIsSuggested() throws {
    try config(hide: true, extra: "")
    _ = try dir.write(
      "config.toml",
      try String(contentsOfFile: dir.file("config.toml"), encoding: .utf8)
        .replacingOccurrences(
          of: "[widgets.broken]\nkind = \"command\"\ncommand = [\"/bin/false\"]\nhide_when_empty = true",
          with: "[widgets.broken]\nkind = \"command\"\ncommand = [\"/bin/false\"]\nhide_when_empty = \"yes\""))
    let wrong = try timeline(["status"], status: 2)
    #expect(wrong.stderr.contains(":15:19: [widgets.broken] hide_when_empty: expected true or false"), "\(wrong)")
    try config(hide: true)
    _ = try dir.write(
      "config.toml",
      try String(contentsOfFile: dir.file("config.toml"), encoding: .utf8)
        .replacingOccurrences(
          of: "hide_when_empty = true\n\n[widgets.friends]", with: "hide_when_emtpy = true\n\n[widgets.friends]"))
    let typo = try timeline(["status"], status: 2)
    #expect(
      typo.stderr.contains("unknown key \"hide_when_emtpy\" for kind \"birthdays\"; did you mean \"hide_when_empty\"?"),
      "\(typo)")
  }

  /// Every kind takes the option: the example config with it in every widget loads.
  @Test func everyKindOfTheExampleConfigTakesIt() throws {
    let example = try String(contentsOfFile: Paths.repo + "/examples/config.toml", encoding: .utf8)
    var lines: [String] = []
    // The example sets it (false) for some kinds: those lines go, one per widget is added.
    for line in example.split(separator: "\n", omittingEmptySubsequences: false)
    where !line.hasPrefix("hide_when_empty") {
      lines.append(String(line))
      if line.hasPrefix("kind = ") { lines.append("hide_when_empty = true") }
    }
    _ = try dir.write("config.toml", lines.joined(separator: "\n"))
    #expect(lines.filter { $0 == "hide_when_empty = true" }.count >= 8)
    try timeline(["status"])
  }
}
