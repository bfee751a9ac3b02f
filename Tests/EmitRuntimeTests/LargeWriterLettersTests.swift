import Foundation
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

@testable import EmitRuntime
@testable import Emitters

/// The detail writer's scan that passes two-byte letters (æ, ø, å, é, ·, ж) within its
/// sixteen-byte blocks, its look for the link's anchor byte once a record, and a bold
/// run's `true` told as one word, against the String renderer: two-byte letters and the C1
/// controls beside them at every offset in a block and before every kind of byte, invalid
/// two-byte sequences at every offset, links named across runs among anchor bytes, and
/// `"b"` in every form.
@Suite struct LargeWriterLettersTests {
  /// Two-byte characters at the edges of what the scan passes (C2 A0 and DF BF), the C1
  /// controls it must stop at (C2 85, C2 9F), and three-byte ones it leaves to `clean`.
  static let letters = [
    "ø", "æ", "å", "é", "·", "\u{A0}", "\u{BF}", "ж", "\u{7FF}", "\u{85}", "\u{9F}", "—", "•", "\u{2028}",
  ]
  static let sentence = "Vær obs på at skavler vil svekkes i varmen og lett kan knekke."

  static func timeline(_ lines: [[TextRun]], url: String = "https://example.org/letters") -> Timeline {
    let entry = Entry(
      date: 1000, runs: [TextRun("2 Moderate")], alt: "forecast", url: url, key: "forecast:1", detail: lines)
    return Timeline(
      widget: "w", kind: "avalanche", entries: [entry], end: 3000, policy: .atEnd,
      placeholder: Entry(date: 0, runs: [TextRun("…")], alt: "placeholder"), generated: 900)
  }

  /// The writer gives the oracle's bytes for the file (and does not decline it), and the
  /// pipeline gives the oracle's output.
  static func expectOracle(_ path: String, _ dir: TempDir, _ comment: String) {
    for format in LargeWriterTests.formats {
      let got = LargeWriterTests.written(path: path, at: 1000, format: format)
      let expected = LargeWriterTests.oracle(path: path, at: 1000, format: format)
      #expect(got != nil && got == expected, "\(comment) \(format)")
      let large = EmitPipeline.large(
        widget: "w", directory: dir.path, now: 1000, format: format, options: RenderOptions())
      let same = large?.bytes == LargeWriterTests.pipelineOracle(dir.path, at: 1000, format: format)
      #expect(same, "\(comment) \(format)")
    }
  }

  /// Each letter at every offset of a block, alone, doubled, in a long row, cut off by the
  /// text's end, and before every follower; in runs with and without colour or bold,
  /// empty runs and empty lines between.
  @Test func twoByteLettersAtEveryOffsetGiveTheOraclesBytes() throws {
    for letter in Self.letters {
      var lines: [[TextRun]] = []
      for pad in 0..<18 {
        let before = String(repeating: "a", count: pad)
        let row = String(repeating: letter, count: 20)
        var texts = [
          before + letter + Self.sentence, before + letter + letter + "x", before + row, before + letter,
          row + before + letter, Self.sentence + before + letter + " " + Self.sentence,
        ]
        for next in LargeWriterEdgeTests.followers { texts.append(before + letter + next + Self.sentence) }
        for (index, text) in texts.enumerated() {
          switch index % 4 {
          case 0: lines.append([TextRun(text)])
          case 1: lines.append([TextRun("• ", color: "#ff6f4d", bold: true), TextRun(text), TextRun("")])
          case 2: lines.append([TextRun(text, bold: true)])
          default: lines += [[TextRun(""), TextRun(text, color: "#e5c07b")], []]
          }
        }
      }
      let dir = try TempDir()
      let path = try LargeWriterTests.write(Self.timeline(lines), in: dir)
      Self.expectOracle(path, dir, "letter \(letter.unicodeScalars.map { $0.value })")
    }
  }

  /// Invalid two-byte sequences at every offset after a Norwegian text (a lead alone or
  /// before a space, ASCII, another lead or the quote; a stray or extra continuation byte;
  /// the overlong leads C0 and C1): the writer declines the file, the pipeline gives the
  /// oracle's output.
  @Test func invalidTwoByteSequencesAtEveryOffsetGoToTheStringPath() throws {
    let bad: [[UInt8]] = [
      [0xC3], [0xC3, 0x20], [0xC3, 0x41], [0xC3, 0xC3], [0xB8], [0xC3, 0xB8, 0xB8], [0xC0, 0x80], [0xC1, 0xBF],
      [0xDF], [0xC2, 0xC2, 0xA0],
    ]
    let prefix = Array(Self.sentence.utf8)
    for cut in 0..<18 {
      for bytes in bad {
        let dir = try TempDir()
        let path = try LargeWriterTests.write(
          Self.timeline([[TextRun("x")], [TextRun("MARK" + Self.sentence, color: "#ff6f4d")]]), in: dir)
        try LargeWriterTests.expectCut(
          Data(prefix.prefix(cut) + bytes + prefix), path: path, in: dir, "\(cut) \(bytes)")
      }
    }
  }

  /// The link's anchor byte (`/`) in texts before and after the line that names the link,
  /// in lines that do not, the link cut across two or three runs, at the start of a record
  /// and at its end, or nowhere: whether the link's own line is written is the oracle's.
  @Test func aLinkAmongAnchorBytesIsFoundAsTheOracleFindsIt() throws {
    let url = "https://example.org/letters/ø"
    let filler: [[TextRun]] = [
      [TextRun("3 m/s, N/NE")], [TextRun("ingen / none", color: "#ff6f4d")], [], [TextRun("https:/"), TextRun("/x")],
      [TextRun(Self.sentence, bold: true)],
    ]
    let naming: [[[TextRun]]] = [
      [[TextRun("Full warning: " + url)]], [[TextRun("Full warning: https://exa"), TextRun("mple.org/letters/ø")]],
      [[TextRun("https:/"), TextRun("/example.org/"), TextRun("letters/ø", color: "#e5c07b")]],
      [[TextRun("Full warning: https://example.org/letters/o")]], [],
    ]
    var named = 0
    var unnamed = 0
    for line in naming {
      for at in 0...filler.count {
        let lines = Array(filler[..<at]) + line + Array(filler[at...])
        let dir = try TempDir()
        let path = try LargeWriterTests.write(Self.timeline(lines, url: url), in: dir)
        Self.expectOracle(path, dir, "\(line) at \(at)")
        let oracle = LargeWriterTests.oracle(path: path, at: 1000, format: .plain) ?? []
        // The link's own line comes after an empty one.
        if String(decoding: oracle, as: UTF8.self).hasSuffix("\n\n" + url) { unnamed += 1 } else { named += 1 }
      }
    }
    // Both answers were given.
    #expect(named == 3 * (filler.count + 1), "named \(named)")
    #expect(unnamed == 2 * (filler.count + 1), "unnamed \(unnamed)")
  }

  /// `"b"` as the writer makes it and in forms it does not (`false`, cut, with a letter
  /// more): each file gives the oracle's output.
  @Test func aBoldMemberInEveryForm() throws {
    let dir = try TempDir()
    let path = try LargeWriterTests.write(
      Self.timeline([[TextRun("ø", bold: true)], [TextRun("x", color: "#ff6f4d", bold: true)]]), in: dir)
    let original = try String(contentsOfFile: path, encoding: .utf8)
    #expect(original.contains(#""b":true}"#))
    let forms = [
      #""b":false}"#, #""b":true}"#, #""b":tru}"#, #""b":truex}"#, #""b":t}"#, #""b":fals}"#, #""b":True}"#,
      #""b":true }"#, #""b":1}"#, #""b":"#,
    ]
    for form in forms {
      try original.replacingOccurrences(of: #""b":true}"#, with: form).write(
        toFile: path, atomically: false, encoding: .utf8)
      for format in LargeWriterTests.formats {
        let large = EmitPipeline.large(
          widget: "w", directory: dir.path, now: 1000, format: format, options: RenderOptions())
        let same = large?.bytes == LargeWriterTests.pipelineOracle(dir.path, at: 1000, format: format)
        #expect(same, "\(form) \(format)")
      }
    }
  }
}
