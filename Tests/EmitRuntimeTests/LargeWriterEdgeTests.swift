import Foundation
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

@testable import EmitRuntime
@testable import Emitters

/// The byte writer's fast paths at their edges, against the String renderer (the oracle of
/// `LargeWriterTests`): a run of a script's letters (copied a 64-bit word, two letters, at a
/// time, spaces between words included) and a run of plain ASCII (a word at a time) ending
/// on every kind of byte, at every alignment; lines left out (conky, Gurmukhi) whatever
/// their runs and colours; invalid UTF-8 where a fast path stops.
@Suite struct LargeWriterEdgeTests {
  static let gurmukhi = "ਸਤਿ ਨਾਮੁ ਕਰਤਾ ਪੁਰਖੁ"

  /// What can follow a run: every control the policy acts on, each bar's escaped bytes and
  /// markup openers, other scripts, spaces, the end of the text.
  static let followers = [
    "\u{1B}[31m", "\u{85}", "\u{9F}", "\u{202E}", "\u{2069}", "\u{2028}", "\t", "\n", "\u{7F}", "\u{0}", "$", "#",
    "%", "<", "&", "\"", "\\", "x", " ", "  ", "॥", "\u{0A02}", "\u{0905}", "🙏", "é", "\u{FEFF}", "\u{200B}", "",
  ]

  static var texts: [String] {
    var texts: [String] = []
    for pad in 0..<9 {
      let ascii = String(repeating: "a", count: pad)
      texts.append(ascii + gurmukhi)
      texts.append(String(repeating: "word ", count: 3) + ascii + "\u{1B}x")
      texts.append(ascii + "ਸ ")
      texts.append(gurmukhi.prefix(pad) + ascii)
    }
    for next in followers {
      texts += [gurmukhi + next, "ਸ" + next + "ਤਿ", next, String(repeating: "long ascii ", count: 4) + next + "tail"]
    }
    // Other scripts of the same lead byte, before, between and after Gurmukhi letters.
    texts += [
      "॥ ॥", "॥੨॥", "\u{0905}\u{0906} ਸਤਿ", "\u{0905}\u{0906}\u{0907}", "\u{0905}ਸ", "\u{0905}\u{0906}ਸ", "ਸ ਤ ਿ",
      "ਸਤ  ਸਤ", " ਸਤ", "ਸਤ \u{0905}", "\u{0800}\u{0FFF}", "ਸ\u{0800}", "\u{0905} \u{0906} \u{0907} \u{0908} ਸ",
    ]
    return texts
  }

  static let url = "https://example.org/edge"

  /// A shabad whose detail holds every text alone, after Gurmukhi in a coloured run, before
  /// it in one, and a line naming the link after Gurmukhi (left out by conky, still named);
  /// then an entry without detail whose runs and tooltip are the texts (Strings' path).
  static var timeline: Timeline {
    var detail: [[TextRun]] = [[TextRun("ਸਤਿ ਨਾਮੁ "), TextRun("ਕਰਤਾ", color: "#ff6f4d"), TextRun(" ਪੁਰਖੁ ॥")]]
    for text in texts {
      detail += [
        [TextRun(text)], [TextRun("ਸਤਿ "), TextRun(text, color: "#ff6f4d")],
        [TextRun(text, color: "#e5c07b"), TextRun(" ਨਾਮੁ")], [TextRun("English "), TextRun(text, color: "#000000")],
      ]
    }
    detail.append([TextRun("ਸਤਿ "), TextRun(url)])
    let entries = [
      Entry(date: 1000, runs: [TextRun("ਸਤਿ")], alt: "shabad", url: url, key: "shabad:1", detail: detail),
      Entry(
        date: 2000, runs: texts.map { TextRun($0, color: "#ff6f4d") }, tooltip: texts, alt: "x",
        url: "https://example.org/2"),
    ]
    return Timeline(
      widget: "w", kind: "favourites", entries: entries, end: 3000, policy: .atEnd,
      placeholder: Entry(date: 0, runs: [TextRun("…")], alt: "placeholder"), generated: 900)
  }

  @Test func everyEdgeGivesTheOraclesBytes() throws {
    let dir = try TempDir()
    let path = try LargeWriterTests.write(Self.timeline, in: dir)
    for now: Int64 in [1000, 2000] {
      for format in LargeWriterTests.formats {
        let expected = LargeWriterTests.oracle(path: path, at: now, format: format)
        let got = LargeWriterTests.written(path: path, at: now, format: format)
        #expect(expected != nil && got != nil, "\(format) at \(now)")
        let same = got == expected
        #expect(same, "\(format) at \(now)")
      }
    }
  }

  /// Invalid UTF-8 where a fast path stops (inside, after and at the end of a run of
  /// letters, after a long ASCII run, at a run's closing quote): the writer declines and
  /// the pipeline gives the oracle's output.
  @Test func invalidUTF8AtTheFastPathsEdgesGoesToTheStringPath() throws {
    let letters = Array("ਕਰ".utf8)
    let edits: [(String, [UInt8])] = [
      ("a letter cut short", letters + [0xE0, 0xA8] + Array("x".utf8)),
      ("an overlong letter", letters + [0xE0, 0x80, 0x80]),
      ("a letter cut at the quote", letters + [0xE0, 0xA8]),
      ("a lead byte at the quote", letters + [0xE0]),
      ("after a space", letters + [0x20, 0xE0, 0x20]),
      ("a two-byte lead at the quote", letters + [0xC2]),
      ("a cut emoji", letters + [0xF0, 0x9F, 0x99]),
      ("a surrogate", letters + [0xED, 0xA0, 0x80]),
      ("after a long ASCII run", Array(String(repeating: "ascii ", count: 5).utf8) + [0xC3, 0x28]),
      ("a stray byte", [0xFF]),
    ]
    for (name, replacement) in edits {
      let dir = try TempDir()
      let path = try LargeWriterTests.write(Self.timeline, in: dir)
      let original = try Data(contentsOf: URL(fileURLWithPath: path))
      let edited = LargeWriterTests.replace(original, "ਕਰਤਾ", with: Data(replacement))
      #expect(edited != original, "\(name)")
      try edited.write(to: URL(fileURLWithPath: path))
      for format in LargeWriterTests.formats {
        #expect(LargeWriterTests.written(path: path, at: 1000, format: format) == nil, "\(name) \(format)")
        let large = EmitPipeline.large(
          widget: "w", directory: dir.path, now: 1000, format: format, options: RenderOptions())
        let same = large?.bytes == LargeWriterTests.pipelineOracle(dir.path, at: 1000, format: format)
        #expect(same, "\(name) \(format)")
      }
    }
  }
}
