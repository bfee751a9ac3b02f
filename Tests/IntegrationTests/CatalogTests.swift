import Foundation
import Testing
import TimelineTestSupport

/// The message catalogs (po/): the template is what `make update-po` extracts from the
/// sources now, it holds the text of every `localized` call (xgettext reads Swift as C),
/// and every catalog translates every message.
@Suite struct CatalogTests {
  /// `make update-po`'s template, made into a directory of the test's own.
  func extracted(into dir: TempDir) throws -> String {
    let out = dir.file("timeline.pot")
    let result = try run(
      "/bin/sh",
      [
        "-c",
        "cd \"$1\" && make --no-print-directory -s update-po-template POT=\"$2\"", "sh", Paths.repo, out,
      ])
    try #require(result.status == 0, "\(result)")
    return try String(contentsOfFile: out, encoding: .utf8)
  }

  @Test func theTemplateIsUpToDateAndHoldsEveryCall() throws {
    let dir = try TempDir()
    let template = try extracted(into: dir)
    let committed = try String(contentsOfFile: Paths.repo + "/po/timeline.pot", encoding: .utf8)
    #expect(template == committed, "po/timeline.pot is out of date: run `make update-po`")
    // Every literal a call passes, as the source writes it (the template keeps the escapes).
    let pattern = try NSRegularExpression(pattern: #"\blocalized(?:Plural)?\(\s*"((?:[^"\\]|\\.)*)""#)
    let sources = FileManager.default.enumerator(atPath: Paths.repo + "/Sources")
    var calls = 0
    while let path = sources?.nextObject() as? String {
      guard path.hasSuffix(".swift") else { continue }
      let text = try String(contentsOfFile: Paths.repo + "/Sources/" + path, encoding: .utf8)
      for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
        guard let range = Range(match.range(at: 1), in: text) else { continue }
        calls += 1
        #expect(template.contains("msgid \"\(text[range])\"\n"), "\(path): \(text[range]) is not in the template")
      }
    }
    #expect(calls > 150)
  }

  @Test func everyCatalogIsComplete() throws {
    let catalogs = try FileManager.default.contentsOfDirectory(atPath: Paths.repo + "/po").filter {
      $0.hasSuffix(".po")
    }
    #expect(Set(catalogs).isSuperset(of: ["nb.po", "sv.po", "de.po", "pa.po"]))
    for catalog in catalogs {
      let result = try run(
        "/usr/bin/msgfmt", ["--check", "--statistics", "-o", "/dev/null", Paths.repo + "/po/" + catalog],
        environment: ["LC_ALL": "C"])
      #expect(result.status == 0, "\(catalog): \(result)")
      #expect(result.stderr.contains(" translated message"), "\(catalog): \(result.stderr)")
      #expect(
        !result.stderr.contains("untranslated") && !result.stderr.contains("fuzzy"), "\(catalog): \(result.stderr)")
      // Every message of the template, none left behind.
      let merged = try run(
        "/usr/bin/msgcmp", ["--use-untranslated", Paths.repo + "/po/" + catalog, Paths.repo + "/po/timeline.pot"])
      #expect(merged.status == 0, "\(catalog): \(merged.stderr)")
    }
  }
}
