extension Parser {
  /// The string opened at the current scalar by `quote` (`"` reads escapes, `'` takes the
  /// text as written), once or, `multiline`, three times: then line ends are text, a line
  /// end right after the opening quotes is dropped, and a run of quotes closes the string
  /// only at three. Control characters but tab are refused in every form.
  mutating func string(_ quote: Unicode.Scalar, multiline: Bool) throws(TOMLError) -> String {
    let start = index
    let escapes = quote == "\""
    index += multiline ? 3 : 1
    if multiline, peek() == "\n" { index += 1 }
    var out = String.UnicodeScalarView()
    while true {
      guard let scalar = peek() else { throw error("unterminated string (opened at \(position(start)))") }
      switch scalar {
      case quote where multiline:
        if try closes(quote: quote, into: &out) { return String(out) }
      case quote:
        index += 1
        return String(out)
      case "\\" where escapes:
        if multiline, let next = peek(1), next == " " || next == "\t" || next == "\n" {
          try lineEndingBackslash()
        } else {
          out.append(try escape())
        }
      case "\n":
        guard multiline else { throw error("unterminated string: a line end before its closing \(quote)") }
        out.append(scalar)
        index += 1
      case _ where Parser.isControl(scalar) && scalar != "\t":
        let form = escapes ? "a string; write it as an escape" : "a literal string"
        throw error("\(describe(scalar)) is not allowed in \(form)")
      default:
        out.append(scalar)
        index += 1
      }
    }
  }

  /// At a run of `quote`s inside a multi-line string: three close it, and up to two more
  /// before them belong to the text; fewer than three are text.
  mutating func closes(quote: Unicode.Scalar, into out: inout String.UnicodeScalarView) throws(TOMLError) -> Bool {
    var run = 0
    while peek(run) == quote { run += 1 }
    let taken = Swift.min(run, 5)
    index += taken
    let kept = taken >= 3 ? taken - 3 : taken
    out.append(contentsOf: repeatElement(quote, count: kept))
    return taken >= 3
  }

  /// `\` then spaces up to the line end: the line end and all spaces and line ends after it
  /// are dropped.
  mutating func lineEndingBackslash() throws(TOMLError) {
    index += 1
    skipWhitespace()
    guard peek() == "\n" || peek() == nil else {
      throw error("a backslash that ends a line must be followed only by spaces, found \(describe(peek()))")
    }
    while let scalar = peek(), scalar == " " || scalar == "\t" || scalar == "\n" { index += 1 }
  }

  static let simpleEscapes: [Unicode.Scalar: Unicode.Scalar] = [
    "b": "\u{08}", "t": "\t", "n": "\n", "f": "\u{0C}", "r": "\r", "\"": "\"", "\\": "\\",
  ]

  /// An escape at the backslash: `\b \t \n \f \r \" \\ \uXXXX \UXXXXXXXX`.
  mutating func escape() throws(TOMLError) -> Unicode.Scalar {
    let start = index
    index += 1
    guard let code = peek() else { throw error("unterminated string") }
    index += 1
    if let simple = Parser.simpleEscapes[code] { return simple }
    guard code == "u" || code == "U" else {
      throw error("invalid escape \\\(code); TOML has \\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX \\UXXXXXXXX", at: start)
    }
    let count = code == "u" ? 4 : 8
    var value: UInt32 = 0
    for _ in 0..<count {
      guard let digit = peek(), let nibble = UInt32(String(digit), radix: 16), digit.isASCII else {
        throw error("\\\(code) needs \(count) hexadecimal digits", at: start)
      }
      value = value << 4 | nibble
      index += 1
    }
    guard let scalar = Unicode.Scalar(value) else {
      throw error("\\\(code)\(Parser.hex(value)) is not a Unicode scalar value", at: start)
    }
    return scalar
  }
}
