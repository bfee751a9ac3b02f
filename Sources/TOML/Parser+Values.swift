extension Parser {
  /// Any value, starting at the current scalar.
  mutating func value() throws(TOMLError) -> TOMLNode {
    let start = position()
    switch peek() {
    case let quote? where quote == "\"" || quote == "'":
      return TOMLNode(.string(try string(quote, multiline: peek(1) == quote && peek(2) == quote)), at: start)
    case "t", "f":
      for (word, flag) in [("true", true), ("false", false)] where matches(word) {
        index += word.unicodeScalars.count
        return TOMLNode(.boolean(flag), at: start)
      }
      throw error("expected a value, found \(describe(peek()))")
    case "[": return TOMLNode(.array(try array()), at: start)
    case "{": return TOMLNode(.table(try inlineTable()), at: start)
    case let scalar? where ("0"..."9").contains(scalar):
      if digits(4) && peek(4) == "-" { return TOMLNode(.dateTime(try dateTime()), at: start) }
      if digits(2) && peek(2) == ":" {
        let time = try timeOfDay()
        return TOMLNode(.dateTime(TOMLDateTime(date: nil, time: time, offsetMinutes: nil)), at: start)
      }
      return TOMLNode(try number(), at: start)
    case "+", "-", "i", "n": return TOMLNode(try number(), at: start)
    case nil: throw error("expected a value, found the end of the file")
    case let other: throw error("expected a value, found \(describe(other))")
    }
  }

  /// Whether the text at the current scalar starts with `word`.
  func matches(_ word: String) -> Bool {
    var ahead = 0
    for scalar in word.unicodeScalars {
      guard peek(ahead) == scalar else { return false }
      ahead += 1
    }
    return true
  }

  /// Whether the next `count` scalars (from `ahead`) are ASCII digits.
  func digits(_ count: Int, from ahead: Int = 0) -> Bool {
    (ahead..<ahead + count).allSatisfy { peek($0).map { ("0"..."9").contains($0) } ?? false }
  }

  /// Spaces, line ends and comments between an array's items.
  mutating func skipArraySpace() throws(TOMLError) {
    while true {
      skipWhitespace()
      switch peek() {
      case "\n": index += 1
      case "#": try skipComment()
      default: return
      }
    }
  }

  /// `[ value, value, ]`; items may be of different types, a trailing comma is allowed.
  mutating func array() throws(TOMLError) -> [TOMLNode] {
    try enter()
    defer { depth -= 1 }
    index += 1
    var items: [TOMLNode] = []
    while true {
      try skipArraySpace()
      if peek() == "]" { break }
      items.append(try value())
      try skipArraySpace()
      if peek() == "," {
        index += 1
        continue
      }
      guard peek() == "]" else {
        throw error("expected \",\" or \"]\" in the array, found \(describe(peek()))")
      }
      break
    }
    index += 1
    return items
  }

  /// `{ key = value, ... }` on one line, with no trailing comma; closed once written.
  mutating func inlineTable() throws(TOMLError) -> TOMLTable {
    try enter()
    defer { depth -= 1 }
    let box = TableBox(.header, at: position(), depth: depth)
    index += 1
    section += 1
    let own = section
    skipWhitespace()
    if peek() == "}" {
      index += 1
      return box.table
    }
    while true {
      let (path, value) = try keyValue()
      try TableRules.insert(path, value, into: box, section: own)
      skipWhitespace()
      switch peek() {
      case "}":
        index += 1
        return box.table
      case ",": index += 1
      case let other: throw error("expected \",\" or \"}\" in the inline table, found \(describe(other))")
      }
    }
  }
}
