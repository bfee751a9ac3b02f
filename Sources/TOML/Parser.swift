import TimelineCore

/// A recursive-descent reader of one document; the statements and keys are here, values
/// in the extensions (Parser+Values, Parser+Strings, Parser+Numbers).
struct Parser {
  let text: SourceText
  var index = 0
  /// Numbers sections (and inline tables) so that dotted keys extend only their own.
  var section = 0
  /// How many tables and arrays hold what is read now (the root is 0), so that nesting
  /// stops at `TOMLDocument.maxDepth` before the recursion runs the stack out.
  var depth = 0

  init(_ text: SourceText) { self.text = text }

  func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
    let at = index + ahead
    return at < text.scalars.count ? text.scalars[at] : nil
  }

  func position(_ offset: Int? = nil) -> TextPosition { text.position(offset ?? index) }

  func error(_ message: String, at offset: Int? = nil) -> TOMLError {
    TOMLError(message, at: position(offset))
  }

  /// How a scalar is named in messages.
  func describe(_ scalar: Unicode.Scalar?) -> String {
    guard let scalar else { return "the end of the file" }
    switch scalar {
    case "\n": return "the end of the line"
    case "\t": return "a tab"
    case _ where Parser.isControl(scalar): return "control character U+\(Parser.hex(scalar.value))"
    default: return "\"\(scalar)\""
    }
  }

  static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: Swift.max(0, 4 - digits.count)) + digits
  }

  static func isControl(_ scalar: Unicode.Scalar) -> Bool { scalar.value < 0x20 || scalar.value == 0x7F }

  static func isBareKey(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "A"..."Z", "a"..."z", "0"..."9", "_", "-": true
    default: false
    }
  }

  mutating func skipWhitespace() {
    while let scalar = peek(), scalar == " " || scalar == "\t" { index += 1 }
  }

  /// A comment up to (not including) the line end; tabs are the only control characters allowed.
  mutating func skipComment() throws(TOMLError) {
    guard peek() == "#" else { return }
    index += 1
    while let scalar = peek(), scalar != "\n" {
      if Parser.isControl(scalar) && scalar != "\t" {
        throw error("\(describe(scalar)) is not allowed in a comment")
      }
      index += 1
    }
  }

  mutating func document() throws(TOMLError) -> TOMLTable {
    let root = TableBox(.header, at: TextPosition(line: 1, column: 1), depth: 0)
    var current = root
    while true {
      skipWhitespace()
      guard let scalar = peek() else { break }
      switch scalar {
      case "\n":
        index += 1
        continue
      case "#": try skipComment()
      case "[":
        let start = index
        let isArray = peek(1) == "["
        index += isArray ? 2 : 1
        let path = try key()
        guard peek() == "]", !isArray || peek(1) == "]" else {
          throw error("expected \(isArray ? "\"]]\"" : "\"]\"") to close the table header, found \(describe(peek()))")
        }
        index += isArray ? 2 : 1
        section += 1
        current =
          isArray
          ? try TableRules.append(path, at: position(start), root: root)
          : try TableRules.define(path, at: position(start), root: root)
      default:
        depth = current.depth
        let (path, value) = try keyValue()
        try TableRules.insert(path, value, into: current, section: section)
      }
      try endOfLine()
    }
    return root.table
  }

  /// After a statement: spaces, perhaps a comment, then the line end or the end of the file.
  mutating func endOfLine() throws(TOMLError) {
    skipWhitespace()
    try skipComment()
    switch peek() {
    case nil: return
    case "\n": index += 1
    case let other: throw error("expected the end of the line, found \(describe(other))")
    }
  }

  /// `key = value`; the value's position is where it starts.
  mutating func keyValue() throws(TOMLError) -> ([KeySegment], TOMLNode) {
    let path = try key()
    guard peek() == "=" else {
      throw error("expected \"=\" after the key \(TableRules.dotted(path)), found \(describe(peek()))")
    }
    index += 1
    skipWhitespace()
    // Each segment but the last names a table one level further down.
    if depth + path.count - 1 > TOMLDocument.maxDepth {
      throw TableRules.tooDeep(at: path[TOMLDocument.maxDepth - depth].position)
    }
    let outer = depth
    depth += path.count - 1
    defer { depth = outer }
    return (path, try value())
  }

  /// Goes one level down for an array or inline table starting at the current scalar,
  /// refused past `TOMLDocument.maxDepth`; the caller steps back up when done.
  mutating func enter() throws(TOMLError) {
    guard depth < TOMLDocument.maxDepth else { throw TableRules.tooDeep(at: position()) }
    depth += 1
  }

  /// A key, dotted or not, with the spaces around it and its dots.
  mutating func key() throws(TOMLError) -> [KeySegment] {
    var path: [KeySegment] = []
    while true {
      skipWhitespace()
      let start = position()
      let name: String
      switch peek() {
      case let quote? where quote == "\"" || quote == "'":
        guard !(peek(1) == quote && peek(2) == quote) else { throw error("a key cannot be a multi-line string") }
        name = try string(quote, multiline: false)
      case let scalar? where Parser.isBareKey(scalar):
        var bare = String.UnicodeScalarView()
        while let next = peek(), Parser.isBareKey(next) {
          bare.append(next)
          index += 1
        }
        name = String(bare)
      case let other: throw error("expected a key, found \(describe(other))")
      }
      path.append(KeySegment(name: name, position: start))
      skipWhitespace()
      guard peek() == "." else { return path }
      index += 1
    }
  }
}
