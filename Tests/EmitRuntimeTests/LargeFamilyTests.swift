import EmitTestSupport
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

@testable import EmitRuntime
@testable import Emitters

/// `--family large`: the whole entry for conky and plain, from a cache written the real way.
@Suite struct LargeFamilyTests {
  static let hostile = "${exec touch /tmp/x} $$ # <b>&amp;</b> %{A:x:} \u{1B}[31m"

  static func day(_ date: Int64, level: Int, text: String) -> Entry {
    Entry(
      date: date, runs: [TextRun("Lyngen \(level)", color: "#f88c2e")], tooltip: [text], alt: "level-\(level)",
      level: level, url: "https://example.org/\(date)",
      detail: [[TextRun("\(level) Considerable", color: "#f88c2e"), TextRun(" — Lyngen")], [TextRun(text)]])
  }

  static func write(_ timeline: Timeline) throws -> TempDir {
    let dir = try TempDir()
    try CacheStore(directory: dir.path).write(timeline)
    return dir
  }

  @Test func avalancheShowsEveryDayWithItsMainTextAndPlainEqualsShowsLines() throws {
    let days = [
      Self.day(0, level: 3, text: "today " + Self.hostile), Self.day(100, level: 2, text: "tomorrow"),
      Self.day(200, level: 1, text: "day after"),
    ]
    let timeline = Timeline(
      widget: "avalanche", kind: "avalanche", entries: days, end: 300, policy: .never,
      placeholder: Entry(date: 0, runs: [TextRun("…")], alt: "placeholder"), generated: 0, days: true)
    let dir = try Self.write(timeline)
    let plain = try #require(
      EmitPipeline.large(
        widget: "avalanche", directory: dir.path, now: 50, format: .plain, options: RenderOptions())?.bytes)
    let text = String(decoding: plain, as: UTF8.self)
    #expect(
      text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        == LargeText.lines(timeline, from: 0, all: false).map { CleanText.barLine($0.plainText) })
    for part in ["3 Considerable — Lyngen", "today ${exec", "tomorrow", "day after", "https://example.org/200"] {
      #expect(text.contains(part), "\(part) in:\n\(text)")
    }
    #expect(!text.contains("\u{1B}"))
    // From the second day on, the first day is gone.
    let later = String(
      decoding: EmitPipeline.large(
        widget: "avalanche", directory: dir.path, now: 150, format: .plain, options: RenderOptions())?.bytes ?? [],
      as: UTF8.self)
    #expect(!later.contains("today") && later.contains("tomorrow") && later.contains("day after"))
  }

  /// A Gurmukhi line without ASCII twins (a cache from before them) is drawn in the
  /// GurbaniAkhar font, span by span; no line is left out for its script.
  @Test func conkyLargeEscapesEveryLineAndDrawsGurmukhiInTheFont() throws {
    let shabad = Entry(
      date: 0, runs: [TextRun("ਪ੍ਰਭ")], alt: "shabad", url: "https://example.org/s",
      detail: [
        [TextRun("Ang 1 · Source", color: "#7aa2f7", bold: true)], [],
        [TextRun("ਸ੍ਰੀ "), TextRun("ਪ੍ਰਭ", color: "#ff6f4d")],
        [TextRun("srī prabh " + Self.hostile, color: "#9aa5b1")], [TextRun("The Lord. #1")],
      ])
    let dir = try Self.write(
      Timeline(
        widget: "s", kind: "random-shabad", entries: [shabad], policy: .never,
        placeholder: Entry(date: 0, runs: [TextRun("…")], alt: "placeholder"), generated: 0))
    let bytes = try #require(
      EmitPipeline.large(widget: "s", directory: dir.path, now: 10, format: .conky, options: RenderOptions())?.bytes)
    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    let decoded = lines.map { ConkyText.decode(String($0)) }
    #expect(
      decoded == [
        "Ang 1 · Source", "", "sRI pRB", CleanText.barLine("srī prabh " + Self.hostile), "The Lord. \u{23}1", "",
        "https://example.org/s",
      ], "\(lines)")
    #expect(lines[0] == "${color #7aa2f7}Ang 1 · Source${color}")
    #expect(
      lines[2]
        == "${font OpenGurbaniAkhar}sRI${font} ${font OpenGurbaniAkhar}${color #ff6f4d}pRB${color}${font}")
  }

  @Test func onlyFormatsWithRoomAndNeverFollowing() {
    #expect(OutputFormat.allCases.filter(\.hasLargeFamily) == [.plain, .conky])
    guard case .usageError(let message) = EmitCommand.parse(["--family", "large", "waybar", "w"]) else {
      Issue.record("waybar has no large family")
      return
    }
    #expect(message.contains("plain or conky"))
    guard case .usageError = EmitCommand.parse(["--family", "large", "--follow", "conky", "w"]) else {
      Issue.record("the large family is one-shot")
      return
    }
    guard case .usageError = EmitCommand.parse(["--family", "medium", "plain", "w"]) else {
      Issue.record("medium is not a family")
      return
    }
    guard case .run(let request) = EmitCommand.parse(["--family", "large", "conky", "w"]) else {
      Issue.record("conky large parses")
      return
    }
    #expect(request.family == .large)
  }

  /// An offline repeat carries only the shabad's key: the large form still shows the whole
  /// shabad (the first record with that key), read from the lines, and a version 1 file, read
  /// whole, gives the same lines.
  @Test func aRepeatShowsTheSharedShabadAndAVersion1FileTheSameLines() throws {
    let body: [[TextRun]] = [[TextRun("Ang 1 · Source", color: "#7aa2f7", bold: true)], [TextRun("The Lord.")]]
    let first = Entry(
      date: 0, runs: [TextRun("a")], alt: "shabad", url: "https://example.org/s", key: "s:1", detail: body)
    var again = first
    again.date = 100
    again.detail = []
    again.classes = [Entry.repeatClass]
    let timeline = Timeline(
      widget: "s", kind: "favourites", entries: [first, again], policy: .never,
      placeholder: Entry(date: 0, runs: [TextRun("…")], alt: "placeholder"), generated: 0)
    let dir = try Self.write(timeline)
    let large = EmitPipeline.large(
      widget: "s", directory: dir.path, now: 150, format: .plain, options: RenderOptions())?.bytes
    let expected = ["Ang 1 · Source", "The Lord.", "", "https://example.org/s"]
    #expect(large.map { String(decoding: $0, as: UTF8.self) } == expected.joined(separator: "\n"))
    let v1 = """
      {"version":1,"meta":{"widget":"s","kind":"favourites","generated":0,"grace":3600,"policy":"never",\
      "configHash":"","count":2},"entries":[
      {"date":0,"alt":"shabad","runs":[{"t":"a"}],"url":"https://example.org/s","key":"s:1",\
      "detail":[[{"t":"Ang 1 · Source","c":"#7aa2f7","b":true}],[{"t":"The Lord."}]]},
      {"date":100,"alt":"shabad","runs":[{"t":"a"}],"url":"https://example.org/s","key":"s:1","class":["repeat"]}
      ]}

      """
    _ = try dir.write("old.json", v1)
    let old = EmitPipeline.large(
      widget: "old", directory: dir.path, now: 150, format: .plain, options: RenderOptions())?.bytes
    #expect(old.map { String(decoding: $0, as: UTF8.self) } == expected.joined(separator: "\n"))
  }

  /// The link is added unless a line names it, also across runs; a prefix of it is not it.
  @Test func aLinkTheTextNamesIsNotRepeatedEvenAcrossRuns() {
    let url = "https://example.org/forecast/a$b"
    let named: [[[TextRun]]] = [
      [[TextRun("Full warning: " + url)]],
      [[TextRun("ਸਤਿ")], [TextRun("Full warning: https://example.o"), TextRun("rg/forecast/a$b", color: "#ffffff")]],
    ]
    for detail in named {
      let entry = Entry(date: 0, runs: [TextRun("x")], alt: "a", url: url, detail: detail)
      #expect(LargeText.lines(shown: [entry]) == detail)
    }
    let prefix = Entry(
      date: 0, runs: [TextRun("x")], alt: "a", url: url,
      detail: [[TextRun("see https://example.org/forecast/a and https://example.org/forecast/a$")]])
    #expect(LargeText.lines(shown: [prefix]).last == [TextRun(url, color: "#7aa2f7")])
  }

  @Test func noCurrentEntryGivesTheOneLinePlaceholder() throws {
    let dir = try TempDir()
    let bytes = EmitPipeline.large(
      widget: "hukamnama", directory: dir.path, now: 0, format: .plain, options: RenderOptions())?.bytes
    #expect(bytes.map { String(decoding: $0, as: UTF8.self) } == "hukamnama…")
  }
}
