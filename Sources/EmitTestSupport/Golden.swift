import Foundation
import Testing

/// Golden files: `Goldens/<bar>/<case>.txt` beside the test file that checks them (each test
/// target keeps its own), read from the source tree; `RECORD_GOLDENS=1` writes them there.
public enum Golden {
  static let recording = ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1"

  /// Compares `actual` (plus its newline) with the golden `bar/name` byte for byte (String
  /// equality is Unicode's: it would take a decomposed letter for its composed twin), or
  /// records it.
  public static func check(
    _ actual: String, bar: String, name: String, filePath: String = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let content = actual + "\n"
    let url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
      .appendingPathComponent("Goldens/\(bar)/\(name).txt")
    if recording {
      try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      #expect(throws: Never.self, sourceLocation: sourceLocation) { try Data(content.utf8).write(to: url) }
      return
    }
    guard let data = FileManager.default.contents(atPath: url.path) else {
      Issue.record("no golden \(bar)/\(name).txt; run with RECORD_GOLDENS=1", sourceLocation: sourceLocation)
      return
    }
    #expect(
      data.elementsEqual(content.utf8),
      "golden \(bar)/\(name).txt:\n\(String(decoding: data, as: UTF8.self))\nbut got:\n\(content)",
      sourceLocation: sourceLocation)
  }
}
