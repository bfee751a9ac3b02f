import Foundation
import Testing
import TimelineTestSupport

@testable import Emitters
@testable import Providers
@testable import TimelineCore

/// The contrast table of integrations/tmux/README.md, recomputed from the palettes the
/// providers use, and the status style it recommends tried in a real tmux.
@Suite struct TmuxContrastTests {
  static let readme = Paths.repo + "/integrations/tmux/README.md"

  /// tmux's default status-style is `bg=green`: palette colour 2, as xterm and as the
  /// Tango palette (GNOME Terminal and other VTE terminals) draw it.
  static let greens = ["#00cd00", "#4e9a06"]

  /// `bg` and `fg` of the README's `set -g status-style '…'` line.
  static func recommendedStyle() throws -> (bg: String, fg: String, line: String) {
    let text = try String(contentsOfFile: readme, encoding: .utf8)
    let line = try #require(
      text.split(separator: "\n").first { $0.hasPrefix("set -g status-style ") }, "no status-style in the README")
    let value = line.dropFirst("set -g status-style ".count).trimmingCharacters(in: CharacterSet(charactersIn: "'"))
    var parts: [String: String] = [:]
    for item in value.split(separator: ",") {
      let pair = item.split(separator: "=", maxSplits: 1).map(String.init)
      if pair.count == 2 { parts[pair[0]] = pair[1] }
    }
    return (try #require(parts["bg"]), try #require(parts["fg"]), String(line))
  }

  /// Every colour the providers put in bar text.
  static var paletteColors: [String] {
    AvalanchePalette.allCases.flatMap(\.colors) + [BaniDBStyle.mainColor, BaniDBStyle.yamkiColor]
  }

  static func figure(_ ratio: Double?) -> String { ratio.map { "\(($0 * 10).rounded() / 10):1" } ?? "?" }

  @Test func everyColourReadsOnTheRecommendedStyle() throws {
    let style = try Self.recommendedStyle()
    for color in Self.paletteColors {
      if Contrast.needsBadge(color) {
        let ratio = try #require(Contrast.ratio(Contrast.text(on: color), color))
        #expect(ratio >= 4.5, "badge text on \(color): \(ratio)")
      } else {
        let ratio = try #require(Contrast.ratio(color, style.bg))
        #expect(ratio >= 4.5, "\(color) on \(style.bg): \(Self.figure(ratio))")
      }
    }
    #expect(try #require(Contrast.ratio(style.fg, style.bg)) >= 7)
    // And why it is needed: on tmux's default green, no palette colour reaches 3:1.
    for color in Self.paletteColors where !Contrast.needsBadge(color) {
      for green in Self.greens { #expect(try #require(Contrast.ratio(color, green)) < 3.4, "\(color) on \(green)") }
    }
  }

  /// Each row of the README table: the colour in backticks, then the figures against the
  /// two greens and the recommended background.
  @Test func readmeTableHasTheMeasuredFigures() throws {
    let style = try Self.recommendedStyle()
    let text = try String(contentsOfFile: Self.readme, encoding: .utf8)
    let rows = text.split(separator: "\n").filter { $0.hasPrefix("| ") && $0.contains(":1 |") }
    #expect(rows.count >= 9, "the contrast table is missing")
    for row in rows {
      let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      #expect(cells.count == 5, "\(row)")
      guard cells.count == 5 else { continue }
      let colors = cells[1].split(separator: "`").map(String.init).filter { $0.hasPrefix("#") }
      let (text, ground): (String, String?) = colors.count == 2 ? (colors[0], colors[1]) : (colors.first ?? "?", nil)
      for (column, bg) in zip(cells[2...4], Self.greens + [style.bg]) where column != "—" {
        #expect(column == Self.figure(Contrast.ratio(text, ground ?? bg)), "\(row): against \(bg)")
      }
    }
    // Every palette colour that is drawn as text has a row.
    for color in [AvalanchePalette.varsom.colors.dropLast(), [BaniDBStyle.mainColor, BaniDBStyle.yamkiColor]].joined() {
      #expect(rows.contains { $0.contains("`\(color)`") }, "no row for \(color)")
    }
  }

  /// The style in a real tmux, with a level-4 day from the bundled samples.
  @Test func theRecommendedStyleInARealTmux() throws {
    let tmux = try #require(TmuxPair.path, "tmux is not on PATH (`make deps` installs it)")
    let style = try Self.recommendedStyle()
    let dir = try TempDir()
    let cache = dir.path + "/cache"
    let preview = try run(
      Paths.binary("timeline"), ["preview", "--keep", cache, "plain"],
      environment: [
        "XDG_CONFIG_HOME": dir.path, "XDG_CACHE_HOME": dir.path, "TIMELINE_CONFIG": dir.path + "/none.toml",
      ])
    #expect(preview.status == 0, "preview: \(preview.stderr)")
    let pair = try TmuxPair(tmux: tmux, prefix: "contrast", width: 120)
    defer { pair.stop() }
    let conf = dir.path + "/tmux.conf"
    try
      (style.line
      + "\nset -g status-right '#(env TIMELINE_CACHE_DIR=\(cache) \(Paths.binary("timeline-emit")) tmux avalanche-se)'\n")
      .write(toFile: conf, atomically: true, encoding: .utf8)
    try pair.startInner([["status-interval", "1"]])
    let sourced = try pair.run(pair.inner, ["source-file", conf])
    #expect(sourced.status == 0, "source-file: \(sourced.stderr)")
    try pair.enableRGB()
    #expect(try pair.attach().status == 0)
    let line = try pair.waitForStatus(seconds: 20, escapes: true) { $0.contains("38;2;237;70;47") }
    let cells = TerminalCells.parse(line)
    let coloured = cells.filter { $0.foreground == "#ed462f" }
    #expect(!coloured.isEmpty, "no level-4 text: \(line.debugDescription)")
    #expect(coloured.allSatisfy { $0.background == style.bg }, "level-4 text not on \(style.bg)")
  }
}
