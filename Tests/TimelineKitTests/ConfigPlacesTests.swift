import Testing
import TimelineCore

@testable import TimelineKit

/// Where keys are written is kept for messages only: moving lines changes neither the
/// config's equality nor its hash.
@Suite struct ConfigPlacesTests {
  let first = "[widgets.x]\nkind = \"command\"\ncommand = [\"true\"]\ntimeout = 20\n"
  let moved = "# c\n\n[widgets.x]\n  timeout = 20\n  command = [\n    \"true\",\n  ]\n  kind = \"command\"\n"

  @Test func placesAreRecordedButAreNotPartOfTheConfig() throws {
    let a = try ConfigLoader.parse(first, file: "c.toml")
    let b = try ConfigLoader.parse(moved, file: "c.toml")
    #expect(a == b)
    let (x, y) = (try #require(a.widget(named: "x")), try #require(b.widget(named: "x")))
    #expect(ConfigHash.of(x, sources: a.sources) == ConfigHash.of(y, sources: b.sources))
    #expect(x.places.keys["timeout"] == TextPosition(line: 4, column: 1))
    #expect(y.places.keys["timeout"] == TextPosition(line: 4, column: 3))
    #expect(y.places.values["timeout"] == TextPosition(line: 4, column: 13))
    #expect(y.places.items["command"] == [TextPosition(line: 6, column: 5)])
    #expect(y.places.table == TextPosition(line: 3, column: 1))
    #expect(y.place(of: "timeout") == "c.toml:4:13: [widgets.x]")
    #expect(y.place(of: "timeout", atKey: true) == "c.toml:4:3: [widgets.x]")
    #expect(y.place(of: "missing") == "c.toml:3:1: [widgets.x]")
    #expect(
      try WidgetConfig(name: .named("w"), kind: "command", file: "f.toml").place(of: "command") == "f.toml: [widgets.w]"
    )
  }

  @Test func aTypoGetsTheClosestKnownKey() {
    #expect(KeySuggestion.closest(to: "timout", among: ["timeout", "command"]) == "timeout")
    #expect(KeySuggestion.closest(to: "intreval", among: ["interval", "line"]) == "interval")
    #expect(KeySuggestion.closest(to: "colour", among: ["command", "timeout"]) == nil)
    #expect(KeySuggestion.closest(to: "ab", among: ["a", "abc"]) == nil)
  }

  @Test func widgetsKeepTheFileOrder() throws {
    let config = try ConfigLoader.parse(
      "[widgets.zz]\nkind = \"hukamnama\"\n[widgets.\"mm\"]\nkind = \"hukamnama\"\n[widgets.aa]\nkind = \"hukamnama\"\n",
      file: "c.toml")
    #expect(config.widgets.map(\.name.text) == ["zz", "mm", "aa"])
  }
}
