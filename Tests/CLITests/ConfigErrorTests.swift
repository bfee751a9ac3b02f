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
  func configErrorsNameTheKeyAndFileAndExit2(toml: String, message: String) throws {
    let result = try refresh(toml)
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
