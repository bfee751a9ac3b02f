import Foundation
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

@testable import EmitRuntime
@testable import Emitters

/// The detail record reader's shortcuts (`[]` and a run's `{"t":` or `{"a":` told by one
/// compare, a string's sixteen-byte blocks before its byte scan) against the String
/// renderer: twins and texts with escapes at every offset, the record cut at every byte,
/// and records in forms the writer does not make. Each emit gives the oracle's output,
/// from the bytes or from the String path the reader leaves a record to.
@Suite struct DetailRecordFastPathTests {
  static let letters = "ਸਤਿ ਨਾਮੁ ਕਰਤਾ ਪੁਰਖੁ ਨਿਰਭਉ ਨਿਰਵੈਰੁ"
  static let twin = "siq nwmu krqw purKu inrBau inrvYru"

  static func timeline(_ lines: [[TextRun]]) -> Timeline {
    let entry = Entry(
      date: 1000, runs: [TextRun("ਸਤਿ")], alt: "shabad", url: "https://example.org/fast", key: "shabad:3",
      detail: lines)
    return Timeline(
      widget: "w", kind: "favourites", entries: [entry], end: 3000, policy: .atEnd,
      placeholder: Entry(date: 0, runs: [TextRun("…")], alt: "placeholder"), generated: 900)
  }

  /// The pipeline's output for the file at `path` is the oracle's for every large bar.
  static func expectOracle(_ dir: TempDir, _ comment: String, formats: [OutputFormat] = LargeWriterTests.formats) {
    for format in formats {
      let large = EmitPipeline.large(
        widget: "w", directory: dir.path, now: 1000, format: format, options: RenderOptions())
      let same = large?.bytes == LargeWriterTests.pipelineOracle(dir.path, at: 1000, format: format)
      #expect(same, "\(comment) \(format)")
    }
  }

  /// Twins and texts holding `QQ`, made an escape in the file, at every offset.
  @Test func twinsAndTextsWithEscapesAtEveryOffset() throws {
    var lines: [[TextRun]] = []
    for pad in 0..<18 {
      let before = String(repeating: "a", count: pad)
      lines += [
        [TextRun(Self.letters + before + "QQ", ascii: Self.twin + before + "QQ")],
        [TextRun("QQ" + Self.letters, color: "#ff6f4d", ascii: before + "QQ" + Self.twin), TextRun(" ॥", ascii: " ]")],
        [TextRun(before + "QQ" + " translation")], [],
      ]
    }
    for escape in [#"\u0A38"#, #"\uD83D\uDE4F"#, #"\""#, #"\\"#, #"\u0022\u005C"#, #"\/"#] {
      let dir = try TempDir()
      let path = try LargeWriterTests.write(Self.timeline(lines), in: dir)
      let original = try Data(contentsOf: URL(fileURLWithPath: path))
      try LargeWriterTests.replace(original, "QQ", with: Data(escape.utf8)).write(to: URL(fileURLWithPath: path))
      for format in LargeWriterTests.formats {
        let got = LargeWriterTests.written(path: path, at: 1000, format: format)
        #expect(
          got != nil && got == LargeWriterTests.oracle(path: path, at: 1000, format: format), "\(escape) \(format)")
      }
    }
  }

  /// The record cut short at every byte (the line then ends there): each cut gives the
  /// oracle's output, the entry shown without its detail where the record is damaged.
  @Test func aRecordCutAtEveryByte() throws {
    let lines: [[TextRun]] = [
      [TextRun("ਸਤਿ ", ascii: "siq "), TextRun("ਨਾਮੁ", color: "#ff6f4d", ascii: "nwmu")], [],
      [TextRun("A translation", color: "#e5c07b", bold: true)], [], [TextRun(Self.letters)],
    ]
    let dir = try TempDir()
    let path = try LargeWriterTests.write(Self.timeline(lines), in: dir)
    let original = try String(contentsOfFile: path, encoding: .utf8)
    var fileLines = original.components(separatedBy: "\n")
    let index = try #require(fileLines.firstIndex { $0.hasPrefix(#"{"url""#) && $0.contains(#""detail""#) })
    let record = Array(fileLines[index].utf8)
    for cut in 0..<record.count {
      fileLines[index] = String(decoding: record.prefix(cut), as: UTF8.self)
      try fileLines.joined(separator: "\n").write(toFile: path, atomically: false, encoding: .utf8)
      Self.expectOracle(dir, "cut at \(cut)", formats: [.plain, .conky])
    }
  }

  /// Records the writer does not make: spaces, members in another order, unknown members,
  /// a run without its text, a twin after its text, an opening cut before eight bytes.
  @Test func recordsInOtherFormsGiveTheOraclesOutput() throws {
    let dir = try TempDir()
    let path = try LargeWriterTests.write(Self.timeline([[TextRun("x")]]), in: dir)
    let original = try String(contentsOfFile: path, encoding: .utf8)
    let detail = #""detail":[[{"t":"x"}]]"#
    #expect(original.contains(detail))
    let forms = [
      #""detail":[ [{"t":"x"}]]"#, #""detail":[[ ]]"#, #""detail":[[],[{"t" :"x"}]]"#,
      ##""detail":[[{"c":"#ff6f4d","t":"x"}]]"##,
      ##""detail":[[{"t":"x","b":true,"c":"#ff6f4d"}]]"##, #""detail":[[{"t":"x","z":1}]]"#, #""detail":[[{}]]"#,
      #""detail":[[{"t":"ਸ","a":"s"}]]"#, #""detail":[[{"a":"s"}]]"#, #""detail":[[{"a":"s","a":"s","t":"x"}]]"#,
      #""detail":[[{"t":"x"}],[{"t":"#, #""detail":[[{"t":"\u0041"},{"a":"\"","t":"ਸ"}]]"#, #""detail":[[{"t":1}]]"#,
      #""detail":[[{"t":"x"}]] "#, #""detail":[[{"t":"x"}],]"#, #""detail":[[],[]]"#, #""detail":[[{"t":"x"}][]]"#,
    ]
    for form in forms {
      try original.replacingOccurrences(of: detail, with: form).write(toFile: path, atomically: false, encoding: .utf8)
      Self.expectOracle(dir, form)
    }
  }
}
