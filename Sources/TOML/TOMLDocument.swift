/// Reads TOML 1.0 documents into tables whose keys and values know where they are written.
public enum TOMLDocument {
  /// Parses `bytes`, which must be UTF-8.
  public static func parse(bytes: some Sequence<UInt8>) throws(TOMLError) -> TOMLTable {
    var parser = Parser(try SourceText(bytes: bytes))
    return try parser.document()
  }

  /// Parses `text`.
  public static func parse(_ text: String) throws(TOMLError) -> TOMLTable {
    try parse(bytes: text.utf8)
  }
}
