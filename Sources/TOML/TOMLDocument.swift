/// Reads TOML 1.0 documents into tables whose keys and values know where they are written.
public enum TOMLDocument {
  /// The most tables and arrays that may hold one another (`a = [[1]]` is 2 deep, an array
  /// of tables 2 for the array and its table): reading, and all that later walks the
  /// tables, recurses once per level, so a few kilobytes of brackets would run the stack out.
  static let maxDepth = 100

  /// Parses `bytes`, which must be UTF-8.
  public static func parse(bytes: some Sequence<UInt8>) throws(TOMLError) -> TOMLTable {
    var parser = Parser(try SourceText(bytes: bytes))
    return try parser.document()
  }

  static func parse(_ text: String) throws(TOMLError) -> TOMLTable {
    try parse(bytes: text.utf8)
  }
}
