import TimelineCore

/// Waybar `custom/<name>` with `"return-type": "json"` and `"escape": false`.
///
/// Contract: one line of JSON with all five keys every time, in this order: `text`,
/// `alt`, `tooltip`, `class`, `percentage` (waybar silently keeps old values for keys that
/// go missing, and older versions crash on wrong types, so the shape never varies).
/// - `text`: Pango markup. Content is escaped (`&` `<` `>` → entities) and only our own
///   tags appear: `<span foreground="#rrggbb">` for a coloured run, `<span foreground
///   background>` for a colour too dark for text (a badge: level 5's black), `<b>` for bold.
///   A placeholder has no colour of its own: the `placeholder` class styles it in CSS.
///   Waybar blanks the whole label on invalid markup, so nothing else is ever emitted.
/// - `alt`: the state key (entry `alt`, or `placeholder`), for `format-icons`.
/// - `tooltip`: Pango-escaped lines joined by a JSON `\n` (a raw newline would split the
///   object, since waybar splits output into lines before decoding).
/// - `class`: array of `[a-z0-9-]` names: kind, entry classes, `level-N`, `stale`,
///   `placeholder`, `browsing`, `urgent`. Stale and browsing are classes only (browsing
///   also heads the tooltip with which entry it is); style them in CSS.
/// - `percentage`: level × 20, else 0, for `format-icons` arrays.
/// Gurmukhi stays in logical order: Pango shapes it.
public enum WaybarEmitter {
  /// The JSON line, without a newline.
  public static func render(_ state: RenderInput, options: RenderOptions) -> String {
    String(decoding: bytes(state, options: options), as: UTF8.self)
  }

  /// The line as UTF-8 bytes, which `render` is: what the emitter writes, without the
  /// String (its creation would validate every byte of UTF-8 built from valid strings).
  public static func bytes(_ state: RenderInput, options: RenderOptions) -> [UInt8] {
    let text = PreparedText(state, options: options, format: .waybar)
    var out: [UInt8] = []
    out.reserveCapacity(256 + text.runs.reduce(0) { $0 + $1.text.utf8.count } * 2)
    // Our tags are written already JSON-escaped; content is Pango- then JSON-escaped.
    out += "{\"text\":\""
    Markup.appendPangoRuns(text.runs, to: &out)
    out += "\",\"alt\":\""
    Markup.appendJSON(state.alt, pango: true, to: &out)
    out += "\",\"tooltip\":\""
    for (index, line) in state.tooltipLines(truncated: text.truncated).enumerated() {
      if index > 0 { out += "\\n" }
      Markup.appendJSON(line, pango: true, to: &out)
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
