import TimelineCore

/// conky text from `${execpi N timeline-emit conky WIDGET}` (a one-shot line per poll).
///
/// Contract: one line of conky text. A coloured run is `${color #rrggbb}…${color}`; conky
/// cannot give text a ground, so a colour too dark for text (see `Contrast`) is drawn in
/// the readable colour `Contrast` pairs with it; stale and placeholder text is
/// `${color #9aa5b1}` on every run, replacing their colours; bold is dropped.
/// Escaping: `execpi` output is parsed as conky text, where `${…}` and `$name` are live
/// objects (`${exec …}` runs a shell command) and `#` starts a comment that hides the rest
/// of the line. So every `$` in content is written `$$` and every `#` `\#`, conky's own
/// escapes; nothing else in the text is special. Control characters and newlines never
/// reach the line.
/// Gurmukhi: conky draws with Xft, glyph by glyph, and Xft does not shape, nor fall back
/// to a Gurmukhi face: a Gurbani line is its ASCII GurbaniAkhar form in
/// `${font OpenGurbaniAkhar}…${font}` (the font the project installs); without an ASCII
/// form, the transliteration; `--line` still chooses another form.
public enum ConkyEmitter {
  /// The font conky switches to for the ASCII Gurmukhi form (installed by the project).
  static let gurmukhiFont = "OpenGurbaniAkhar"

  /// The line, without a newline.
  public static func render(_ state: RenderInput, options: RenderOptions) -> String {
    String(decoding: bytes(state, options: options), as: UTF8.self)
  }

  /// The line as UTF-8 bytes, which `render` is. `$` and `#` are ASCII, never inside a
  /// multi-byte character, so the escaping works byte by byte.
  public static func bytes(_ state: RenderInput, options: RenderOptions) -> [UInt8] {
    // conky names fonts, it has no indexes: any index selects the ASCII form.
    var state = state
    state.polybarFont = nil
    var options = options
    options.gurmukhiFont = RenderOptions.fontIndexes.lowerBound
    let text = PreparedText(state, options: options, format: .conky)
    var out: [UInt8] = []
    out.reserveCapacity(64 + text.runs.reduce(0) { $0 + $1.text.utf8.count } * 2)
    if let prefix = text.prefix { appendEscaped(prefix, to: &out) }
    if text.asciiFont != nil { out += "${font " + gurmukhiFont + "}" }
    for run in text.runs {
      var color = state.isDimmed ? dimColor : run.color
      if let dark = color, Contrast.needsBadge(dark) { color = Contrast.text(on: dark) }
      if let color { out += "${color " + color + "}" }
      appendEscaped(run.text, to: &out)
      if color != nil { out += "${color}" }
    }
    if text.asciiFont != nil { out += "${font}" }
    return out
  }

  /// Appends `text` with conky's escapes: `$$` for `$`, `\#` for `#`.
  static func appendEscaped(_ text: String, to out: inout [UInt8]) {
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "$"): out += "$$"
      case UInt8(ascii: "#"): out += "\\#"
      default: out.append(byte)
      }
    }
  }
}
