import TimelineCore

/// Waybar `custom/<name>` with `"return-type": "json"` and `"escape": false`: one JSON line
/// with all five keys every time, in one order (waybar keeps old values for missing keys and
/// older versions crash on wrong types; docs/emitters.md, "Per bar"). Waybar blanks the label
/// on invalid markup, so content is escaped and only our own tags appear.
public enum WaybarEmitter {
  /// The line as UTF-8 bytes, without a newline and without a String (whose creation would
  /// validate every byte).
  public static func bytes(_ state: RenderInput, options: RenderOptions) -> [UInt8] {
    let text = PreparedText(state, options: options, format: .waybar)
    var out: [UInt8] = []
    out.reserveCapacity(256 + text.runs.reduce(0) { $0 + $1.text.utf8.count } * 2)
    // Our tags are written already JSON-escaped; content is Pango- then JSON-escaped.
    out += "{\"text\":\""
    Markup.appendPangoRuns(text.runs, to: &out)
    out += "\",\"alt\":\""
    JSONEscape.append(state.alt, pango: true, to: &out)
    out += "\",\"tooltip\":\""
    for (index, line) in state.tooltipLines(truncated: text.truncated).enumerated() {
      if index > 0 { out += "\\n" }
      JSONEscape.append(line, pango: true, to: &out)
    }
    out += "\",\"class\":["
    for (index, name) in state.classes.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      out.append(UInt8(ascii: "\""))
      out += name
      out.append(UInt8(ascii: "\""))
    }
    out += "],\"percentage\":"
    out += DecimalText.string(Int64((state.entry.level ?? 0) * 20))
    out += "}"
    return out
  }
}
