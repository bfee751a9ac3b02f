/// One content line of a vCard after unfolding: `group.NAME;PARAM=a,b;FLAG:value`.
/// Names and parameter names are upper-cased; the value is kept raw (still escaped,
/// still quoted-printable) so that each property decodes it the way its type needs.
struct VCardLine: Sendable {
  var name: String
  var parameters: [(name: String, value: String)]
  var value: [UInt8]
  /// The physical line it started on, for messages.
  var lineNumber: Int

  /// Whether a parameter says `name=value` (any case), or, vCard 2.1 style, names the
  /// value bare (`TEL;CELL:` or `;QUOTED-PRINTABLE:`).
  func has(_ name: String, _ value: String) -> Bool {
    parameters.contains { p in
      (p.name == name && p.value.uppercased().split(separator: ",").contains { $0 == value })
        || (p.value.isEmpty && p.name == value)
    }
  }

  func parameter(_ name: String) -> String? { parameters.first { $0.name == name }?.value }

  /// Whether the value is quoted-printable (vCard 2.1).
  var isQuotedPrintable: Bool { has("ENCODING", "QUOTED-PRINTABLE") }

  /// Splits an unfolded line; nil when it has no name or no colon (stray text, which the
  /// reader ignores).
  init?(_ bytes: ArraySlice<UInt8>, lineNumber: Int) {
    var index = bytes.startIndex
    var nameStart = index
    while index < bytes.endIndex, bytes[index] != UInt8(ascii: ";"), bytes[index] != UInt8(ascii: ":") {
      // `item1.TEL`: the group only ties properties together; the name follows the dot.
      if bytes[index] == UInt8(ascii: ".") { nameStart = index + 1 }
      index += 1
    }
    guard index < bytes.endIndex, index > nameStart else { return nil }
    name = String(decoding: bytes[nameStart..<index], as: UTF8.self).uppercased()
    parameters = []
    self.lineNumber = lineNumber
    while index < bytes.endIndex, bytes[index] == UInt8(ascii: ";") {
      index += 1
      var text: [UInt8] = []
      var quoted = false
      while index < bytes.endIndex {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          quoted.toggle()
        } else if !quoted && (byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":")) {
          break
        } else {
          text.append(byte)
        }
        index += 1
      }
      let pair = String(decoding: text, as: UTF8.self)
      if let equals = pair.firstIndex(of: "=") {
        parameters.append((pair[..<equals].uppercased(), String(pair[pair.index(after: equals)...])))
      } else if !pair.isEmpty {
        parameters.append((pair.uppercased(), ""))
      }
    }
    guard index < bytes.endIndex, bytes[index] == UInt8(ascii: ":") else { return nil }
    value = Array(bytes[(index + 1)...])
  }

  /// The value as text: quoted-printable decoded when marked so (in its CHARSET, UTF-8
  /// or Latin-1), then with the text escapes `\n \, \; \\` resolved.
  var text: String { VCardLine.unescape(decodedBytes) }

  /// The value split on unescaped `separator` (`;` for N, `,` for CATEGORIES), each part
  /// unescaped.
  func components(separatedBy separator: UInt8) -> [String] {
    var parts: [String] = []
    var current: [UInt8] = []
    var escaped = false
    for byte in decodedBytes {
      if escaped {
        current.append(UInt8(ascii: "\\"))
        current.append(byte)
        escaped = false
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
      } else if byte == separator {
        parts.append(VCardLine.unescape(current))
        current = []
      } else {
        current.append(byte)
      }
    }
    parts.append(VCardLine.unescape(current))
    return parts
  }

  private var decodedBytes: [UInt8] {
    guard isQuotedPrintable else { return value }
    let raw = Self.quotedPrintable(value)
    let charset = parameter("CHARSET")?.uppercased() ?? "UTF-8"
    if charset == "ISO-8859-1" || charset == "LATIN1" || charset == "WINDOWS-1252" {
      return Array(String(String.UnicodeScalarView(raw.map { Unicode.Scalar($0) })).utf8)
    }
    return raw
  }

  /// `=C3=85se` → the bytes of `Åse`; a soft break (`=` then newline) was already joined
  /// by the reader. A malformed escape is kept as it is.
  static func quotedPrintable(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "="), index + 2 < bytes.count,
        let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
      {
        out.append(high << 4 | low)
        index += 3
      } else {
        out.append(bytes[index])
        index += 1
      }
    }
    return out
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    default: nil
    }
  }

  /// Resolves `\n`/`\N` to a newline and `\x` to `x`; invalid UTF-8 becomes U+FFFD.
  static func unescape(_ bytes: [UInt8]) -> String {
    guard bytes.contains(UInt8(ascii: "\\")) else { return String(decoding: bytes, as: UTF8.self) }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var escaped = false
    for byte in bytes {
      if escaped {
        out.append(byte == UInt8(ascii: "n") || byte == UInt8(ascii: "N") ? UInt8(ascii: "\n") : byte)
        escaped = false
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
      } else {
        out.append(byte)
      }
    }
    if escaped { out.append(UInt8(ascii: "\\")) }
    return String(decoding: out, as: UTF8.self)
  }
}
