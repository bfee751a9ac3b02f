import TimelineCore

/// The string syntaxes the emitters produce: JSON (waybar, i3bar) and Pango markup inside
/// JSON (waybar's text and tooltip). The escaping itself is `JSONEscape`'s (TimelineCore),
/// the one escaper the cache writer uses too.
enum Markup {
  /// Appends `text` as the inside of a JSON string, through the package's one escaper.
  static func appendJSON(_ text: String, pango: Bool = false, to out: inout [UInt8]) {
    JSONEscape.append(text, pango: pango, to: &out)
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
        // Piece by piece: a concatenated tag would be a String allocated and freed per run.
        out += "<span foreground=\\\""
        if Contrast.needsBadge(color) {
          out += Contrast.text(on: color)
          out += "\\\" background=\\\""
        }
        out += color
        out += "\\\">"
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
