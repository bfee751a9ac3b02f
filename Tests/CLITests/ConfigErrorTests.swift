import Foundation
import Testing
import TimelineTestSupport

@Suite struct ConfigErrorTests {
  let dir: TempDir
  init() throws { dir = try TempDir() }

  func refresh(_ toml: String) throws -> RunResult {
    let file = try dir.write("config.toml", toml)
    return try run(
      Paths.binary("timeline"), ["refresh", "--config", file], environment: ["TIMELINE_CACHE_DIR": dir.file("cache")])
  }

  @Test(arguments: [
    ("[widgets.Bad_Name]\nkind = \"command\"\ncommand = [\"true\"]\n", "[widgets.Bad_Name]: invalid widget name"),
    ("[widgets.x]\nkind = \"nope\"\n", "[widgets.x] kind: unknown kind \"nope\""),
    (
      "[widgets.x]\nkind = \"command\"\ncommand = [\"true\"]\ncolour = 1\n",
      "[widgets.x] unknown key \"colour\" for kind \"command\""
    ),
    ("[widgets.x]\nkind = \"command\"\ncommand = \"true\"\n", "[widgets.x] command: expected an array of strings"),
    (
      "[widgets.x]\nkind = \"command\"\ncommand = [\"true\"]\ntimeout = \"soon\"\n",
      "[widgets.x] timeout: expected an integer"
    ),
    ("[widgets.x]\nkind = \"command\"\n", "[widgets.x] command: expected an array"),
    ("[widget.x]\nkind = \"command\"\n", "unknown key \"widget\""),
    ("[sources]\nbanidb = \"ftp://x\"\n", "[sources] banidb: expected an http:// or https:// URL"),
    ("[sources]\nfoo = \"https://x\"\n", "[sources] unknown key \"foo\""),
    ("[widgets.x\n", "config.toml:1:"),
    (
      "[widgets.s]\nkind = \"random-shabad\"\nline = \"ascii\"\n",
      "[widgets.s] line: expected one of \"gurmukhi\", \"transliteration\", \"translation\", got \"ascii\""
    ),
    ("[widgets.h]\nkind = \"hukamnama\"\nline = 2\n", "[widgets.h] line: expected a string"),
    ("[bars]\npolybar_gurmukhi_font = 0\n", "[bars] polybar_gurmukhi_font: expected polybar's font index from 1 to 99"),
  ])
  func configErrorsNameTheKeyAndFileAndExit2(toml: TextArgument, message: String) throws {
    let result = try refresh(toml.text)
    #expect(result.status == 2, "\(result.stderr)")
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(result.stderr.contains(dir.file("config.toml")), "\(result.stderr)")
  }

  @Test func aMissingNamedConfigIsAnError() throws {
    let result = try run(Paths.binary("timeline"), ["status", "--config", dir.file("nope.toml")])
    #expect(result.status == 2)
    #expect(result.stderr.contains("nope.toml: config file not found"))
  }

  @Test func anUnknownWidgetArgumentIsAnError() throws {
    let result = try refresh("[widgets.x]\nkind = \"command\"\ncommand = [\"true\"]\n")
    #expect(result.status == 0 || result.status == 1)
    let named = try run(
      Paths.binary("timeline"), ["refresh", "--config", dir.file("config.toml"), "nope"],
      environment: ["TIMELINE_CACHE_DIR": dir.file("cache")])
    #expect(named.status == 2)
    #expect(named.stderr.contains("unknown widget \"nope\""))
  }

  @Test func plainHTTPToARemoteHostIsRefusedWithAWarning() throws {
    let file = try dir.write(
      "config.toml", "[sources]\nbanidb = \"http://example.org/v2\"\nvarsom = \"http://127.0.0.1:9/api\"\n")
    let result = try run(Paths.binary("timeline"), ["config", "--config", file])
    #expect(result.status == 0)
    #expect(result.stderr.contains("warning:"))
    #expect(result.stdout.contains("banidb = \"https://api.banidb.com/v2\""))
    #expect(result.stdout.contains("varsom = \"http://127.0.0.1:9/api\""))
  }

  @Test func widgetsKeepTheirOrderInTheFile() throws {
    let file = try dir.write(
      "config.toml",
      """
      [widgets.zz]
      kind = "command"
      command = ["true"]

      [widgets."mm"]
      kind = "command"
      command = ["true"]

      [widgets.aa]
      kind = "command"
      command = ["true"]
      """)
    let result = try run(
      Paths.binary("timeline"), ["status", "--json", "--config", file],
      environment: ["TIMELINE_CACHE_DIR": dir.file("c")])
    let rows = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
    #expect(rows?.compactMap { $0["widget"] as? String } == ["zz", "mm", "aa"])
  }

  @Test func statusChecksTheConfigAsRefreshDoesAndTakesWidgetNames() throws {
    let bad = try dir.write("config.toml", "[widgets.x]\nkind = \"hukamnama\"\ncolour_of_sky = 3\n")
    let env = ["TIMELINE_CACHE_DIR": dir.file("c")]
    for args in [["status"], ["status", "--json"], ["status", "x"]] {
      let result = try run(Paths.binary("timeline"), args + ["--config", bad], environment: env)
      #expect(result.status == 2, "\(args): \(result.stderr)")
      #expect(result.stderr.contains("colour_of_sky") && result.stderr.contains(bad), "\(result.stderr)")
    }
    let good = try dir.write(
      "config.toml", "[widgets.x]\nkind = \"hukamnama\"\n\n[widgets.y]\nkind = \"random-shabad\"\n")
    let one = try run(Paths.binary("timeline"), ["status", "--json", "--config", good, "y"], environment: env)
    #expect(one.status == 0, "\(one.stderr)")
    let rows = try JSONSerialization.jsonObject(with: Data(one.stdout.utf8)) as? [[String: Any]]
    #expect(rows?.compactMap { $0["widget"] as? String } == ["y"])
    let unknown = try run(Paths.binary("timeline"), ["status", "--config", good, "nope"], environment: env)
    #expect(unknown.status == 2 && unknown.stderr.contains("unknown widget \"nope\""), "\(unknown.stderr)")
  }

  @Test func theEmbeddedDefaultHasTheThreeWidgets() throws {
    let result = try run(
      Paths.binary("timeline"), ["config"],
      environment: ["XDG_CONFIG_HOME": dir.path, "TIMELINE_CONFIG": ""])
    #expect(result.status == 0)
    for widget in ["[widgets.random-shabad]", "[widgets.hukamnama]", "[widgets.avalanche]"] {
      #expect(result.stdout.contains(widget))
    }
    let printed = try run(Paths.binary("timeline"), ["config", "--default"])
    #expect(printed.stdout.contains("region = 3011"))
  }
}

/// Config errors point at the place: `FILE:LINE:COL: message`, the column in characters,
/// at the key for an unknown key and at the value for a bad one, through the real binary.
@Suite struct ConfigErrorPlaceTests {
  let dir: TempDir
  init() throws { dir = try TempDir() }

  @Test(arguments: [
    (
      "[widgets.x]\nkind = \"command\"\ncommand = [\"true\"]\ntimout = 5\n",
      "4:1: [widgets.x] unknown key \"timout\" for kind \"command\"; did you mean \"timeout\"?"
    ),
    (
      "[widgets.x]\nkind = \"command\"\ncommand = [\"true\"]\ntimeout = \"soon\"\n",
      "4:11: [widgets.x] timeout: expected an integer, got a string"
    ),
    (
      "[widgets.x]\nkind = \"command\"\ncommand = [\"true\"]\ntimeout = 0\n",
      "4:11: [widgets.x] timeout: expected an integer from 1 to 3600, got 0"
    ),
    (
      "# widgets\n\n[widgets.x]\n  kind = \"nope\"\n",
      "4:10: [widgets.x] kind: unknown kind \"nope\"; expected one of command, avalanche, random-shabad, hukamnama, favourites, friends, birthdays, stack"
    ),
    ("[bars]\nwaybar_signal = 31\n", "2:17: [bars] waybar_signal: expected an integer from 1 to 30"),
    ("[bars]\ntmux = \"yes\"\n", "2:8: [bars] tmux: expected true or false"),
    (
      "[bars]\nwaybar_sigal = 8\n",
      "2:1: [bars] unknown key \"waybar_sigal\" (expected waybar_signal, polybar_modules, tmux, browse_timeout, polybar_gurmukhi_font); did you mean \"waybar_signal\"?"
    ),
    (
      "[sources]\nvarsomm = \"https://x\"\n",
      "2:1: [sources] unknown key \"varsomm\" (expected aineva, avalanche-org, avalanche-report, banidb, lavinprognoser, lawinen-warnung, slf, varsom); did you mean \"varsom\"?"
    ),
    (
      "[sources]\nbanidb = \"ftp://x\"\n",
      "2:10: [sources] banidb: expected an http:// or https:// URL, got \"ftp://x\""
    ),
    (
      // A control character in a URL is refused, and the message does not print it raw.
      "[sources]\nvarsom = \"https://x\\u001b[2Jy/\"\n",
      "2:10: [sources] varsom: expected an http:// or https:// URL, got \"https://x [2Jy/\""
    ),
    (
      "[refresh]\ngrace = \"forever\"\n",
      "2:9: [refresh] grace: expected a duration like \"1h\" or seconds (0 to 7 days)"
    ),
    (
      "[widgets.f]\nkind = \"favourites\"\nshabads = [1, \"x\", 3]\n",
      "3:15: [widgets.f] shabads: expected numeric shabad ids, got \"x\""
    ),
    (
      "[widgets.h]\nkind = \"hukamnama\"\nrelevance_boost = \"lots\"\n",
      "3:19: [widgets.h] relevance_boost: expected a whole number of points, e.g. 20 or -10"
    ),
    (
      "[widgets.x]\nkind = \"command\"\n",
      "1:1: [widgets.x] command: expected an array like [\"prog\", \"arg\"] (no shell)"
    ),
    (
      "[widgets.x]\nkind = \"command\"\ncommand = [\"ਸ਼ਬਦ\", 5]\n",
      "3:19: [widgets.x] command: expected an array of strings"
    ),
    (
      "[widget.x]\nkind = \"command\"\n",
      "1:2: unknown key \"widget\" (expected sources, refresh, bars, notify, widgets); did you mean \"widgets\"?"
    ),
    (
      "[widgets.Bad_Name]\nkind = \"command\"\n",
      "1:10: [widgets.Bad_Name]: invalid widget name; use [a-z0-9][a-z0-9-]*"
    ),
    (
      "[widgets.x]\nkind = \"command\"\ncommand = [\"true\"]\n[widgets.x]\n", "4:10: table [widgets.x] is defined twice"
    ),
    (
      "[widgets.s]\nkind = \"random-shabad\"\nline = \"ascii\"\n",
      "3:8: [widgets.s] line: expected one of \"gurmukhi\", \"transliteration\", \"translation\", got \"ascii\""
    ),
    (
      "[widgets.a]\nkind = \"random-shabad\"\n[widgets.s]\nkind = \"stack\"\nwidgets = [\"a\", \"b\"]\n",
      "5:17: [widgets.s] widgets: no widget \"b\" in this config (widgets: a)"
    ),
    ("a = 1\n[widgets.x\n", "2:11: expected \"]\" to close the table header, found the end of the line"),
  ])
  func statusAndRefreshPointAtTheKeyOrValue(toml: TextArgument, message: String) throws {
    let file = try dir.write("config.toml", toml.text)
    let env = ["TIMELINE_CACHE_DIR": dir.file("cache")]
    for args in [["status"], ["refresh"]] {
      let result = try run(Paths.binary("timeline"), args + ["--config", file], environment: env)
      #expect(result.status == 2, "\(args): \(result.stderr)")
      #expect(result.stderr.contains("\(file):\(message)"), "\(args): \(result.stderr)")
    }
  }

  @Test func doctorShowsThePlaceToo() throws {
    let file = try dir.write("config.toml", "[widgets.x]\nkind = \"command\"\ncommand = [\"true\"]\ntimeout = 0\n")
    let result = try run(
      Paths.binary("timeline"), ["doctor", "--config", file], environment: ["TIMELINE_CACHE_DIR": dir.file("cache")])
    #expect(result.status != 0, "\(result)")
    #expect(
      (result.stdout + result.stderr).contains(
        "\(file):4:11: [widgets.x] timeout: expected an integer from 1 to 3600, got 0"), "\(result)")
  }

  @Test func invalidUTF8IsAnErrorAtItsPlace() throws {
    let file = dir.file("config.toml")
    let bytes = Array("[widgets.x]\nkind = \"command\"\ncommand = [\"caf".utf8) + [0xE9] + Array("\"]\n".utf8)
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    let result = try run(Paths.binary("timeline"), ["status", "--config", file])
    #expect(result.status == 2)
    #expect(result.stderr.contains("\(file):3:16: the file is not valid UTF-8"), "\(result.stderr)")
  }

  /// Positions are not part of the config: an edit that only moves lines (blank lines,
  /// comments, keys in another order) leaves the widget not due; a changed value makes it due.
  @Test func movingLinesDoesNotMakeAWidgetDue() throws {
    let counter = dir.file("runs")
    let script = try dir.write(
      "widget.sh",
      """
      echo run >> \(counter)
      now=$(date +%s)
      printf '{"entries":[{"date":%s,"text":"x"}],"policy":{"after":%s}}' $now $((now+3600))
      """)
    let env = ["TIMELINE_CACHE_DIR": dir.file("cache")]
    func refresh(_ toml: String) throws -> RunResult {
      let file = try dir.write("config.toml", toml)
      return try run(Paths.binary("timeline"), ["refresh", "--config", file], environment: env)
    }
    func runs() throws -> Int { try String(contentsOfFile: counter, encoding: .utf8).split(separator: "\n").count }
    let first = try refresh("[widgets.t]\nkind = \"command\"\ncommand = [\"/bin/sh\", \"\(script)\"]\ntimeout = 20\n")
    #expect(first.status == 0, "\(first)")
    #expect(try runs() == 1)
    let moved = try refresh(
      "# moved\n\n\n[widgets.t]\n  timeout = 20   # same value\n\n  kind = \"command\"\n  command = [\n    \"/bin/sh\",\n    \"\(script)\",\n  ]\n"
    )
    #expect(moved.status == 0, "\(moved)")
    #expect((moved.stdout + moved.stderr).contains("t: not due until"), "\(moved)")
    #expect(try runs() == 1)
    let changed = try refresh("[widgets.t]\nkind = \"command\"\ncommand = [\"/bin/sh\", \"\(script)\"]\ntimeout = 21\n")
    #expect(changed.status == 0, "\(changed)")
    #expect(try runs() == 2)
  }
}
