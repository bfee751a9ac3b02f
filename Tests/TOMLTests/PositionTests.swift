import Testing
import TimelineCore
import TimelineTestSupport

@testable import TOML

/// Line and column of keys, values, tables and errors. Columns count characters as a
/// user sees them: "ਸ਼ਬਦ" is 3, "é" written as e + U+0301 is 1, a tab is 1.
@Suite struct PositionTests {
  func parsed(_ text: String) throws -> TOMLTable { try TOMLDocument.parse(text) }

  func at(_ line: Int, _ column: Int) -> TextPosition { TextPosition(line: line, column: column) }

  @Test func keysValuesAndTablesKnowWhereTheyAre() throws {
    let root = try parsed("# a comment\ntitle = \"ਸ਼ਬਦ\" # c\n[widgets.one]\n\tkind = 'command'\n  list = [1,\n    2]\n")
    #expect(root.entry("title")?.keyPosition == at(2, 1))
    #expect(root["title"]?.position == at(2, 9))
    let widgets = try #require(root.entry("widgets"))
    #expect(widgets.keyPosition == at(3, 2))
    guard case .table(let tables) = widgets.node.value, case .table(let one)? = tables["one"]?.value else {
      Issue.record("no [widgets.one]")
      return
    }
    #expect(tables.entry("one")?.keyPosition == at(3, 10))
    #expect(tables["one"]?.position == at(3, 1))
    #expect(one.entry("kind")?.keyPosition == at(4, 2))
    #expect(one["kind"]?.position == at(4, 9))
    guard case .array(let items)? = one["list"]?.value else {
      Issue.record("no list")
      return
    }
    #expect(one["list"]?.position == at(5, 10))
    #expect(items.map(\.position) == [at(5, 11), at(6, 5)])
  }

  @Test func columnsCountCharactersNotBytesOrScalars() throws {
    // "ਸ਼ਬਦ" is 5 scalars and 15 bytes; "e\u{301}" 2 scalars; 😀 4 bytes, 2 UTF-16 units.
    let root = try parsed("\"ਸ਼ਬਦ\" = 1\n\"e\u{301}\" = \"😀\"\n")
    #expect(root.entry("ਸ਼ਬਦ")?.keyPosition == at(1, 1))
    #expect(root["ਸ਼ਬਦ"]?.position == at(1, 9))
    #expect(root["e\u{301}"]?.position == at(2, 7))
    let error = #expect(throws: TOMLError.self) { try parsed("\"ਸ਼ਬਦ\" = 1\n\"e\u{301}\" = \"😀\"; x = 1\n") }
    #expect(error?.position == at(2, 10))
    #expect(error?.message == "expected the end of the line, found \";\"")
  }

  @Test func crlfLinesCountAsOneLineEnd() throws {
    let root = try parsed("a = 1\r\n\r\n[t]\r\n  b = 'x'\r\n")
    guard case .table(let table)? = root["t"]?.value else {
      Issue.record("no [t]")
      return
    }
    #expect(table.entry("b")?.keyPosition == at(4, 3))
    #expect(table["b"]?.position == at(4, 7))
  }

  @Test(arguments: [
    ("a = 1\nb = \"open\n", 2, 10, "unterminated string: a line end before its closing \""),
    ("a = 1\na = 2\n", 2, 1, "duplicate key \"a\""),
    ("[t]\nx = 1\n\n[t]\n", 4, 2, "table [t] is defined twice"),
    ("[t]\nb.c = 1\n[t.b]\n", 3, 4, "table [t.b] was already defined by dotted keys"),
    ("a = {b = 1}\na.c = 2\n", 2, 1, "\"a\" is an inline table; it cannot be extended"),
    ("x = [1,\n  2\n  3]\n", 3, 3, "expected \",\" or \"]\" in the array, found \"3\""),
    ("s = \"\\q\"\n", 1, 6, "invalid escape \\q; TOML has \\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX \\UXXXXXXXX"),
    ("n = 9223372036854775808\n", 1, 5, "9223372036854775808 does not fit in a 64-bit integer"),
    ("n = 0x1_0000_0000_0000_0000\n", 1, 5, "0x1_0000_0000_0000_0000 does not fit in a 64-bit integer"),
    ("d = 2023-02-29\n", 1, 5, "2023-02-29 is not a day of the calendar"),
    ("t = 24:00:00\n", 1, 5, "24 is not a valid hour (0 to 23)"),
    ("k = 1 # \u{7}\n", 1, 9, "control character U+0007 is not allowed in a comment"),
    ("k = 'a\rb'\n", 1, 7, "control character U+000D is not allowed in a literal string"),
    ("ä = 1\n", 1, 1, "expected a key, found \"ä\""),
    ("[a]\n[[a]]\n", 2, 3, "[[a]] names a table, not an array of tables"),
    ("k = \"\\uD800\"\n", 1, 6, "\\uD800 is not a Unicode scalar value"),
    ("k = 1_000_\n", 1, 5, "\"1_000_\" is not a valid number"),
  ])
  func errorsSayWhereAndWhat(text: TextArgument, line: Int, column: Int, message: String) throws {
    let error = #expect(throws: TOMLError.self) { try parsed(text.text) }
    #expect(error?.position == at(line, column), "\(error?.description ?? "")")
    #expect(error?.message == message)
  }

  @Test func invalidUTF8IsRefusedWhereItIs() throws {
    let bytes: [UInt8] = Array("a = 1\nb = \"é".utf8) + [0xC3, 0x28] + Array("\"\n".utf8)
    let error = #expect(throws: TOMLError.self) { try TOMLDocument.parse(bytes: bytes) }
    #expect(error?.position == at(2, 7))
    #expect(error?.message == "the file is not valid UTF-8")
  }
}
