import Foundation
import TOML
import Testing
import TimelineTestSupport

/// The reader against a real TOML 1.0 parser, Python's tomllib: the same documents are
/// accepted, and accepted ones give the same typed values.
@Suite struct OracleTests {
  @Test func agreesWithPythonsTomllibOnTheCorpus() throws {
    let dir = try TempDir()
    let corpus = Corpus.all
    var records: [UInt8] = []
    for (name, bytes) in corpus { records += Array("\(name) \(bytes.count)\n".utf8) + bytes }
    try Data(records).write(to: URL(fileURLWithPath: dir.file("corpus")))
    let script = try dir.write("oracle.py", OracleScript.source)
    let result = try run("/usr/bin/env", ["python3", script, dir.file("corpus")])
    try #require(result.status == 0, "\(result)")
    var oracle: [String: (ok: Bool, text: String)] = [:]
    for line in result.stdout.split(separator: "\n") {
      let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
      guard parts.count == 3 else { continue }
      oracle[String(parts[0])] = (parts[1] == "OK", String(parts[2]))
    }
    try #require(oracle.count == corpus.count, "the oracle answered for \(oracle.count) of \(corpus.count)")
    var accepted = 0
    for (name, bytes) in corpus {
      guard let expected = oracle[name] else { continue }
      let shown = String(decoding: bytes, as: UTF8.self).debugDescription
      do {
        let table = try TOMLDocument.parse(bytes: bytes)
        #expect(expected.ok, "\(name) \(shown): accepted, tomllib says \(expected.text)")
        if expected.ok { #expect(TypedDump.json(table) == expected.text, "\(name) \(shown)") }
        accepted += 1
      } catch {
        #expect(!expected.ok, "\(name) \(shown): refused (\(error)), tomllib accepts")
      }
    }
    // Both kinds in number, so that neither half of the comparison is empty.
    #expect(accepted > 400 && corpus.count - accepted > 400, "\(accepted) of \(corpus.count) accepted")
  }
}
