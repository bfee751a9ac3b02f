import EmitTestSupport
import Foundation
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

@testable import EmitRuntime
@testable import Emitters

/// Colours in `--family large`: the byte writer's table of colour markup against the String
/// renderer (`LargeWriterTests.oracle`) for more colours than the table keeps, the same
/// colour in both cases and the badge colours; and a command entry's level colour, which
/// the large family gives its text as the single-line bars do.
@Suite struct LargeColourTests {
  static let formats = LargeWriterTests.formats

  /// A forecast whose detail lines change colour at every run, among `count` colours.
  static func colourful(count: Int) -> Timeline {
    let colours = (0..<count).map { index -> String in
      let hex = String(index * 0x050301 + 0x102030, radix: 16)
      return "#" + String(repeating: "0", count: 6 - hex.count) + hex
    }
    var detail: [[TextRun]] = []
    for round in 0..<3 {
      for (index, colour) in colours.enumerated() {
        detail.append([
          TextRun("run \(index) $#", color: colour), TextRun(" plain "),
          TextRun("again", color: colours[(index + round) % colours.count]),
          TextRun(" badge", color: index % 2 == 0 ? "#000000" : "#800000"),
        ])
      }
    }
    let entries = (0..<3).map { day in
      Entry(
        date: 1000 * Int64(day + 1), runs: [TextRun("Lyngen")], alt: "level-2", level: 2,
        url: "https://example.org/\(day)", detail: detail)
    }
    let placeholder = Entry(date: 0, runs: [TextRun("…")], alt: "placeholder")
    return Timeline(
      widget: "w", kind: "avalanche", entries: entries, end: 4000, policy: .atEnd, placeholder: placeholder,
      generated: 900)
  }

  @Test(arguments: [1, 5, LargeWriter.colorTableSize, LargeWriter.colorTableSize + 9])
  func everyColourGivesTheOraclesBytes(count: Int) throws {
    let dir = try TempDir()
    let path = try LargeWriterTests.write(Self.colourful(count: count), in: dir)
    for now: Int64 in [500, 1000, 2500, 3500] {
      for format in Self.formats {
        let expected = LargeWriterTests.oracle(path: path, at: now, format: format)
        let got = LargeWriterTests.written(path: path, at: now, format: format)
        #expect((got == nil) == (expected == nil), "\(count) \(format) at \(now)")
        let same = got == expected
        #expect(same, "\(count) colours, \(format) at \(now)")
      }
    }
  }

  /// The same colour in upper and lower case, and text colours after a colour the file
  /// spells differently: each run's markup is its own colour's.
  @Test func aColourInEitherCaseAndStringsColoursGiveTheOraclesBytes() throws {
    let dir = try TempDir()
    let path = try LargeWriterTests.write(Self.colourful(count: 4), in: dir)
    let original = try String(contentsOfFile: path, encoding: .utf8)
    try original.replacingOccurrences(of: "\"c\":\"#102030\"", with: "\"c\":\"#10203A\"")
      .replacingOccurrences(of: "\"c\":\"#1a2632\"", with: "\"c\":\"#1A2632\"")
      .replacingOccurrences(of: "\"c\":\"#000000\"", with: "\"c\":\"#0000\\u0030\\u0030\"")
      .write(toFile: path, atomically: false, encoding: .utf8)
    for format in Self.formats {
      let expected = LargeWriterTests.oracle(path: path, at: 1500, format: format)
      #expect(expected != nil)
      let same = LargeWriterTests.written(path: path, at: 1500, format: format) == expected
      #expect(same, "\(format)")
    }
    // The table keys a colour by its bytes: a String colour and a file's are told apart.
    var writer = LargeWriter(style: ConkyEmitter.largeStyle)
    for color in ["#aabbcc", "#AABBCC", "#aabbcc"] {
      writer.beginLine()
      writer.run("x", color: color)
      writer.endLine()
      writer.beginLine()
      let mark = writer.out.count
      _ = writer.run(UnsafeRawBufferPointer(start: nil, count: 0), json: false, color: nil)
      Array(color.utf8).withUnsafeBytes { writer.color($0, json: false, since: mark) }
      writer.endLine()
    }
    #expect(
      String(decoding: writer.bytes, as: UTF8.self)
        == [
          "${color #aabbcc}x${color}", "${color #aabbcc}${color}", "${color #AABBCC}x${color}",
          "${color #aabbcc}${color}", "${color #aabbcc}x${color}", "${color #aabbcc}${color}",
        ].joined(separator: "\n"))
  }

  /// A command's entries: with a level and no colour, with a level and colours of their
  /// own, without a level, and a level too dark for text (drawn in `Contrast`'s colour).
  static func command(level: Int?, colour: String?) -> Timeline {
    let entry = Entry(
      date: 1000, runs: [TextRun("disk "), TextRun("80%", color: colour)], tooltip: ["/home is filling up"],
      alt: "disk", level: level)
    let placeholder = Entry(date: 0, runs: [TextRun("…")], alt: "placeholder")
    return Timeline(
      widget: "w", kind: "command", entries: [entry], end: 2000, policy: .atEnd, placeholder: placeholder,
      generated: 900)
  }

  @Test func aCommandEntrysTextHasItsLevelColourAsInTheBars() throws {
    let cases: [(Int?, String?, String)] = [
      (2, nil, "${color #ffff00}disk ${color}${color #ffff00}80%${color}\n\n/home is filling up"),
      (5, nil, "${color #ffffff}disk ${color}${color #ffffff}80%${color}\n\n/home is filling up"),
      (0, nil, "${color #aaaaaa}disk ${color}${color #aaaaaa}80%${color}\n\n/home is filling up"),
      (3, "#50d890", "disk ${color #50d890}80%${color}\n\n/home is filling up"),
      (nil, nil, "disk 80%\n\n/home is filling up"),
    ]
    for (level, colour, conky) in cases {
      let dir = try TempDir()
      let path = try LargeWriterTests.write(Self.command(level: level, colour: colour), in: dir)
      for format in Self.formats {
        let expected = LargeWriterTests.oracle(path: path, at: 1500, format: format)
        let written = LargeWriterTests.written(path: path, at: 1500, format: format)
        #expect(written != nil && written == expected, "\(String(describing: level)) \(format)")
        let large = EmitPipeline.large(
          widget: "w", directory: dir.path, now: 1500, format: format, options: RenderOptions())
        let text = large.map { String(decoding: $0.bytes, as: UTF8.self) }
        #expect(text == (format == .conky ? conky : "disk 80%\n\n/home is filling up"), "\(format)")
      }
      // The single-line bar colours the same entry the same way.
      if level != nil && colour == nil {
        let line = EmitPipeline.resolve(widget: "w", directory: dir.path, now: 1500, tooltip: false)
        let single = String(decoding: OutputFormat.conky.bytes(line.state, options: RenderOptions()), as: UTF8.self)
        #expect(conky.hasPrefix(single), "\(single)")
      }
    }
  }

  /// The goldens of a command entry with a level in conky's and plain's large form.
  @Test func aCommandEntryWithALevelMatchesItsGoldens() throws {
    let dir = try TempDir()
    _ = try LargeWriterTests.write(Self.command(level: 4, colour: nil), in: dir)
    for format in [OutputFormat.conky, .plain] {
      let large = EmitPipeline.large(
        widget: "w", directory: dir.path, now: 1500, format: format, options: RenderOptions())
      Golden.check(
        String(decoding: large?.bytes ?? [], as: UTF8.self), bar: format == .conky ? "conky" : "plain",
        name: "command-large-level")
    }
  }

  /// Colours to try the markup of: every level colour, the rule's and the link's, greys
  /// about the badge threshold, and pseudo-random ones in either case.
  static var markupColours: [String] {
    var colours = Palette.Scale.allCases.flatMap(\.colors) + [Palette.dim, LargeForm.linkColor]
    colours += ["#000000", "#ffffff", "#333333", "#3a3a3a", "#404040", "#595959", "#5a5a5a", "#0000ff"]
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<300 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let hex = String(seed >> 40 & 0xFF_FFFF, radix: 16, uppercase: seed & 1 == 0)
      colours.append("#" + String(repeating: "0", count: 6 - hex.count) + hex)
    }
    return colours
  }

  /// Conky's colour markup, made as bytes by its style, against the String renderer's for
  /// each colour: from a file's bytes (twice, the second from the table), from an escaped
  /// JSON string, and from a String; and colours no bar shows, which get none.
  @Test func conkysColourMarkupIsTheStringRenderersForEveryColour() {
    let invalid = ["#12345g", "#1234567", "#12345", "123456#", "#ABCDEX", "#\u{e9}abcde"]
    for colour in Self.markupColours + invalid {
      let valid = TextRun.validColor(colour)
      let expected = String(
        decoding: ConkyEmitter.largeBytes(
          Array(repeating: [TextRun("x", color: colour)], count: 4), options: RenderOptions()),
        as: UTF8.self)
      var writer = LargeWriter(style: ConkyEmitter.largeStyle)
      let escaped = "\\u0023" + colour.dropFirst()
      for (bytes, json) in [(colour, false), (colour, false), (escaped, true)] {
        writer.beginLine()
        let mark = writer.out.count
        _ = Array("x".utf8).withUnsafeBytes { writer.run($0, json: false, color: nil) }
        Array(bytes.utf8).withUnsafeBytes { writer.color($0, json: json, since: mark) }
        writer.endLine()
      }
      writer.beginLine()
      writer.run("x", color: valid)
      writer.endLine()
      #expect(String(decoding: writer.bytes, as: UTF8.self) == expected, "\(colour)")
    }
  }
}
