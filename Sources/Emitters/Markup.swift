import TimelineCache

/// The string syntaxes the emitters produce: JSON (waybar, i3bar) and Pango markup inside
/// JSON (waybar's text and tooltip). The escaping itself is `JSONEscape`'s (TimelineCache),
/// the one escaper the cache writer uses too.
enum Markup {
  /// Appends `text` as the inside of a JSON string, through the package's one escaper.
  static func appendJSON(_ text: String, pango: Bool = false, to out: inout [UInt8]) {
    JSONEscape.append(text, pango: pango, to: &out)
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
