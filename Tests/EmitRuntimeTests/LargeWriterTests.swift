import Foundation
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

@testable import EmitRuntime
@testable import Emitters

/// `--family large` written from the file's bytes (`LargeWriter`, `CacheReader.largeBytes`)
/// against the String renderer it replaces on the hot path (`LargeText` then the format's
/// `largeBytes`), kept as the oracle: the same bytes for every instant of every cache here,
/// hostile text and hand-edited escapes included; a file the byte path does not take must
/// still give the oracle's output through `EmitPipeline.large`.
@Suite struct LargeWriterTests {
  static let formats: [OutputFormat] = OutputFormat.allCases.filter(\.hasLargeFamily)

  /// Text that every bar must show literally, and every control the policy acts on.
  static let hostile: [String] = [
    "${exec touch /tmp/x} $$ $ # \\# %{A:touch /tmp/x:}x%{A} <action=`touch /tmp/x`>x</action> <raw=3:abc/>",
    "\u{1B}[31mred\u{1B}[0m \u{1B}]0;title\u{07} bell\u{07} nul\u{0} del\u{7F} c1\u{85}\u{9B}31m",
    "tab\there cr\rlf\nls\u{2028}ps\u{2029} bidi \u{202A}\u{202B}\u{202C}\u{202D}\u{202E}txt.exe \u{2066}\u{2067}\u{2068}\u{2069}",
    "combining e\u{301} a\u{308}\u{304} ਪ੍ਰਭ ਸ੍ਰੀ ਸਤਿ ਨਾਮੁ ॥੧॥ 🙏🏽 \u{FEFF}bom \u{200F}rtl",
    "back\\slash \"quoted\" /slash\\/ \\u0041 not an escape",
    String(repeating: "a long line of words, ", count: 400) + "end",
    "https://example.org/named in a run",
    "",
  ]

  static func shabad(_ date: Int64, key: String, url: String?, lines: Int) -> Entry {
    var detail: [[TextRun]] = [[TextRun("Ang 1 · Raag · Guru", color: "#e5c07b", bold: true)], []]
    for index in 0..<lines {
      let text = hostile[index % hostile.count]
      detail += [
        [TextRun("ਸਤਿ ਨਾਮੁ "), TextRun("ਕਰਤਾ", color: "#ff6f4d"), TextRun(" ਪੁਰਖੁ ॥")],
        [TextRun(text, color: index % 3 == 0 ? "#000000" : nil)], [TextRun("Translation \(index) " + text)], [],
      ]
    }
    return Entry(
      date: date, runs: [TextRun("ਸਤਿ ਨਾਮੁ")], tooltip: ["tip " + hostile[0]], alt: "shabad", url: url, key: key,
      detail: detail)
  }

  static func day(_ date: Int64, level: Int, text: String) -> Entry {
    let url = "https://example.org/forecast/\(date)"
    return Entry(
      date: date, runs: [TextRun("Lyngen \(level)", color: "#f88c2e")], tooltip: [text], alt: "level-\(level)",
      level: level, url: url,
      detail: [
        [TextRun("\(level) Considerable", color: "#f88c2e", bold: true), TextRun(" — Lyngen")], [TextRun(text)],
        [TextRun("Full warning: "), TextRun(url)],
      ])
  }

  /// Timelines of the kinds the large family shows: shabads shown again by key (with and
  /// without their own link), several days of a forecast, entries without any detail.
  static var timelines: [Timeline] {
    let placeholder = Entry(date: 0, runs: [TextRun("…")], alt: "placeholder")
    let shabads = [
      shabad(1000, key: "shabad:1", url: "https://example.org/1", lines: 30),
      Entry(date: 2000, runs: [TextRun("again")], alt: "shabad", url: "https://example.org/1", key: "shabad:1"),
      shabad(3000, key: "shabad:2", url: nil, lines: 3),
      Entry(date: 4000, runs: [TextRun("no detail " + hostile[1])], tooltip: hostile, alt: "x", url: hostile[0]),
      Entry(date: 5000, runs: [TextRun("bare")], alt: "x"),
      Entry(date: 6000, runs: [TextRun("key, none")], alt: "x", key: "shabad:9"),
      Entry(date: 7000, runs: [TextRun("again")], alt: "shabad", key: "shabad:2"),
      // A detail without the link's `/` nor an escape: its lines need no search.
      Entry(
        date: 7500, runs: [TextRun("ਸਤਿ")], alt: "shabad", url: "https://example.org/3", key: "shabad:3",
        detail: [[TextRun("ਸਤਿ ਨਾਮੁ", color: "#ff6f4d")], [], [TextRun("True is the Name.")]]),
    ]
    let days = (0..<4).map { day(1000 * Int64($0 + 1), level: $0 + 1, text: hostile[$0]) }
    return [
      Timeline(
        widget: "w", kind: "favourites", entries: shabads, end: 8000, policy: .atEnd, placeholder: placeholder,
        generated: 900),
      Timeline(
        widget: "w", kind: "avalanche", entries: days, end: 4500, policy: .atEnd, placeholder: placeholder,
        generated: 900),
    ]
  }

  static let instants: [Int64] = [
    500, 1000, 1500, 2000, 2500, 3000, 3500, 4000, 4500, 5000, 6000, 7000, 7500, 7999, 9000,
  ]

  /// What the String renderer gives for the file at `path`, where `CacheReader.large`
  /// answers from the lines; nil where it does not.
  static func oracle(path: String, at now: Int64, format: OutputFormat) -> [UInt8]? {
    guard
      case .entries(_, let entries) = CacheReader.large(
        path: path, at: now, following: { LargeText.showsFollowing(kind: $0.kind) })
    else { return nil }
    return format.largeBytes(LargeText.lines(shown: entries), options: RenderOptions())
  }

  static func written(path: String, at now: Int64, format: OutputFormat) -> [UInt8]? {
    guard let style = format.largeStyle else { return nil }
    var writer = LargeWriter(style: style)
    let done = CacheReader.largeBytes(
      path: path, at: now, following: { LargeText.showsFollowing(kind: $0.kind) }, into: &writer)
    return done ? writer.bytes : nil
  }

  static func write(_ timeline: Timeline, in dir: TempDir) throws -> String {
    let store = CacheStore(directory: dir.path)
    try store.write(timeline)
    return try store.path(for: .named("w"))
  }

  @Test func theWriterGivesTheOraclesBytesAtEveryInstant() throws {
    for timeline in Self.timelines {
      let dir = try TempDir()
      let path = try Self.write(timeline, in: dir)
      for now in Self.instants {
        for format in Self.formats {
          let expected = Self.oracle(path: path, at: now, format: format)
          let got = Self.written(path: path, at: now, format: format)
          // The writer answers exactly where the line read has entries to show.
          #expect((got == nil) == (expected == nil), "\(timeline.kind) \(format) at \(now)")
          let same = got == expected
          #expect(same, "\(timeline.kind) \(format) at \(now)")
        }
      }
    }
  }

  /// Escapes the cache writer never writes (lone surrogates, `\u0000`, an escaped ESC or
  /// bidi override, a surrogate pair), put into the file by hand: the same bytes as the
  /// line reader's decoding gives.
  @Test func handWrittenEscapesGiveTheOraclesBytes() throws {
    let escapes = [
      #"\ud800"#, #"\udc00x"#, #"\ud800\u0041"#, #"\ud83d\ude4f"#, #"\u0000"#, #"\u001b[31m"#, #"\u202e"#, #"\u2028"#,
      #"\u0085"#, #"\u0024{exec x}"#, #"\u0023"#, #"\u0a2a\u0a4d"#, #"\/\"\\\b\f\n\r\t"#, #"\ud800\ud800\udc00"#,
    ]
    for timeline in Self.timelines {
      let dir = try TempDir()
      let path = try Self.write(timeline, in: dir)
      let original = try String(contentsOfFile: path, encoding: .utf8)
      for escape in escapes {
        try original.replacingOccurrences(of: "Considerable", with: "C" + escape + "e")
          .replacingOccurrences(of: "Translation", with: escape + "T")
          .write(toFile: path, atomically: false, encoding: .utf8)
        for now in Self.instants {
          for format in Self.formats {
            let expected = Self.oracle(path: path, at: now, format: format)
            let same = Self.written(path: path, at: now, format: format) == expected
            #expect(same, "\(escape) \(format) at \(now)")
          }
        }
      }
    }
  }

  /// Colours the cache writer never writes (upper case, escaped, not a colour, markup):
  /// the same bytes as the line reader and `TextRun` give, in conky's markup too.
  @Test func handWrittenColoursGiveTheOraclesBytes() throws {
    let colours = ["#F88C2E", "\\u0023f88c2e", "red", "${exec touch /tmp/x}", "#f88c2", "#000000", ""]
    for timeline in Self.timelines {
      let dir = try TempDir()
      let path = try Self.write(timeline, in: dir)
      let original = try String(contentsOfFile: path, encoding: .utf8)
      for colour in colours {
        let quoted = "\"c\":\"" + colour + "\""
        try original.replacingOccurrences(of: "\"c\":\"#f88c2e\"", with: quoted)
          .replacingOccurrences(of: "\"c\":\"#ff6f4d\"", with: quoted)
          .write(toFile: path, atomically: false, encoding: .utf8)
        for now in Self.instants {
          for format in Self.formats {
            let expected = Self.oracle(path: path, at: now, format: format)
            let same = Self.written(path: path, at: now, format: format) == expected
            #expect(same, "\(colour) \(format) at \(now)")
          }
        }
      }
    }
  }

  /// Records the byte path does not take (invalid UTF-8, a space, members in another
  /// order, a run without `t`, a damaged record) give the oracle's output all the same,
  /// through the pipeline, and the fallback is taken only for those.
  @Test func filesTheWriterLeavesGiveTheSameOutputThroughThePipeline() throws {
    let edits: [(String, (Data) -> Data)] = [
      ("invalid UTF-8", { Self.replace($0, "Translation", with: Data([0x54, 0xFF, 0xC3, 0x28])) }),
      ("a space", { Self.replace($0, #"{"t":"Translation"#, with: Data(#"{ "t":"Translation"#.utf8)) }),
      (
        "another order",
        {
          Self.replace(
            $0, #"{"url":"https://example.org/1","key":"shabad:1""#,
            with: Data(#"{"key":"shabad:1","url":"https://example.org/1""#.utf8))
        }
      ),
      ("no text", { Self.replace($0, #"{"t":"Lyngen"#, with: Data(#"{"x":"Lyngen"#.utf8)) }),
      ("damaged", { Self.replace($0, #"[{"t":"Translation"#, with: Data(#"[{"t":"Trans"#.utf8 + [0x01])) }),
      ("pretty", { Self.replace($0, #","detail":["#, with: Data(#", "detail": ["#.utf8)) }),
    ]
    for timeline in Self.timelines {
      for (name, edit) in edits {
        let dir = try TempDir()
        let path = try Self.write(timeline, in: dir)
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let edited = edit(original)
        try edited.write(to: URL(fileURLWithPath: path))
        var declined = 0
        for now in Self.instants {
          for format in Self.formats {
            let large = EmitPipeline.large(
              widget: "w", directory: dir.path, now: now, format: format, options: RenderOptions())
            let same = large?.bytes == Self.pipelineOracle(dir.path, at: now, format: format)
            #expect(same, "\(name) \(format) at \(now)")
            if Self.written(path: path, at: now, format: format) == nil { declined += 1 }
          }
        }
        if edited != original { #expect(declined > 0, "\(name) \(timeline.kind)") }
      }
    }
  }

  /// The pipeline's output before the byte path: `largeLines`, else the one-line placeholder.
  static func pipelineOracle(_ directory: String, at now: Int64, format: OutputFormat) -> [UInt8]? {
    var stack = false
    if let read = EmitPipeline.largeLines(widget: "w", directory: directory, now: now, stack: &stack) {
      return format.largeBytes(read.lines, options: RenderOptions())
    }
    let resolved = EmitPipeline.resolve(widget: "w", directory: directory, now: now, tooltip: false)
    return format.bytes(resolved.state, options: RenderOptions())
  }

  /// A stack of the timelines above: its large form (the member shown, from its file's
  /// bytes, then the ranking) is the String renderer's at every instant.
  @Test func aStacksLargeFormGivesTheOraclesBytes() throws {
    let dir = try TempDir()
    let store = CacheStore(directory: dir.path)
    var names: [String] = []
    for (index, timeline) in Self.timelines.enumerated() {
      var member = timeline
      member.widget = try #require(WidgetName("m\(index)"))
      names.append(member.widget.text)
      try store.write(member)
    }
    var stack = Timeline(
      widget: "s", kind: StackRule.kind, entries: [], end: nil, policy: .never,
      placeholder: Entry(date: 0, runs: [TextRun("…")], alt: "placeholder"), generated: 900)
    stack.members = names + ["absent"]
    try store.write(stack)
    let name: WidgetName = "s"
    for now in Self.instants {
      for format in Self.formats {
        let large = EmitPipeline.large(
          widget: name, directory: dir.path, now: now, format: format, options: RenderOptions())
        let lines = StackLarge.lines(
          stack: name, directory: dir.path, now: now, browse: nil, shapes: format.traits.shapesComplexScripts)
        let same = large?.bytes == lines.flatMap { format.largeBytes($0, options: RenderOptions()) }
        #expect(same, "\(format) at \(now)")
      }
    }
  }

  static func replace(_ data: Data, _ target: String, with replacement: Data) -> Data {
    var out = data
    while let range = out.range(of: Data(target.utf8)) { out.replaceSubrange(range, with: replacement) }
    return out
  }

  /// Puts `replacement` where the file at `path` says MARK, then checks every large format:
  /// the byte writer takes valid text as the oracle writes it and declines invalid UTF-8 (a
  /// letter cut short that the bytes complete is valid), and the pipeline gives the oracle's
  /// output either way.
  static func expectCut(_ replacement: Data, path: String, in dir: TempDir, _ label: String) throws {
    let original = try Data(contentsOf: URL(fileURLWithPath: path))
    try Self.replace(original, "MARK", with: replacement).write(to: URL(fileURLWithPath: path))
    let valid = Array(String(decoding: replacement, as: UTF8.self).utf8) == Array(replacement)
    for format in Self.formats {
      let bytes = Self.written(path: path, at: 1000, format: format)
      if valid {
        #expect(bytes == Self.oracle(path: path, at: 1000, format: format), "\(label)")
      } else {
        #expect(bytes == nil, "\(label) \(format)")
      }
      let large = EmitPipeline.large(
        widget: "w", directory: dir.path, now: 1000, format: format, options: RenderOptions())
      #expect(large?.bytes == Self.pipelineOracle(dir.path, at: 1000, format: format), "\(label) \(format)")
    }
  }
}
