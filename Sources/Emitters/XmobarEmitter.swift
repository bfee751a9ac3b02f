import TimelineCore

/// xmobar `CommandReader` (with `--follow`) or `Com` output: one line of xmobar markup.
/// xmobar has no entities and `<action=`…`>` runs a shell command, so every piece of content
/// is `<raw=N:…/>`, shown as exactly N scalars whatever they contain (docs/emitters.md, "Per
/// bar"). `--click` actions are written only for valid widget names, so nothing can end the
/// backquoted command.
public enum XmobarEmitter {
  /// The line as UTF-8 bytes, without a newline.
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
