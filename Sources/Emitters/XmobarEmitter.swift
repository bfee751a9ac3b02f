import TimelineCore

/// xmobar `CommandReader` (with `--follow`) or `Com` (one-shot) output, placed in the
/// template.
///
/// Contract: one line of xmobar markup. A coloured run is `<fc=#rrggbb>…</fc>`; a colour
/// too dark for text (see `Contrast`) is a badge, `<fc=#ffffff,#000000>`; stale and
/// placeholder text is `<fc=#9aa5b1>` on every run, replacing their colours; bold is
/// dropped (it would need a second font).
/// Escaping: xmobar has no entities, and its `<action=`…`>` runs a shell command, so
/// every piece of content is written `<raw=N:…/>`, which xmobar shows as exactly N
/// characters (Unicode scalars) whatever they contain: no tag, action or `%alias%` in an
/// entry is ever parsed. Control characters and newlines never reach the line.
/// `--click` wraps the line in the project's own actions: button 1 runs `timeline open
/// WIDGET`, the wheel (4, 5) `timeline browse WIDGET prev|next --quiet` (only for valid
/// widget names, `[a-z0-9-]`, so nothing can end the backquoted command).
/// Gurmukhi: xmobar 0.45 and later draw with Pango, which shapes Gurmukhi; older ones draw
/// with Xft and do not. As in polybar, `--gurmukhi-font N` prints the ASCII GurbaniAkhar
/// form in `<fn=N>…</fn>` (N indexes `additionalFonts`, where the shipped
/// OpenGurbaniAkhar goes), drawn right by every version; without it the transliteration.
/// Gurmukhi in other text the same way, span by span (`UnshapedText`); `--gurmukhi
/// logical` keeps it Unicode for xmobar's Pango (0.45 and later shape it), `--gurmukhi
/// visual` for an older Xft one.
public enum XmobarEmitter {
  /// The line, without a newline.
  public static func render(_ state: RenderInput, options: RenderOptions) -> String {
    String(decoding: bytes(state, options: options), as: UTF8.self)
  }

  /// The line as UTF-8 bytes, which `render` is.
  public static func bytes(_ state: RenderInput, options: RenderOptions) -> [UInt8] {
    // polybar's font setting is an index into polybar's fonts: never xmobar's.
    let text: PreparedText
    if state.polybarFont == nil {
      text = PreparedText(state, options: options, format: .xmobar)
    } else {
      var state = state
      state.polybarFont = nil
      text = PreparedText(state, options: options, format: .xmobar)
    }
    var out: [UInt8] = []
    out.reserveCapacity(96 + text.runs.reduce(0) { $0 + $1.text.utf8.count } + text.runs.count * 24)
    let name = options.click ? state.widget : nil
    if let name {
      out += "<action=`timeline open " + name.text + "` button=1>"
      out += "<action=`timeline browse " + name.text + " prev --quiet` button=4>"
      out += "<action=`timeline browse " + name.text + " next --quiet` button=5>"
    }
    if let prefix = text.prefix { appendRaw(prefix, to: &out) }
    var inFont = false
    for (index, run) in text.runs.enumerated() {
      if text.inFont[index] != inFont {
        inFont.toggle()
        out += inFont ? "<fn=" + DecimalText.string(Int64(text.asciiFont ?? 1)) + ">" : "</fn>"
      }
      let color = state.isDimmed ? Palette.dim : run.color
      if let color {
        out += "<fc="
        if Contrast.needsBadge(color) {
          out += Contrast.text(on: color)
          out += ","
        }
        out += color
        out += ">"
      }
      appendRaw(run.text, to: &out)
      if color != nil { out += "</fc>" }
    }
    if inFont { out += "</fn>" }
    if name != nil { out += "</action></action></action>" }
    return out
  }

  /// Appends `text` as `<raw=N:text/>`, N its length in scalars (xmobar's characters).
  static func appendRaw(_ text: String, to out: inout [UInt8]) {
    var count = 0
    for byte in text.utf8 where byte & 0xC0 != 0x80 { count += 1 }
    guard count > 0 else { return }
    // Piece by piece: a concatenated tag would be a String (and the count's description)
    // allocated and freed per run.
    out += "<raw="
    appendDecimal(count, to: &out)
    out.append(UInt8(ascii: ":"))
    out += text
    out += "/>"
  }

  /// Appends `value` (not negative) in decimal digits.
  static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
    var divisor = 1
    while divisor <= value / 10 { divisor *= 10 }
    var rest = value
    while divisor > 0 {
      out.append(UInt8(48 + rest / divisor))
      rest %= divisor
      divisor /= 10
    }
  }
}
