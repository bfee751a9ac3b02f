import Foundation
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

@testable import EmitRuntime
@testable import Emitters

/// The byte writer's sixteen-byte scans (plain ASCII, and a script's letters with spaces)
/// against the String renderer, the oracle of `LargeWriterTests`: long runs that end on
/// every kind of byte at every offset in a block, letters cut by a block's end at each of
/// their bytes, escapes (`\"`, `\\`, `\u0A38`, a surrogate pair) at each offset, and
/// invalid UTF-8 at each offset inside a long run of letters.
@Suite struct LargeWriterBlockTests {
  /// Three blocks' worth of letters and spaces, and of ASCII.
  static let letters = "ਸਤਿ ਨਾਮੁ ਕਰਤਾ ਪੁਰਖੁ ਨਿਰਭਉ ਨਿਰਵੈਰੁ"
  static let ascii = "Meditation, austerity and everything come through belief"

  static var texts: [String] {
    var texts: [String] = []
    for pad in 0..<18 {
      let before = String(repeating: "a", count: pad)
      let cut = String(letters.unicodeScalars.prefix(pad).map(Character.init))
      for next in LargeWriterEdgeTests.followers {
        texts.append(before + letters + next)
        texts.append(before + ascii + next + letters)
        texts.append(letters + before + next)
        texts.append(cut + next + ascii)
      }
      // A block's end inside a letter, at each of its bytes, then a space or ASCII.
      texts += [cut + " " + letters, letters + " " + cut + "x", "ਸ" + before + letters]
    }
    return texts
  }

  static func timeline(_ texts: [String]) -> Timeline {
    var detail: [[TextRun]] = []
    for (index, text) in texts.enumerated() {
      detail.append(index % 5 == 0 ? [TextRun(text, color: "#ff6f4d"), TextRun(" ॥")] : [TextRun(text)])
      if index % 7 == 0 { detail.append([]) }
    }
    let entry = Entry(
      date: 1000, runs: [TextRun("ਸਤਿ")], alt: "shabad", url: "https://example.org/blocks", key: "shabad:2",
      detail: detail)
    return Timeline(
      widget: "w", kind: "favourites", entries: [entry], end: 3000, policy: .atEnd,
      placeholder: Entry(date: 0, runs: [TextRun("…")], alt: "placeholder"), generated: 900)
  }

  @Test func longRunsGiveTheOraclesBytesAtEveryOffset() throws {
    let dir = try TempDir()
    let path = try LargeWriterTests.write(Self.timeline(Self.texts), in: dir)
    for format in LargeWriterTests.formats {
      let expected = LargeWriterTests.oracle(path: path, at: 1000, format: format)
      let got = LargeWriterTests.written(path: path, at: 1000, format: format)
      #expect(expected != nil && got != nil, "\(format)")
      let same = got == expected
      #expect(same, "\(format)")
    }
  }

  /// JSON escapes the cache writer does not make (a letter and an emoji as `\u`), and the
  /// ones it does, at each offset of a long run: the file is edited to hold them.
  @Test func escapesAtEveryOffsetGiveTheOraclesBytes() throws {
    var texts: [String] = []
    for pad in 0..<18 {
      let before = String(repeating: "a", count: pad)
      let cut = String(Self.letters.unicodeScalars.prefix(pad).map(Character.init))
      texts += [
        before + "QQ" + Self.letters, Self.letters + before + "QQ", cut + "QQ" + Self.ascii, Self.ascii + before + "QQ",
        before + "\"" + Self.letters + "\\" + cut, Self.letters + "QQQQ" + before,
      ]
    }
    for escape in [#"\u0A38"#, #"\uD83D\uDE4F"#, #"\u0022"#, #"\u005C"#, #"\/"#, #"\u0024\u0023"#] {
      let dir = try TempDir()
      let path = try LargeWriterTests.write(Self.timeline(texts), in: dir)
      let original = try Data(contentsOf: URL(fileURLWithPath: path))
      try LargeWriterTests.replace(original, "QQ", with: Data(escape.utf8)).write(to: URL(fileURLWithPath: path))
      for format in LargeWriterTests.formats {
        let expected = LargeWriterTests.oracle(path: path, at: 1000, format: format)
        let got = LargeWriterTests.written(path: path, at: 1000, format: format)
        #expect(expected != nil && got != nil, "\(escape) \(format)")
        let same = got == expected
        #expect(same, "\(escape) \(format)")
      }
    }
  }

  /// Invalid UTF-8 at each offset inside a long run of letters (a lead byte alone, a letter
  /// cut short, a stray continuation byte, an overlong letter, a two-byte lead): the writer
  /// declines and the pipeline gives the oracle's output.
  @Test func invalidUTF8AtEveryOffsetGoesToTheStringPath() throws {
    let bad: [[UInt8]] = [
      [0xE0], [0xE0, 0xA8], [0xA8], [0xE0, 0x80, 0x80], [0xC2], [0xE0, 0x20], [0xE0, 0xA8, 0x20],
    ]
    let letters = Array(Self.letters.utf8)
    for cut in 0..<18 {
      for bytes in bad {
        let dir = try TempDir()
        let path = try LargeWriterTests.write(Self.timeline(["x" + Self.letters + "MARK" + Self.letters]), in: dir)
        try LargeWriterTests.expectCut(
          Data(letters.prefix(cut) + bytes + letters), path: path, in: dir, "\(cut) \(bytes)")
      }
    }
  }
}
