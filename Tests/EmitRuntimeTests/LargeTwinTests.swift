import EmitTestSupport
import Foundation
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

@testable import EmitRuntime
@testable import Emitters

/// Gurbani lines in `--family large` carry their runs' ASCII twins (`TextRun.ascii`, a
/// detail run's `a`): conky draws them in `${font OpenGurbaniAkhar}…${font}`, each run in
/// its colour, plain and `timeline show` keep the Unicode text. The byte writer against the
/// String renderer for clean and hostile twins (server text: cleaned and escaped as every
/// run), lines mixing twinned and plain runs, caches written before the twins, and files
/// the byte path leaves to the String path.
@Suite struct LargeTwinTests {
  static let formats = LargeWriterTests.formats
  static let url = "https://example.org/twin"

  /// Every punctuation byte of the GurbaniAkhar encoding and conky's own syntax, which
  /// conky must draw literally.
  static let punctuation = #"] [ < > | @ ^ ~ ` \ } { ! % & * ( ) - _ = + ; : ' " , . / ? $ # ${font} ${color} ®Ú"#

  /// Twins a server could send: conky objects, comments, controls, bidi, escapes, Gurmukhi
  /// (drawn by no one: the line is left out), nothing at all.
  static let hostileTwins = [
    "${exec touch /tmp/twin} $$ $x #comment \\# ${font DejaVu}",
    "\u{1B}[31mred\u{1B}[0m bell\u{07} nul\u{0} del\u{7F} c1\u{85} tab\tnl\nls\u{2028} \u{202E}txt",
    "back\\slash \"quoted\" \\u0041",
    punctuation,
    "ਸਤਿ in a twin",
    "",
    String(repeating: "jpu qpu sBu ikCu ", count: 30) + "]1]",
  ]

  /// A shabad's detail: the header, twinned verses (one coloured word), a verse of an old
  /// cache (no twins), lines mixing twinned runs with plain ones, hostile twins, and a
  /// line whose text names the link while its twin does not.
  static func detail() -> [[TextRun]] {
    var lines: [[TextRun]] = [[TextRun("Ang 1 · Raag Aasaa · Guru Nanak Dev Ji", color: "#e5c07b", bold: true)], []]
    lines += [
      [
        TextRun("ਜਪੁ ਤਪੁ ਸਭੁ ਕਿਛੁ ", ascii: "jpu qpu sBu ikCu "),
        TextRun("ਮੰਨਿਐ", color: "#ff6f4d", ascii: "mMinAY"),
        TextRun(" ਅਵਰਿ ਕਾਰਾ ਸਭਿ ਬਾਦਿ ॥", ascii: " Avir kwrw siB bwid ]"),
      ],
      [TextRun("jap tap sabh kichh", color: "#9aa5b1")], [TextRun("Chanting and meditation #1 $5")], [],
      [TextRun("ਪ੍ਰਭ ਸ੍ਰੀ ਸਤਿ ॥", ascii: "pRB sRI siq ]"), TextRun("ਨਾਨਕ", color: "#4dcf4d", ascii: "nwnk")],
      [TextRun("ਸਤਿ ਨਾਮੁ "), TextRun("ਕਰਤਾ", color: "#ff6f4d")],
      [TextRun("Latin before "), TextRun("ਸਤਿ", ascii: "siq")],
      [TextRun("ਸਤਿ", ascii: "siq"), TextRun(" ਨਾਮੁ")],
      [TextRun("ਸਤਿ ", ascii: "siq "), TextRun(Self.url, color: "#000000")],
    ]
    for (index, twin) in hostileTwins.enumerated() {
      lines.append([
        TextRun("ਸਤਿ ", ascii: "siq "), TextRun("ਨਾਮੁ", color: index % 2 == 0 ? "#ff6f4d" : "#000000", ascii: twin),
      ])
      lines.append([TextRun("Translation \(index)")])
    }
    return lines
  }

  /// The shabads; without `twins`, as a cache written before them holds them.
  static func timeline(twins: Bool = true) -> Timeline {
    let entries = [
      Entry(
        date: 1000, runs: [TextRun("ਸਤਿ")], alt: "shabad", url: url, key: "shabad:1",
        detail: twins ? detail() : detail().map { $0.map { TextRun($0.text, color: $0.color) } },
        ascii: [TextRun("siq")]),
      // A repeat by key, and a shabad whose twins name the link but whose text does not.
      Entry(date: 2000, runs: [TextRun("ਸਤਿ")], alt: "shabad", url: url, key: "shabad:1"),
      Entry(
        date: 3000, runs: [TextRun("ਸਤਿ")], alt: "shabad", url: "https://example.org/other", key: "shabad:2",
        detail: [[TextRun("ਸਤਿ", ascii: twins ? "https://example.org/other" : nil)], [TextRun("True")]]),
    ]
    return Timeline(
      widget: "w", kind: "random-shabad", entries: entries, end: 4000, policy: .atEnd,
      placeholder: Entry(date: 0, runs: [TextRun("…")], alt: "placeholder"), generated: 900)
  }

  static let instants: [Int64] = [500, 1000, 2000, 3000, 4000]

  @Test func theWriterGivesTheOraclesBytesWithTwins() throws {
    let dir = try TempDir()
    let path = try LargeWriterTests.write(Self.timeline(), in: dir)
    // The writer puts each twin first in its run.
    let file = try String(contentsOfFile: path, encoding: .utf8)
    #expect(file.contains(##"{"a":"mMinAY","t":"ਮੰਨਿਐ","c":"#ff6f4d"}"##), "\(file)")
    for now in Self.instants {
      for format in Self.formats {
        let expected = LargeWriterTests.oracle(path: path, at: now, format: format)
        let got = LargeWriterTests.written(path: path, at: now, format: format)
        #expect((got == nil) == (expected == nil), "\(format) at \(now)")
        let same = got == expected
        #expect(same, "\(format) at \(now): \(String(decoding: got ?? [], as: UTF8.self))")
      }
    }
  }

  /// conky's lines, read as conky reads them: every twinned line in the font, each run in
  /// its colour; a line still in Gurmukhi (no twin, or a twin in Gurmukhi) left out; every
  /// hostile twin drawn as the text it is; plain keeps the Unicode lines and no twin.
  @Test func conkyDrawsTheTwinsInTheFontAndPlainTheUnicode() throws {
    let dir = try TempDir()
    _ = try LargeWriterTests.write(Self.timeline(), in: dir)
    let conky = String(
      decoding: try #require(
        EmitPipeline.largeBytes(widget: "w", directory: dir.path, now: 1000, format: .conky, options: RenderOptions())),
      as: UTF8.self)
    let lines = conky.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(
      lines[2]
        == "${font OpenGurbaniAkhar}jpu qpu sBu ikCu ${color #ff6f4d}mMinAY${color} Avir kwrw siB bwid ]${font}")
    #expect(lines[6] == "${font OpenGurbaniAkhar}pRB sRI siq ]${color #4dcf4d}nwnk${color}${font}")
    // A mixed line is drawn in the font from its start; a run without a twin as its text.
    #expect(lines[7] == "${font OpenGurbaniAkhar}Latin before siq${font}")
    #expect(!conky.contains("ਨਾਮੁ") && !conky.contains("ਕਰਤਾ") && !conky.contains("ਸਤਿ in a twin"))
    let decoded = lines.map { ConkyText.decode($0) }
    #expect(!decoded.contains(nil), "\(lines)")
    let texts = decoded.compactMap { $0 }
    for twin in Self.hostileTwins where !twin.contains("ਸਤਿ") {
      #expect(texts.contains("siq " + CleanText.barLine(twin)), "\(twin)")
    }
    #expect(texts.contains("siq " + Self.punctuation))
    // The link is named by a line's text (drawn as its twin): no link line after.
    #expect(texts.last == "Translation \(Self.hostileTwins.count - 1)")
    let plain = String(
      decoding: try #require(
        EmitPipeline.largeBytes(widget: "w", directory: dir.path, now: 1000, format: .plain, options: RenderOptions())),
      as: UTF8.self)
    #expect(plain.contains("ਜਪੁ ਤਪੁ ਸਭੁ ਕਿਛੁ ਮੰਨਿਐ ਅਵਰਿ ਕਾਰਾ ਸਭਿ ਬਾਦਿ ॥") && !plain.contains("mMinAY"))
    // A twin that has the link does not name it: the line's text is searched.
    let other = String(
      decoding: EmitPipeline.largeBytes(
        widget: "w", directory: dir.path, now: 3000, format: .conky, options: RenderOptions()) ?? [],
      as: UTF8.self)
    let link = "https://example.org/other"
    #expect(other == "${font OpenGurbaniAkhar}\(link)${font}\nTrue\n\n${color #7aa2f7}\(link)${color}")
  }

  /// The goldens of the shabad above in conky's and plain's large form: the twinned
  /// verses in the font, the hostile twins escaped, the lines left out; plain's Unicode.
  @Test func theTwinnedShabadMatchesItsGoldens() throws {
    let dir = try TempDir()
    _ = try LargeWriterTests.write(Self.timeline(), in: dir)
    for format in [OutputFormat.conky, .plain] {
      let large = EmitPipeline.large(
        widget: "w", directory: dir.path, now: 1000, format: format, options: RenderOptions())
      Golden.check(String(decoding: large?.bytes ?? [], as: UTF8.self), bar: format.name, name: "shabad-large-twins")
    }
  }

  /// A cache written before the twins: conky leaves its Gurbani lines out as it did, from
  /// both paths; the stack showing such a member too.
  @Test func aCacheWithoutTwinsLeavesTheGurbaniOut() throws {
    let timeline = Self.timeline(twins: false)
    let dir = try TempDir()
    let path = try LargeWriterTests.write(timeline, in: dir)
    #expect(!(try String(contentsOfFile: path, encoding: .utf8)).contains(#""a":"#))
    let written = try #require(LargeWriterTests.written(path: path, at: 1000, format: .conky))
    #expect(written == LargeWriterTests.oracle(path: path, at: 1000, format: .conky))
    let text = String(decoding: written, as: UTF8.self)
    #expect(!text.contains("${font") && !text.contains("mMinAY") && text.contains("jap tap sabh kichh"))
    #expect(text.contains("Latin before") == false)
  }

  /// Twins the cache writer never writes (after the text, not a string, invalid UTF-8, a
  /// lone surrogate escape, an escaped conky object): the pipeline gives the oracle's output.
  @Test func handWrittenTwinsGiveTheOraclesOutput() throws {
    let edits: [(String, (Data) -> Data)] = [
      (
        "after the text",
        { LargeWriterTests.replace($0, #"{"a":"mMinAY","t":"ਮੰਨਿਐ""#, with: Data(#"{"t":"ਮੰਨਿਐ","a":"mMinAY""#.utf8)) }
      ),
      ("not a string", { LargeWriterTests.replace($0, #"{"a":"mMinAY""#, with: Data(#"{"a":7"#.utf8)) }),
      ("invalid UTF-8", { LargeWriterTests.replace($0, "mMinAY", with: Data([0x6D, 0xFF, 0xC3, 0x28])) }),
      ("escapes", { LargeWriterTests.replace($0, "mMinAY", with: Data(#"\ud800\u0024{exec x}\u0023\u0a38"#.utf8)) }),
      ("empty", { LargeWriterTests.replace($0, #""a":"siq ","#, with: Data(#""a":"","#.utf8)) }),
    ]
    for (name, edit) in edits {
      let dir = try TempDir()
      let path = try LargeWriterTests.write(Self.timeline(), in: dir)
      let original = try Data(contentsOf: URL(fileURLWithPath: path))
      let edited = edit(original)
      #expect(edited != original, "\(name)")
      try edited.write(to: URL(fileURLWithPath: path))
      for now in Self.instants {
        for format in Self.formats {
          let large = EmitPipeline.large(
            widget: "w", directory: dir.path, now: now, format: format, options: RenderOptions())
          let same = large?.bytes == LargeWriterTests.pipelineOracle(dir.path, at: now, format: format)
          #expect(same, "\(name) \(format) at \(now)")
          if let written = LargeWriterTests.written(path: path, at: now, format: format) {
            #expect(written == LargeWriterTests.oracle(path: path, at: now, format: format), "\(name) \(format)")
          }
        }
      }
    }
  }

  /// A stack showing the shabad: its large form draws the twins too, from both paths.
  @Test func aStackShowingTheShabadDrawsTheTwins() throws {
    let dir = try TempDir()
    let store = CacheStore(directory: dir.path)
    var member = Self.timeline()
    member.widget = "m0"
    try store.write(member)
    var stack = Timeline(
      widget: "s", kind: StackRule.kind, entries: [], end: nil, policy: .never,
      placeholder: Entry(date: 0, runs: [TextRun("…")], alt: "placeholder"), generated: 900)
    stack.members = ["m0"]
    try store.write(stack)
    for now in Self.instants {
      for format in Self.formats {
        let large = EmitPipeline.large(
          widget: "s", directory: dir.path, now: now, format: format, options: RenderOptions())
        let lines = StackLarge.lines(
          stack: "s", directory: dir.path, now: now, browse: nil, shapes: format.traits.shapesComplexScripts)
        let same = large?.bytes == lines.flatMap { format.largeBytes($0, options: RenderOptions()) }
        #expect(same, "\(format) at \(now)")
      }
    }
    let conky = EmitPipeline.large(
      widget: "s", directory: dir.path, now: 1000, format: .conky, options: RenderOptions())
    let text = String(decoding: conky?.bytes ?? [], as: UTF8.self)
    let twinned = "${font OpenGurbaniAkhar}jpu qpu sBu ikCu ${color #ff6f4d}mMinAY${color} Avir kwrw siB bwid ]${font}"
    #expect(text.contains(twinned), "\(text)")
  }
}
