import TimelineCore

/// Pango markup inside a JSON string (waybar's `text`, i3bar's `full_text`), escaped by
/// TimelineCore's `JSONEscape`, the one escaper the cache writer uses too.
enum Markup {
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
      JSONEscape.append(run.text, pango: true, to: &out)
      if run.bold { out += "</b>" }
      if color != nil { out += "</span>" }
    }
  }
}

extension Array where Element == UInt8 {
  static func += (lhs: inout [UInt8], rhs: String) { lhs.append(contentsOf: rhs.utf8) }
}
