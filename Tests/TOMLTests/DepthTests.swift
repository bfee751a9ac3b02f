import Testing
import TimelineCore

@testable import TOML

/// Nesting stops at `TOMLDocument.maxDepth` with an error where it goes past, however the
/// nesting is written; long keys and long lines read in time proportional to their length.
@Suite struct DepthTests {
  let limit = TOMLDocument.maxDepth

  func error(_ text: String) -> TOMLError? {
    #expect(throws: TOMLError.self) { try TOMLDocument.parse(text) }
  }

  func expectTooDeep(_ text: String, column: Int, line: Int = 1) {
    let error = error(text)
    #expect(error?.position == TextPosition(line: line, column: column), "\(error?.description ?? "no error")")
    #expect(error?.message == "tables and arrays are nested more than \(limit) deep here")
  }

  @Test func deepInlineTablesStopAtTheFirstTableTooDeep() {
    // `a = {b={b=…}}` 8,000 deep: the first "{" at column 5, each next one 3 further.
    let text = "a = " + String(repeating: "{b=", count: 8_000) + "1" + String(repeating: "}", count: 8_000) + "\n"
    expectTooDeep(text, column: 5 + 3 * limit)
  }

  @Test func deepArraysStopAtTheFirstArrayTooDeep() {
    let text = "a = " + String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000) + "\n"
    expectTooDeep(text, column: 5 + limit)
    expectTooDeep("x = 1\na = " + String(repeating: "[{b = ", count: 10_000), column: 5 + 3 * limit, line: 2)
  }

  @Test func longDottedKeysStopAtTheFirstSegmentTooDeep() {
    let parts = Array(repeating: "a", count: 20_000)
    // Segment i (from 0) is a table i + 1 deep and starts at column 1 + 2i.
    expectTooDeep(parts.joined(separator: ".") + " = 1\n", column: 1 + 2 * limit)
    expectTooDeep("[" + parts.joined(separator: ".") + "]\n", column: 2 + 2 * limit)
    // `[[a.….a]]` of `limit` parts: the array is `limit` deep, its tables one more.
    expectTooDeep("[[" + parts.prefix(limit).joined(separator: ".") + "]]\n", column: 3 + 2 * (limit - 1))
    #expect(throws: Never.self) {
      try TOMLDocument.parse("[[" + parts.prefix(limit - 1).joined(separator: ".") + "]]\n")
    }
    // Inside a table and an inline table the levels above count too.
    expectTooDeep("[t]\n" + parts.joined(separator: ".") + " = 1\n", column: 1 + 2 * (limit - 1), line: 2)
    expectTooDeep("t = {" + parts.joined(separator: ".") + " = 1}\n", column: 6 + 2 * (limit - 1))
  }

  @Test func nestingUpToTheLimitIsRead() throws {
    let arrays = "a = " + String(repeating: "[", count: limit) + String(repeating: "]", count: limit) + "\n"
    var value = try #require(try TOMLDocument.parse(arrays)["a"])
    for _ in 1..<limit {
      guard case .array(let items) = value.value, let first = items.first else {
        Issue.record("not \(limit) arrays deep")
        return
      }
      value = first
    }
    #expect(value.value == .array([]))
    // `limit` tables and a value in the last one.
    let key = Array(repeating: "k", count: limit + 1).joined(separator: ".") + " = 1\n"
    #expect(try TOMLDocument.parse(key).keys == ["k"])
    expectTooDeep("k." + key, column: 1 + 2 * limit)
  }

  @Test func aLongLineOfKeysKnowsEveryPosition() throws {
    // 10,000 keys on one line, after a character of two scalars, so columns count characters.
    let count = 10_000
    let keys = (0..<count).map { "k\($0) = \($0)" }.joined(separator: ", ")
    let root = try TOMLDocument.parse("t = {\"e\u{301}\" = 0, " + keys + "}\n")
    guard case .table(let table)? = root["t"]?.value else {
      Issue.record("no table")
      return
    }
    let last = "k\(count - 1)"
    let before = "t = {\"e\u{301}\" = 0, " + (0..<count - 1).map { "k\($0) = \($0), " }.joined()
    #expect(table.entry(last)?.keyPosition == TextPosition(line: 1, column: before.count + 1))
    #expect(table[last]?.position == TextPosition(line: 1, column: before.count + last.count + 4))
    let dotted = Array(repeating: "a", count: 10_000).joined(separator: ".")
    let error = error("x = 1\n\"e\u{301}\" = 2 " + dotted)
    #expect(error?.position == TextPosition(line: 2, column: 9))
  }
}
