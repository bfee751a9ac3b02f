import Foundation
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

/// conky's `--family large` in the real conky, from a cache `timeline refresh` wrote from a
/// recorded BaniDB shabad (Tests/Support/fixture_server.py): every verse is drawn as its
/// ASCII GurbaniAkhar form in the project's OpenGurbaniAkhar font (fonts/, through a
/// private fontconfig file), its visraam word in its colour; and a hostile twin is text in
/// conky's parser, never an object. The text is read in conky's console output (the same
/// parser); the font in the pixels of a headless run (HeadlessBar, Tests/Support/xbar_run.sh):
/// Gurmukhi letters hang from a headline, a horizontal stroke across the whole word that
/// no Latin text of the other lines draws.
@Suite(.serialized) struct ConkyLargeRealTests {
  let dir: TempDir
  let environment: [String: String]

  init() throws {
    dir = try TempDir()
    try FileManager.default.createDirectory(atPath: dir.file("run"), withIntermediateDirectories: true)
    environment = [
      "PATH": Paths.products + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
      "TIMELINE_CACHE_DIR": dir.file("cache"), "XDG_RUNTIME_DIR": dir.file("run"), "HOME": dir.path,
      "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "FONTCONFIG_FILE": try HeadlessBar.fontConfig(in: dir),
    ]
  }

  /// A conky config showing `widget`'s large form: on X (a dark window at the top left),
  /// or, `console`, printed three times to stdout.
  func config(_ widget: String, console: Bool) throws -> String {
    let output =
      console
      ? "out_to_x = false, out_to_console = true, total_run_times = 3," : "out_to_x = true, own_window = true,"
    return try dir.write(
      "conky-\(console).conf",
      """
      conky.config = { \(output) own_window_type = 'normal', alignment = 'top_left', gap_x = 0, gap_y = 0,
        minimum_width = 1400, use_xft = true, font = 'DejaVu Sans:size=11', default_color = '#eeeeee',
        own_window_colour = '#222222', double_buffer = true, update_interval = 1 }
      conky.text = [[${execpi 60 \(Paths.binary("timeline-emit")) --family large conky \(widget)}]]
      """)
  }

  /// Refreshes a random-shabad widget from the recorded shabad 3492.
  func refresh() throws {
    let server = try FixtureServer(routes: [
      "/v2/random/*": ["file": Paths.fixture("ProvidersTests/Fixtures/banidb/random-3492.json")]
    ])
    let config = try dir.write(
      "config.toml",
      """
      [sources]
      banidb = "\(server.baseURL)/v2"

      [widgets.shabad]
      kind = "random-shabad"
      """)
    let refresh = try run(
      Paths.binary("timeline"), ["refresh", "shabad"],
      environment: ["TIMELINE_CONFIG": config, "TIMELINE_CACHE_DIR": dir.file("cache")])
    #expect(refresh.status == 0, "\(refresh)")
  }

  @Test func aRefreshedShabadIsDrawnInTheGurbaniAkharFont() throws {
    try refresh()
    let emit = try run(
      Paths.binary("timeline-emit"), ["--family", "large", "conky", "shabad"], environment: environment)
    let verse = "${font OpenGurbaniAkhar}jpu qpu sBu ikCu ${color #ff6f4d}mMinAY${color} Avir kwrw siB bwid ]${font}"
    #expect(emit.stdout.contains(verse), "\(emit.stdout)")
    #expect(!emit.stdout.unicodeScalars.contains { (0x0A00...0x0A7F).contains($0.value) })
    // conky's parser: the fonts and colours are objects, the verses text.
    let console = try run("conky", ["-c", try config("shabad", console: true)], environment: environment, timeout: 30)
    for text in ["mÚ 2 ]", "jpu qpu sBu ikCu mMinAY Avir kwrw siB bwid ]", "nwnk mMinAw mMnIAY buJIAY gur prswid ]2]"] {
      #expect(console.stdout.contains(text), "conky printed:\n\(console.stdout)\n\(console.stderr)")
    }
    let bar = try HeadlessBar.run(
      "exec conky -c \(try config("shabad", console: false))", name: "conky-large", in: dir, settle: 3,
      shot: "1400x240+0+0", environment: environment)
    #expect(bar.result.status == 0, "conky should run until stopped: \(bar.result)\n\(bar.log)")
    let image = try Pixels(png: bar.screenshot, width: 1400, height: 240, in: dir)
    // The shabad's two long verses: a headline of 20 px or more each (the longest stroke of
    // the Latin lines, a "//" of the link, is some 12 px), one in the visraam colour.
    let headlines = image.rows { image.longestRun(y: $0) { Pixels.ink($0) } >= 20 }
    let lines = headlines.enumerated().filter { $0.offset == 0 || $0.element - headlines[$0.offset - 1] > 8 }
    #expect(lines.count >= 2, "rows with a headline: \(headlines)")
    let coloured = image.rows { image.longestRun(y: $0) { Pixels.near($0, (0xFF, 0x6F, 0x4D)) } >= 12 }
    #expect(!coloured.isEmpty, "no headline in #ff6f4d")
  }

  /// Twins no server should send: conky objects, a comment, controls, every punctuation
  /// byte of the GurbaniAkhar encoding. conky prints each as the text it is and runs nothing.
  @Test func aHostileTwinIsTextInConky() throws {
    let marker = dir.file("pwned")
    let twins = [
      "${exec touch \(marker)} $(touch \(marker)) ${font DejaVu Sans} #hidden",
      #"] [ < > | @ ^ ~ ` \ } { ! % & * ( ) - _ = + ; : ' " , . / ? ®Ú"#,
      "tab\there \u{1B}[31mred",
    ]
    let detail = twins.map { [TextRun("ਸਤਿ ", ascii: "siq "), TextRun("ਨਾਮੁ", color: "#ff6f4d", ascii: $0)] }
    let entry = Entry(
      date: 0, runs: [TextRun("ਸਤਿ")], alt: "shabad", url: "https://example.org/s", key: "shabad:1", detail: detail)
    try CacheStore(directory: dir.file("cache")).write(
      Timeline(
        widget: "w", kind: "random-shabad", entries: [entry], policy: .never,
        placeholder: Entry(date: 0, runs: [TextRun("…")], alt: "placeholder"), generated: 0))
    let console = try run("conky", ["-c", try config("w", console: true)], environment: environment, timeout: 30)
    let printed = console.stdout.components(separatedBy: "\n")
    for twin in twins {
      #expect(printed.contains("siq " + CleanText.barLine(twin)), "conky printed:\n\(console.stdout)")
    }
    #expect(!FileManager.default.fileExists(atPath: marker))
  }
}

/// A screenshot's pixels, as ImageMagick writes them raw (8-bit RGB).
struct Pixels {
  let width: Int
  let height: Int
  let rgb: [UInt8]

  init(png: String, width: Int, height: Int, in dir: TempDir) throws {
    let raw = dir.file(URL(fileURLWithPath: png).lastPathComponent + ".rgb")
    let convert = try run("/usr/bin/env", ["convert", png, "-depth", "8", "rgb:" + raw])
    guard convert.status == 0 else { throw CocoaError(.fileReadCorruptFile) }
    rgb = Array(try Data(contentsOf: URL(fileURLWithPath: raw)))
    guard rgb.count == width * height * 3 else { throw CocoaError(.fileReadCorruptFile) }
    self.width = width
    self.height = height
  }

  func pixel(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
    let at = (y * width + x) * 3
    return (rgb[at], rgb[at + 1], rgb[at + 2])
  }

  /// The longest run of pixels in row `y` that satisfy `test`.
  func longestRun(y: Int, _ test: ((UInt8, UInt8, UInt8)) -> Bool) -> Int {
    var best = 0
    var current = 0
    for x in 0..<width {
      current = test(pixel(x, y)) ? current + 1 : 0
      best = max(best, current)
    }
    return best
  }

  /// The rows that satisfy `test`.
  func rows(_ test: (Int) -> Bool) -> [Int] { (0..<height).filter(test) }

  /// Text drawn on the dark ground (#222222): much brighter than it.
  static func ink(_ pixel: (UInt8, UInt8, UInt8)) -> Bool {
    Int(pixel.0) + Int(pixel.1) + Int(pixel.2) > 3 * 0x22 + 200
  }

  static func near(_ pixel: (UInt8, UInt8, UInt8), _ color: (Int, Int, Int)) -> Bool {
    abs(Int(pixel.0) - color.0) < 40 && abs(Int(pixel.1) - color.1) < 40 && abs(Int(pixel.2) - color.2) < 40
  }
}
