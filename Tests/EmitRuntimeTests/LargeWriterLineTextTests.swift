import Foundation
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

@testable import EmitRuntime
@testable import Emitters

/// The search for the link in a detail line read from the file's bytes: a line whose runs
/// have the link's anchor byte or an escape is read again for its text, the others are
/// not. Against the String renderer: the link cut across two and three runs at every
/// place, in twinned runs (drawn as their twins by conky), and written with JSON escapes.
@Suite struct LargeWriterLineTextTests {
  static let url = "https://example.org/letters"

  /// The line `Full warning: <link>.` cut into two runs at every byte and into three runs
  /// at every pair of places, among lines with and without the anchor byte; coloured,
  /// bold and twinned runs.
  @Test func aLinkCutAcrossRunsAtEveryPlaceIsFoundAsTheOracleFindsIt() throws {
    let text = Array("Full warning: \(Self.url).".utf8)
    let filler: [[TextRun]] = [[TextRun("3 m/s, N/NE")], [TextRun("ingen", color: "#ff6f4d")], []]
    var lines: [[TextRun]] = []
    for cut in 0...text.count {
      let first = String(decoding: text[..<cut], as: UTF8.self)
      let second = String(decoding: text[cut...], as: UTF8.self)
      lines.append([TextRun(first), TextRun(second, color: "#e5c07b")])
      lines.append([TextRun(first, ascii: "a"), TextRun(second, bold: true, ascii: "b")])
      for other in stride(from: cut, through: text.count, by: 5) {
        let middle = String(decoding: text[cut..<other], as: UTF8.self)
        let last = String(decoding: text[other...], as: UTF8.self)
        lines.append([TextRun(first, bold: true), TextRun(middle), TextRun(last, color: "#ff6f4d")])
      }
    }
    // The link's text one letter short: never named, the link line follows.
    lines.append([TextRun("Full warning: https://example.org/letter"), TextRun("s", ascii: "x")])
    for (index, line) in lines.enumerated() {
      let dir = try TempDir()
      let before = Array(filler.prefix(index % 4))
      let detail = before + [line] + filler
      let path = try LargeWriterTests.write(LargeWriterLettersTests.timeline(detail, url: Self.url), in: dir)
      LargeWriterLettersTests.expectOracle(path, dir, "line \(index)")
    }
  }

  /// The link written with JSON escapes (`\/`, `\u003a`, its anchor byte `/` only as
  /// `\u002f`, an escaped first letter, an escaped quote beside it), alone in its run or
  /// after an unescaped one: the oracle's output, named or not as the decoded text says.
  @Test func aLinkWrittenWithEscapesIsFoundAsTheOracleFindsIt() throws {
    let forms = [
      #"https:\/\/example.org\/letters"#, #"https\u003a//example.org/letters"#, #"\u0068ttps://example.org/letters"#,
      #"https:\u002f\u002fexample.org\u002fletters"#, #"\"https://example.org/letters\""#,
      #"https:\/\/example.org\/letter"#, #"see \\ https://example.org/letters"#,
    ]
    for form in forms {
      for split in [false, true] {
        let dir = try TempDir()
        let runs = split ? [TextRun("Full warning: "), TextRun("MARK")] : [TextRun("MARK", color: "#ff6f4d")]
        let path = try LargeWriterTests.write(
          LargeWriterLettersTests.timeline([[TextRun("x")], runs, [TextRun("y")]], url: Self.url), in: dir)
        try LargeWriterTests.expectCut(Data(form.utf8), path: path, in: dir, "\(form) \(split)")
      }
    }
  }

  /// `isValidUTF8` (eight ASCII bytes at a time, then byte by byte) against the standard
  /// library's decoding: a valid, cut or invalid sequence at every offset of the blocks.
  @Test func validUTF8IsToldAsTheStandardLibraryTellsIt() {
    let sequences: [[UInt8]] = [
      [0xC3, 0xB8], [0xC3], [0xE2, 0x80, 0x94], [0xE2, 0x80], [0xEF, 0xBF, 0xBD], [0xF0, 0x9F, 0x99, 0x8F], [0xFF],
      [0x80], [0xED, 0xA0, 0x80], [0x7F], [0xC0, 0xAF],
    ]
    for offset in 0..<20 {
      for sequence in sequences {
        for tail in [0, 1, 9] {
          let bytes =
            Array(repeating: UInt8(ascii: "a"), count: offset) + sequence + Array(repeating: 0x62, count: tail)
          let valid = Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes
          #expect(LargeWriter.isValidUTF8(bytes) == valid, "\(offset) \(sequence) \(tail)")
        }
      }
    }
  }

  /// Whether a link has U+FFFD (EF BF BD) at every place, or only part of it, as its bytes
  /// say.
  @Test func aReplacementCharacterInTheLinkIsFoundAtEveryPlace() {
    let parts: [[UInt8]] = [[0xEF, 0xBF, 0xBD], [0xEF, 0xBF], [0xEF], [0xBF, 0xBD], [0xEF, 0xEF, 0xBF, 0xBD]]
    let base = Array("https://example.org/x".utf8)
    for at in 0...base.count {
      for part in parts {
        let link = Array(base[..<at]) + part + Array(base[at...])
        var writer = LargeWriter(style: LargeWriter.Style())
        writer.search(for: link)
        let has = (0...link.count - 3).contains { link[$0] == 0xEF && link[$0 + 1] == 0xBF && link[$0 + 2] == 0xBD }
        #expect(writer.searchesReplacement == has, "\(at) \(part)")
      }
    }
  }
}
