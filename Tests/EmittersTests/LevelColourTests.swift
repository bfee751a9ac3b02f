import Testing

@testable import Emitters
@testable import TimelineCore

/// An entry with a level and no colour of its own (a command's `level`): every bar that
/// colours text draws it in the level's colour from `Palette.level`, through its own
/// escaping; i3bar colours the block, waybar gives the `level-N` class, plain text stays plain.
enum LevelColours {
  /// Text that is markup in some bar: each must stay text in every one.
  static let hostile = "CPU 93% %{F#f00}x%{F-} #[fg=red]## ${exec touch /tmp/x} $$ <b>&amp;</b> <fc=#f00>"

  static func input(
    _ runs: [TextRun], level: Int, stale: Bool = false, browsing: String? = nil, widget: WidgetName = "load"
  ) -> RenderInput {
    RenderInput(
      widget: widget, kind: "command", entry: Entry(date: 0, runs: runs, alt: "level-\(level)", level: level),
      isStale: stale, browsing: browsing)
  }

  static let cases: [GoldenCase] = [
    GoldenCase(name: "level-3-hostile", input: input([TextRun(hostile), TextRun(" end", bold: true)], level: 3)),
    // A run with its own colour keeps it, and the others stay uncoloured: the level colours
    // only an entry with no colour at all.
    GoldenCase(
      name: "level-own-colour", input: input([TextRun("disk "), TextRun("91%", color: "#33aa33")], level: 4)),
    // The browse label is the bar's, not the entry's: it keeps the bar's colour.
    GoldenCase(name: "level-browsing", input: input([TextRun("tomorrow's load")], level: 2, browsing: "tomorrow")),
    // Stale wins: grey (dim in tmux), as every stale entry.
    GoldenCase(name: "level-stale", input: input([TextRun("load 1.5")], level: 1, stale: true)),
    GoldenCase(name: "level-0", input: input([TextRun("not assessed")], level: 0)),
  ]
}

@Suite struct LevelColourTests {
  /// The colour a bar is expected to write for `level`: a badge's text colour where the bar
  /// has no ground (conky), else the level's own.
  func expected(_ format: OutputFormat, level: Int) -> String {
    let color = Palette.level(level)
    return format == .conky && Contrast.needsBadge(color) ? Contrast.text(on: color) : color
  }

  @Test(arguments: 0...5)
  func everyBarThatColoursRunsColoursALevelWithoutColour(level: Int) {
    let state = LevelColours.input([TextRun("load 1.5")], level: level)
    for format in OutputFormat.allCases {
      let line = String(decoding: format.bytes(state, options: RenderOptions()), as: UTF8.self)
      switch format.traits.level {
      case .runs: #expect(line.contains(expected(format, level: level)), "\(format.name): \(line)")
      case .block: #expect(line.contains("\"\(Palette.level(level))\""), "\(format.name): \(line)")
      case .classes: #expect(line.contains("\"level-\(level)\""), "\(format.name): \(line)")
      case .none: #expect(line == "load 1.5", "\(format.name): \(line)")
      }
    }
  }

  /// Every format with markup shows a level somehow; only text alone does not.
  @Test func onlyPlainTextLeavesALevelOut() {
    for format in OutputFormat.allCases {
      #expect((format.traits.level == .none) == (format.traits.markup == .none), "\(format.name)")
    }
  }

  @Test func aLevelNeverColoursAPlaceholderOrAnEntryWithColours() {
    var placeholder = LevelColours.input([TextRun("Avalanche …")], level: 3)
    placeholder.isPlaceholder = true
    let coloured = LevelColours.input([TextRun("Lyngen 3", color: "#f88c2e")], level: 3)
    for format in OutputFormat.allCases where format.traits.level == .runs {
      let shown = String(decoding: format.bytes(placeholder, options: RenderOptions()), as: UTF8.self)
      #expect(!shown.contains(Palette.level(3)), "\(format.name): \(shown)")
      let own = String(decoding: format.bytes(coloured, options: RenderOptions()), as: UTF8.self)
      #expect(own.contains("#f88c2e") && !own.contains(Palette.level(3)), "\(format.name): \(own)")
    }
  }

  @Test func theTableIsTheEAWSScaleAndTheBlockUsesIt() {
    #expect((0...5).map(Palette.level) == Palette.Scale.eaws.colors)
    #expect(Palette.level(9) == Palette.level(5) && Palette.level(-1) == Palette.level(0))
    let block = LevelColours.input([TextRun("x")], level: 2).blockColors([TextRun("x")])
    #expect(block?.text == Palette.level(2) && block?.ground == nil)
  }
}
