extension PropertyList {
  /// The XML format: an optional `<plist>` around one value. Comments, processing
  /// instructions and the DOCTYPE are skipped wherever XML allows them; an element this
  /// format does not have, or stray text between elements, makes the file invalid, as
  /// Apple's reader has it.
  struct XML {
    let bytes: [UInt8]
    var at = 0

    init(_ bytes: [UInt8]) {
      self.bytes = bytes
      // A UTF-8 byte order mark.
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { at = 3 }
    }

    mutating func document() throws(Invalid) -> Value {
      skipMarkup()
      guard let tag = try openTag() else { throw Invalid() }
      if tag.name != "plist" { return try value(tag, depth: 0) }
      guard !tag.empty else { throw Invalid() }
      skipMarkup()
      guard let inner = try openTag() else { throw Invalid() }
      let result = try value(inner, depth: 0)
      skipMarkup()
      try closeTag("plist")
      // What follows `</plist>` is not read.
      return result
    }

    private struct Tag {
      var name: String
      var empty: Bool
    }

    private func byte(_ offset: Int = 0) -> UInt8? { at + offset < bytes.count ? bytes[at + offset] : nil }

    private func looking(at text: String) -> Bool {
      var index = at
      for expected in text.utf8 {
        guard index < bytes.count, bytes[index] == expected else { return false }
        index += 1
      }
      return true
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// Skips white space, comments, `<?…?>` and `<!DOCTYPE …>` (with its internal subset).
    private mutating func skipMarkup() {
      while let next = byte() {
        if Self.isSpace(next) {
          at += 1
        } else if next != UInt8(ascii: "<") {
          return
        } else if looking(at: "<!--") {
          skip(past: "-->")
        } else if looking(at: "<?") {
          skip(past: "?>")
        } else if looking(at: "<!DOCTYPE") {
          while let next = byte(), next != UInt8(ascii: ">") {
            at += 1
            if next == UInt8(ascii: "[") { skip(past: "]") }
          }
          at = Swift.min(bytes.count, at + 1)
        } else {
          return
        }
      }
    }

    private mutating func skip(past end: String) {
      while at < bytes.count, !looking(at: end) { at += 1 }
      at = Swift.min(bytes.count, at + end.utf8.count)
    }

    /// `<name …>` or `<name …/>`; nil at a closing tag.
    private mutating func openTag() throws(Invalid) -> Tag? {
      guard byte() == UInt8(ascii: "<") else { throw Invalid() }
      if byte(1) == UInt8(ascii: "/") { return nil }
      at += 1
      let start = at
      while let next = byte(), next != UInt8(ascii: ">"), next != UInt8(ascii: "/"), !Self.isSpace(next) { at += 1 }
      let name = String(decoding: bytes[start..<at], as: UTF8.self)
      // Attributes (plist's `version`), quoted values included.
      var quote: UInt8? = nil
      while let next = byte() {
        if let open = quote {
          if next == open { quote = nil }
        } else if next == UInt8(ascii: "\"") || next == UInt8(ascii: "'") {
          quote = next
        } else if next == UInt8(ascii: ">") {
          at += 1
          return Tag(name: name, empty: bytes[at - 2] == UInt8(ascii: "/"))
        }
        at += 1
      }
      throw Invalid()
    }

    private mutating func closeTag(_ name: String) throws(Invalid) {
      guard looking(at: "</" + name) else { throw Invalid() }
      at += 2 + name.utf8.count
      while let next = byte(), Self.isSpace(next) { at += 1 }
      guard byte() == UInt8(ascii: ">") else { throw Invalid() }
      at += 1
    }

    private mutating func value(_ tag: Tag, depth: Int) throws(Invalid) -> Value {
      guard depth <= PropertyList.maxDepth else { throw Invalid() }
      switch tag.name {
      case "array", "dict":
        var items: [Value] = []
        if !tag.empty {
          while true {
            skipMarkup()
            guard let child = try openTag() else { break }
            items.append(try value(child, depth: depth + 1))
          }
          try closeTag(tag.name)
        }
        return tag.name == "array" ? .array(items) : .other
      case "string", "key":
        return .text(tag.empty ? "" : try text(tag.name))
      case "integer":
        return tag.empty ? .other : Self.integer(try text(tag.name)).map(Value.int) ?? .other
      case "real":
        return tag.empty ? .other : Double(try text(tag.name)).map(Value.real) ?? .other
      case "true", "false":
        if !tag.empty { try closeTag(tag.name) }
        return .bool(tag.name == "true")
      case "date", "data":
        if !tag.empty { _ = try text(tag.name) }
        return .other
      default:
        throw Invalid()
      }
    }

    /// Decimal with an optional sign, or hexadecimal after `0x`.
    private static func integer(_ text: String) -> Int? {
      var digits = Substring(text)
      let negative = digits.first == "-"
      if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
      var radix = 10
      if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
        digits = digits.dropFirst(2)
        radix = 16
      }
      guard let first = digits.first, first.isHexDigit, let magnitude = Int(digits, radix: radix) else { return nil }
      return negative ? -magnitude : magnitude
    }

    /// An element's character data up to `</name>`: entities resolved, CDATA kept as is,
    /// comments dropped.
    private mutating func text(_ name: String) throws(Invalid) -> String {
      var out: [UInt8] = []
      while let next = byte() {
        if next == UInt8(ascii: "<") && looking(at: "<![CDATA[") {
          at += 9
          while at < bytes.count, !looking(at: "]]>") {
            out.append(bytes[at])
            at += 1
          }
          guard at < bytes.count else { throw Invalid() }
          at += 3
        } else if next == UInt8(ascii: "<") && looking(at: "<!--") {
          skip(past: "-->")
        } else if next == UInt8(ascii: "<") {
          try closeTag(name)
          return String(decoding: out, as: UTF8.self)
        } else if next == UInt8(ascii: "&") {
          out += try entity()
        } else {
          out.append(next)
          at += 1
        }
      }
      throw Invalid()
    }

    private mutating func entity() throws(Invalid) -> [UInt8] {
      // The longest entity this format has is `&#x10FFFF;`.
      guard let end = bytes[at..<Swift.min(bytes.count, at + 12)].firstIndex(of: UInt8(ascii: ";")) else {
        throw Invalid()
      }
      let name = String(decoding: bytes[(at + 1)..<end], as: UTF8.self)
      at = end + 1
      switch name {
      case "lt": return Array("<".utf8)
      case "gt": return Array(">".utf8)
      case "amp": return Array("&".utf8)
      case "quot": return Array("\"".utf8)
      case "apos": return Array("'".utf8)
      default:
        let hex = name.hasPrefix("#x") || name.hasPrefix("#X")
        guard name.hasPrefix("#"), let code = UInt32(name.dropFirst(hex ? 2 : 1), radix: hex ? 16 : 10),
          let scalar = Unicode.Scalar(code)
        else { throw Invalid() }
        return Array(String(Character(scalar)).utf8)
      }
    }
  }
}
