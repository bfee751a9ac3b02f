import Foundation
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

@testable import EmitRuntime
@testable import Emitters

/// The detail writer's one test for general punctuation (U+2000…203F, E2 80 80…BF, of
/// which the text policy acts only on U+2028…202E) against the String renderer: every
/// character of E2 80 and E2 81 at every offset of a block and before every kind of byte,
/// and cut or invalid E2 sequences at every offset.
@Suite struct LargeWriterPunctuationTests {
  /// Each character at every offset, alone, doubled, ending the text, between words and
  /// before every follower, in runs with and without colour.
  @Test func everyE280AndE281CharacterAtEveryOffsetGivesTheOraclesBytes() throws {
    let characters = (0x2000...0x207F).compactMap { Unicode.Scalar($0).map { String(Character($0)) } }
    for pad in 0..<18 {
      let before = String(repeating: "a", count: pad)
      var lines: [[TextRun]] = []
      for character in characters {
        var texts = [
          before + character + LargeWriterLettersTests.sentence, before + character + character + "x",
          before + character, LargeWriterLettersTests.sentence + " " + character + " ø",
        ]
        if character.unicodeScalars.first!.value % 16 == pad % 16 {
          for next in LargeWriterEdgeTests.followers { texts.append(before + character + next + "æ") }
        }
        for (index, text) in texts.enumerated() {
          lines.append(index % 2 == 0 ? [TextRun(text)] : [TextRun("• ", color: "#ff6f4d"), TextRun(text)])
        }
      }
      let dir = try TempDir()
      let path = try LargeWriterTests.write(LargeWriterLettersTests.timeline(lines), in: dir)
      LargeWriterLettersTests.expectOracle(path, dir, "pad \(pad)")
    }
  }

  /// An E2 sequence cut short or with a byte that cannot follow (at the text's end, before
  /// its quote, ASCII, a lead or a continuation too many) at every offset: the writer
  /// declines the file, the pipeline gives the oracle's output; valid ones beside them are
  /// written.
  @Test func cutOrInvalidE2SequencesAtEveryOffset() throws {
    let sequences: [[UInt8]] = [
      [0xE2], [0xE2, 0x80], [0xE2, 0x80, 0x20], [0xE2, 0x80, 0x7F], [0xE2, 0x80, 0xC0], [0xE2, 0x80, 0xE2],
      [0xE2, 0x20, 0x94], [0xE2, 0x7F, 0x94], [0xE2, 0xC0, 0x94], [0xE2, 0x80, 0x94, 0x94], [0xE2, 0x80, 0x94],
      [0xE2, 0x80, 0xA8], [0xE2, 0x80, 0xAE], [0xE2, 0x80, 0xAF], [0xE2, 0x80, 0xA7], [0xE2, 0x81, 0xA6],
    ]
    let sentence = Array(LargeWriterLettersTests.sentence.utf8)
    for cut in 0..<18 {
      for bytes in sequences {
        for after in [sentence, []] {
          let dir = try TempDir()
          let path = try LargeWriterTests.write(
            LargeWriterLettersTests.timeline([[TextRun("x")], [TextRun("MARK", color: "#ff6f4d")]]), in: dir)
          try LargeWriterTests.expectCut(
            Data(sentence.prefix(cut) + bytes + after), path: path, in: dir, "\(cut) \(bytes) \(after.count)")
        }
      }
    }
  }
}
