import Foundation
import Testing
import TimelineTestSupport

/// README.md keeps up with the binaries: its widget table has a row for every kind the
/// config accepts, its command table one for every subcommand, and its first paragraph
/// and the package description name every bar a format is for.
@Suite struct ReadmeTablesTests {
  /// The first cell of each table row in `text`, without its backticks.
  static func firstCells(_ text: String) -> [String] {
    text.split(separator: "\n").compactMap { line in
      guard line.hasPrefix("| `") else { return nil }
      return line.dropFirst(3).prefix { $0 != "`" }.description
    }
  }

  /// The kinds `timeline` knows, from the message for a kind it does not.
  static func kinds(in dir: TempDir) throws -> [String] {
    let config = try dir.write("config.toml", "[widgets.x]\nkind = \"no-such-kind\"\n")
    let said = try run(Repo.timeline, ["status", "--config", config], environment: isolated(dir)).stderr
    let list = try #require(said.components(separatedBy: "expected one of ").last?.split(separator: "\n").first)
    return list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
  }

  @Test func everyKindAndCommandHasARow() throws {
    let dir = try TempDir()
    let readme = try Repo.text("README.md")
    let cells = Self.firstCells(readme)
    let kinds = try Self.kinds(in: dir)
    #expect(kinds.contains("stack") && kinds.count >= 8, "\(kinds)")
    for kind in kinds { #expect(cells.contains(kind), "README's widget table has no \(kind)") }
    // A subcommand's line in `--help` starts with two spaces; its wrapped summary with more.
    let help = try run(Repo.timeline, ["--help"]).stdout
    let commands = try #require(help.components(separatedBy: "SUBCOMMANDS:\n").last).split(separator: "\n")
      .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") && !$0.contains("timeline help") }.compactMap {
        $0.split(separator: " ").first
      }
    #expect(commands.contains("friends") && commands.count >= 12, "\(commands)")
    for command in commands {
      #expect(
        cells.contains { $0 == "timeline \(command)" || $0.hasPrefix("timeline \(command) ") },
        "README's command table has no timeline \(command)")
    }
  }

  @Test func theIntroAndThePackageNameEveryBar() throws {
    let bars = ["waybar", "polybar", "tmux", "i3bar", "swaybar", "i3blocks", "xmobar", "lemonbar", "conky"]
    let intro = try #require(try Repo.text("README.md").components(separatedBy: "\n\n").dropFirst().first)
    let deb = try Repo.text("scripts/deb")
    let description = try #require(deb.components(separatedBy: "Description: ").last)
    let suggests = try #require(deb.split(separator: "\n").first { $0.hasPrefix("Suggests: ") })
    for bar in bars {
      #expect(intro.contains(bar), "README's intro does not name \(bar)")
      #expect(description.contains(bar), "the package description does not name \(bar)")
    }
    for package in ["waybar", "polybar", "tmux", "i3blocks", "xmobar", "lemonbar", "conky", "sway"] {
      #expect(suggests.contains(package), "Suggests lacks \(package): \(suggests)")
    }
    // The offline way to see real data, in First use.
    let firstUse = try #require(try Repo.text("README.md").components(separatedBy: "## First use").last)
      .components(separatedBy: "\n## ").first
    #expect(firstUse?.contains("timeline preview --keep") == true && firstUse?.contains("TIMELINE_CACHE_DIR") == true)
  }
}
