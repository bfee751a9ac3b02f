/// Documents for the oracle comparison, valid and invalid: every value form in several
/// places (a key, an array, an inline table, a table, the last line without a line end),
/// the table and key rules, and bytes that are not text. Which are valid is not written
/// here: Python's tomllib decides, and the test requires both kinds in number.
enum Corpus {
  /// Value texts, valid and not, put into each of `contexts`.
  static let values: [String] = [
    // integers
    "0", "+0", "-0", "1", "+1", "-1", "42", "1_000", "1__000", "_1", "1_", "01", "00", "-01", "0_0",
    "9223372036854775807", "-9223372036854775808", "0x0", "0xDEADbeef", "0xdead_beef", "0x_1", "0x1_",
    "0x", "+0x1", "-0x1", "0X1", "0o777", "0o0_7", "0o8", "0b1010", "0b1_0", "0b2", "0B1", "0x7fffffffffffffff",
    "1 2", "1,2", "١",
    // floats
    "1.0", "1.", ".1", "-.1", "1e5", "1E5", "1e+5", "1e-05", "1.5e3", "1.e3", "1e", "1e_5", "1e5_", "1_0.0_1",
    "1.0_", "1._0", "3.14159", "-0.0", "+0.0", "0.0", "inf", "+inf", "-inf", "nan", "+nan", "-nan", "Inf", "NaN",
    "infinity", "1e400", "-1e400", "5e-324", "1e-400", "0.1e1_0", "1.7976931348623157e308", "0e0", "00.1",
    "0.0e00", "-0e-0", "1.2.3", "1e5e5", "0x1p3", "1_000.000_001e1_0", "6.02e+23", "1e00000000000000000000001",
    // booleans
    "true", "false", "True", "tru", "truefalse", "false_", "TRUE",
    // date-times, dates, times
    "1979-05-27T07:32:00Z", "1979-05-27T00:32:00-07:00", "1979-05-27T00:32:00.999999-07:00",
    "1979-05-27 07:32:00Z", "1979-05-27t07:32:00z", "1979-05-27T07:32:00", "1979-05-27T00:32:00.999999",
    "1979-05-27T00:32:00.1234567891", "1979-05-27T00:32:00.5+05:30", "1979-05-27", "07:32:00", "00:32:00.999999",
    "00:32:00.1", "23:59:59.9999999", "2000-02-29", "2001-02-29", "1900-02-29", "2024-13-01", "2024-00-10",
    "2024-04-31", "2024-04-30", "1979-05-27T24:00:00", "1979-05-27T07:60:00", "1979-05-27T07:32:60",
    "1979-05-27T07:32", "07:32", "7:32:00", "1979-5-27", "1979-05-27T07:32:00+24:00", "1979-05-27T07:32:00+05",
    "1979-05-27T07:32:00.Z", "1979-05-27T07:32:00.", "0000-01-01", "9999-12-31T23:59:59.999999+23:59",
    "1979-05-27T07:32:00-00:00", "1979-05-27 07:32", "1979-05-27T", "1979-05-27X", "12:00:00Z", "2024-02-30",
    // basic strings
    #""""#, #""a""#, #""\"""#, #""\\""#, #""\b\t\n\f\r""#, #""\u00e9""#, #""\U0001F600""#, #""\uD800""#,
    #""\U00110000""#, #""\u12""#, #""\u12G4""#, #""\x41""#, #""\e""#, #""\ ""#, #""\/""#, "\"tab\there\"",
    "\"ctl\u{01}\"", "\"del\u{7F}\"", "\"unterminated", #""a"b"#, #""a" "b""#, "\"é ਸਤਿ 😀\"",
    #""\u0000""#, #""\U0000007F""#, #""\uFFFF""#, #""\uDFFF""#, "\"cr\r\"",
    // literal strings
    "'literal \\n'", "''", "'it''s'", "'tab\there'", "'ctl\u{01}'", "'unterminated", "'a\"b'",
    // multi-line basic strings
    #""""ml""""#, "\"\"\"\nfirst line end dropped\"\"\"", "\"\"\"a\\\n   b\"\"\"", "\"\"\"a\\  \n \n  b\"\"\"",
    "\"\"\"a\\ x\"\"\"", #"""" "" """"#, #"""""q""""#, #""""""five"""""#, #""""x""""""#, #""""""""#,
    "\"\"\"two\nlines\"\"\"", "\"\"\"tab\t\"\"\"", "\"\"\"ctl\u{01}\"\"\"", "\"\"\"unterminated",
    "\"\"\"\\u00e9\\\"\"\"\"", "\"\"\"a\\\n\"\"\"", "\"\"\"\\\n\"\"\"", "\"\"\"cr\r\"\"\"",
    // multi-line literal strings
    "'''ml'''", "'''\nfirst'''", "''''q''''", "'''''five'''''", "'''x''''''", "''''''", "'''a\\b'''",
    "'''two\nlines'''", "'''ctl\u{7F}'''", "'''unterminated",
    // arrays
    "[]", "[ ]", "[1,2,3]", "[1,]", "[,]", "[1,,2]", "[ 1 , \"a\" , 1.5 ]", "[[1],[2,[3]]]",
    "[\n1,\n# c\n2\n]", "[1 2]", "[{a=1},{b=2}]", "[\"a\", 'b', \"\"\"c\"\"\"]", "[1.0, 1]", "[\n]", "[ # c\n]",
    "[1", "[1,\n", "[\"a\"\n,\n\"b\",\n]", "[# c \u{01}\n]", "[true, 1979-05-27, 07:00:00]",
    // inline tables
    "{}", "{ }", "{a=1}", "{a=1,}", "{a=1, b=2}", "{a.b=1, a.c=2}", "{a={b=1}, a.c=2}", "{a=1, a=2}", "{a=1\n}",
    "{\na=1}", "{ \"q k\" = 1 }", "{a=[1,{b=2}]}", "{a.b=1, a={}}", "{a.b=1, a.b.c=2}", "{,}", "{a=1 b=2}",
    "{a=}", "{a}", "{ a = { b = { c = 1 } } }", "{a=[]}", "{a=1, b.c=[1], b.d=2}",
  ]

  /// Where each value goes: the text before it and after it.
  static let contexts: [(String, String)] = [
    ("k = ", "\n"), ("arr = [", "]\n"), ("t = { k = ", " }\n"), ("[tab]\nk = ", " # comment\n"), ("k=", ""),
  ]

  /// Whole documents about keys, tables and the lines between them.
  static let documents: [String] = [
    "", "\n\n", "  \t\n", "# only a comment", "# comment\n", "a = 1 # c\n", "[a] # c\n", "[[a]] # c\n",
    "[a]\n[b]\n", "[a.b.c]\n[a]\n", "[a.b.c]\n[a.b]\n", "[a]\nb.c = 1\n[a.b.d]\nx = 1\n", "a.b.c = 1\na.b.d = 2\n",
    "[[a]]\nx = 1\n[[a]]\nx = 2\n", "[[a]]\n[a.b]\n[[a]]\n[a.b]\n", "[[a.b]]\n[a]\nc = 1\n",
    fruits,
    "\"a.b\" = 1\n", "'x y' = 2\n", "\"\" = 1\n", "'' = 1\n", "a . b = 1\n", "[ \"x\" . y ]\n", "[\ta\t]\n",
    "1234 = 1\n", "-_ = 1\n", "3.14 = 1\n", "true = 1\n", "inf = 1\n", "\"\\u00e9\" = 1\n",
    "a.\"b\".c = 1\na.b.d = 2\n",
    "a.b = 1\n[a.c]\n", "[a.b.c]\nz = 1\n[a]\nb.x = 1\n", "[a.b.c]\n[a]\nb.x = 1\n[a.b]\n",
    "[a]\n[a]\n", "[a]\nb = 1\n[a.b]\n", "a = 1\na = 2\n", "a.b = 1\n[a]\n", "a.b = 1\na = 2\n", "a = 1\na.b = 2\n",
    "[a]\nb.c = 1\n[a.b]\n", "a = []\n[[a]]\n", "a = []\n[a.b]\n", "a = {}\n[a.b]\n", "a = {b = 1}\na.c = 2\n",
    "a = {b = 1}\n[a]\n", "[[a]]\n[a]\n", "[a]\n[[a]]\n", "[a.b]\n[a]\nb.c = 1\n", "[ [a]]\n", "[a\n", "[]\n",
    "[a.]\n", "[.a]\n", "[a..b]\n", "a..b = 1\n", "= 1\n", "a =\n", "a = 1 b = 2\n", "a\n", "a b = 1\n",
    "[a] b = 1\n", "[[a]\n", "[a]]\n", "[[a] ]\n", "a = 1\rb = 2\n", "# bad \u{01} comment\n", "# del \u{7F}\n",
    "# tab\tok\n", "ä = 1\n", "\u{FEFF}a = 1\n", "[tbl]\n[tbl.\"a\"]\n[tbl.a]\n", "[a]\n[\"a\"]\n", "'''a''' = 1\n",
    "\"\"\"a\"\"\" = 1\n", "a = 1\n\n\n[b]\n\nc = 2\n", "[a.b]\nc = 1\n[a]\nd = 2\n[a.e]\n", "[x] [y]\n",
    "a.b.c = 1\n[a.b]\n", "a = [1]\n[[a]]\n", "[[a.b]]\n[[a]]\n", "[[a]]\n[[a.b]]\n[[a]]\n[[a.b]]\nx=1\n",
    "[a]\nx = 1\n[b]\nx = 1\n[a.x]\n", "[a]\nb = {c = 1}\n[a.b.d]\n", "[[a]]\nb = [1]\n[[a.b]]\n",
    "a = \"\"\"\nx\n\"\"\"\nb = '''\ny\n'''\n", "\"a\" = 1\na = 2\n", "'a' = 1\n\"a\" = 2\n", "a = 1 # \u{00e9} ok\n",
    "[a]\n  b = 1\n  [a.c]\n  d = 2\n", "a = \"\"\"\n\"\"\"\n", "a .b. c = 1\n", "a = {b = {}}\n[a.b.c]\n",
    "[[a]]\n[a.b.c]\n[[a.b]]\n", "a.b = 1\n[a.b.c]\n", "[a]\nb = 1\n[a.b.c]\n", "key = # comment\n",
    "s = \"a\\\nb\"\n", "[a.b]\n[a.b.c]\n[a.b.c.d]\n[a]\n", "x.y.z = 1\nx.y.w = 2\nx.v = 3\n[x.q]\n",
    "[[a.b]]\n[[a.b]]\n[a]\n", "[a]\n[[a.b]]\n[a.b.c]\n", "a = [[1, 2], ['x'], [{}]]\n", "\"\\n\" = 1\n", "[\"\"]\n",
    "[a.'']\n", "a = 1\n# trailing", "\n\n\na = true\n\n",
  ]

  /// Arrays of tables with sub-tables and nested arrays, as in the TOML spec.
  static let fruits = """
    [[fruits]]
    name = 'apple'
    [fruits.physical]
    color = 'red'
    [[fruits.varieties]]
    name = 'red delicious'
    [[fruits.varieties]]
    name = 'granny'
    [[fruits]]
    name = 'banana'
    [[fruits.varieties]]
    name = 'plantain'

    """

  /// Byte sequences that are not UTF-8 (or that are), in a string, a comment and a key.
  static let byteDocuments: [[UInt8]] = {
    let bad: [[UInt8]] = [
      [0xFF], [0xC3, 0x28], [0xED, 0xA0, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xC0, 0xAF], [0xE2, 0x82],
      [0xF4, 0x90, 0x80, 0x80], [0xC3, 0xA9], [0xF0, 0x9F, 0x98, 0x80],
    ]
    let around: [(before: String, after: String)] = [
      ("a = \"", "\"\n"), ("# ", "\n"), ("a = 1 # x", ""), ("", " = 1\n"),
    ]
    var out: [[UInt8]] = []
    for bytes in bad {
      for (before, after) in around {
        let document: [UInt8] = Array(before.utf8) + bytes + Array(after.utf8)
        out.append(document)
      }
    }
    return out
  }()

  /// Every document, named: values in contexts, the documents, each of those with CRLF
  /// line ends, and the byte documents.
  static var all: [(name: String, bytes: [UInt8])] {
    var texts: [String] = []
    for value in values {
      for (before, after) in contexts { texts.append(before + value + after) }
    }
    texts += documents
    let lf = texts.map { Array($0.utf8) }
    let crlf = lf.filter { $0.contains(0x0A) }.map { $0.flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] } }
    var out: [(String, [UInt8])] = []
    for (number, bytes) in (lf + crlf).enumerated() { out.append(("t\(number)", bytes)) }
    for (number, bytes) in byteDocuments.enumerated() { out.append(("b\(number)", bytes)) }
    return out
  }
}
