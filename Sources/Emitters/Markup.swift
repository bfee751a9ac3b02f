import TimelineCore

/// The string syntaxes the emitters produce: JSON (waybar, i3bar) and Pango markup inside
/// JSON, escaped by TimelineCore's `JSONEscape`, the one escaper the cache writer uses too.
enum Markup {
  static func appendJSON(_ text: String, pango: Bool = false, to out: inout [UInt8]) {
    JSONEscape.append(text, pango: pango, to: &out)
  }

  /// Appends styled runs as Pango markup inside a JSON string: content escaped, only our own
  /// `<span>` (a badge where `Contrast` asks) and `<b>` tags. `colors` false drops the colours.
  static func appendPangoRuns(_ runs: [TextRun], colors: Bool = true, to out: inout [UInt8]) {
    for run in runs {
      let color = colors ? run.color : nil
      if let color {
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
  static func += (lhs: inout [UInt8], rhs: String) { lhs.append(contentsOf: rhs.utf8) }
}
