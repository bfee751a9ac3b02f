import TimelineCore

/// Escapers for the two string syntaxes the emitters produce: JSON (waybar, i3bar) and
/// Pango markup (waybar's text and tooltip). They work on UTF-8 bytes and append to one
/// buffer, so a line is built in a single pass without per-character String work (this
/// is the bars' hot path; see docs/performance.md).
enum Markup {
  private static let hex = Array("0123456789abcdef".utf8)

  /// Appends `text` as the inside of a JSON string. Quotes, backslashes and every control
  /// character are escaped; so are DEL and U+2028/U+2029, which are valid JSON but break
  /// JavaScript-based and line-splitting consumers. With `pango`, `&` `<` `>` also become
  /// entities (Pango markup inside a JSON string, as waybar wants it).
  static func appendJSON(_ text: String, pango: Bool = false, to out: inout [UInt8]) {
    var text = text
    text.withUTF8 { bytes in
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        index += 1
        switch byte {
        case 0x22: out += [0x5C, 0x22]
        case 0x5C: out += [0x5C, 0x5C]
        case 0x0A: out += [0x5C, UInt8(ascii: "n")]
        case 0x0D: out += [0x5C, UInt8(ascii: "r")]
        case 0x09: out += [0x5C, UInt8(ascii: "t")]
        case 0..<0x20, 0x7F: appendUnicodeEscape(UInt32(byte), to: &out)
        case UInt8(ascii: "&") where pango: out += Array("&amp;".utf8)
        case UInt8(ascii: "<") where pango: out += Array("&lt;".utf8)
        case UInt8(ascii: ">") where pango: out += Array("&gt;".utf8)
        case 0xE2 where index + 1 < bytes.count && bytes[index] == 0x80 && (bytes[index + 1] & 0xFE) == 0xA8:
          appendUnicodeEscape(bytes[index + 1] == 0xA8 ? 0x2028 : 0x2029, to: &out)
          index += 2
        default: out.append(byte)
        }
      }
    }
  }

  private static func appendUnicodeEscape(_ value: UInt32, to out: inout [UInt8]) {
    out += [0x5C, UInt8(ascii: "u")]
    for shift: UInt32 in [12, 8, 4, 0] { out.append(hex[Int((value >> shift) & 15)]) }
  }

  /// Appends styled runs as Pango markup inside a JSON string (waybar `text`, i3bar
  /// `full_text` with `markup: pango`): content escaped, and only our own tags:
  /// `<span foreground="#rrggbb">` for a coloured run, `<span foreground background>` for
  /// a badge (a colour too dark for text, see `Contrast`), `<b>` for bold. `colors`
  /// false drops the colours (the bar colours the whole text itself).
  static func appendPangoRuns(_ runs: [TextRun], colors: Bool = true, to out: inout [UInt8]) {
    for run in runs {
      let color = colors ? run.color : nil
      if let color {
        if Contrast.needsBadge(color) {
          out += "<span foreground=\\\"" + Contrast.text(on: color) + "\\\" background=\\\"" + color + "\\\">"
        } else {
          out += "<span foreground=\\\"" + color + "\\\">"
        }
      }
      if run.bold { out += "<b>" }
      appendJSON(run.text, pango: true, to: &out)
      if run.bold { out += "</b>" }
      if color != nil { out += "</span>" }
    }
  }

  /// Appends a JSON string literal, quotes included.
  static func appendJSONString(_ text: String, to out: inout [UInt8]) {
    out.append(0x22)
    appendJSON(text, to: &out)
    out.append(0x22)
  }

  /// `"text"` as a JSON string literal.
  static func json(_ text: String) -> String {
    var out: [UInt8] = []
    appendJSONString(text, to: &out)
    return String(decoding: out, as: UTF8.self)
  }
}

extension Array where Element == UInt8 {
  /// Appends a string's UTF-8 bytes.
  static func += (lhs: inout [UInt8], rhs: String) { lhs.append(contentsOf: rhs.utf8) }
}
