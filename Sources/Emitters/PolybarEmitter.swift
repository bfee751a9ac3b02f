import TimelineCore

/// polybar `custom/script` (one line per run, or per update with `tail = true`).
///
/// Contract: one line of polybar formatting. A coloured run is `%{F#rrggbb}…%{F-}`;
/// polybar has no bold tag without a second font, so bold is dropped. A colour too dark for
/// text (level 5's black, see `Contrast`) is a badge: `%{B#000000}%{F#ffffff}…%{F-}%{B-}`,
/// which reads on dark and light bars. Stale and placeholder text is grey (`%{F#9aa5b1}` on
/// every run, replacing the runs' colours, because `%{F-}` resets to the bar colour rather
/// than to an enclosing `%{F}`).
/// Escaping: polybar parses `%{` anywhere as a tag and has no escape for it, and
/// untrusted `%{A1:cmd:}` would be a clickable command, so every `%{` in content (also one
/// formed across two runs) is written `%`, U+200B, `{`; the zero-width space is not drawn.
/// A lone `%` and `}` are literal. Control characters and newlines never reach the line.
/// `--click` wraps the line in `%{A1:timeline open WIDGET:}…%{A}` with `:` written `\:`
/// (only for valid widget names, so nothing from argv reaches a command unchecked).
/// Gurmukhi: polybar does not shape, so a conjunct (ਪ੍ਰ) shows a visible virama and a full
/// ra. With a GurbaniAkhar font index (`--gurmukhi-font N`, `[bars] polybar_gurmukhi_font`)
/// the line is the ASCII form inside `%{TN}…%{T-}`, visraam colours kept; that encoding is
/// in visual order with its own glyphs for subjoined letters, so polybar draws it right.
/// Its letters include `%`, `{` and `}`: inside the font block a `%{` is written
/// `%` `%{TN}` `{` (re-selecting the same font, a no-op tag), so no letter is lost and
/// no character outside the font appears. Without a font index the transliteration is
/// shown instead (see `LineChoice`). Gurmukhi in any other text (a contact's name, a
/// command's words, ੴ) is drawn the same way (`UnshapedText`): each Gurmukhi span in its
/// ASCII form inside `%{TN}…%{T-}` with a font index, else transliterated; an explicit
/// `--gurmukhi visual|logical` keeps such text Unicode in that order instead. Signs the
/// fonts lack (🎂) are words (`Pictographs`).
public enum PolybarEmitter {
  /// U+200B ZERO WIDTH SPACE in UTF-8.
  private static let zeroWidthSpace: [UInt8] = [0xE2, 0x80, 0x8B]

  /// The formatted line, without a newline. Built as UTF-8 bytes: `%` and `{` are ASCII
  /// and never part of a multi-byte character, so the escaping works byte by byte.
  public static func render(_ state: RenderInput, options: RenderOptions) -> String {
    String(decoding: bytes(state, options: options), as: UTF8.self)
  }

  /// The line as UTF-8 bytes, which `render` is (see `WaybarEmitter.bytes`).
  public static func bytes(_ state: RenderInput, options: RenderOptions) -> [UInt8] {
    let text = PreparedText(state, options: options, format: .polybar)
    var body: [UInt8] = []
    body.reserveCapacity(64 + text.runs.reduce(0) { $0 + $1.text.utf8.count } * 2)
    let name = options.click ? state.widget : nil
    if let name {
      // Widget names are [a-z0-9-]: no `:` to escape, nothing that could end the tag.
      body += "%{A1:timeline open " + name.text + ":}"
    }
    var openPercent = false
    if let prefix = text.prefix {
      appendNeutralised(prefix, to: &body, afterPercent: false, breaker: zeroWidthSpace)
      openPercent = prefix.utf8.last == UInt8(ascii: "%")
    }
    var fontTag: [UInt8] = []
    if let font = text.asciiFont { fontTag = Array(("%{T" + DecimalText.string(Int64(font)) + "}").utf8) }
    var inFont = false
    for (index, run) in text.runs.enumerated() {
      if text.inFont[index] != inFont {
        inFont.toggle()
        body += inFont ? fontTag : Array("%{T-}".utf8)
        openPercent = false
      }
      let color = state.isDimmed ? Palette.dim : run.color
      let badge = color.map(Contrast.needsBadge) ?? false
      if let color {
        body += badge ? "%{B" + color + "}%{F" + Contrast.text(on: color) + "}" : "%{F" + color + "}"
        openPercent = false
      }
      appendNeutralised(run.text, to: &body, afterPercent: openPercent, breaker: inFont ? fontTag : zeroWidthSpace)
      openPercent = run.text.utf8.last == UInt8(ascii: "%")
      if color != nil {
        body += badge ? "%{F-}%{B-}" : "%{F-}"
        openPercent = false
      }
    }
    if inFont { body += "%{T-}" }
    if name != nil { body += "%{A}" }
    return body
  }

  /// Appends `text`, breaking every `%{` with `breaker` (a zero-width space, or inside the
  /// GurbaniAkhar font block the same font tag again); `afterPercent` says the output
  /// already ends in a content `%`, so a leading `{` must be broken too.
  static func appendNeutralised(_ text: String, to out: inout [UInt8], afterPercent: Bool, breaker: [UInt8]) {
    var previousIsPercent = afterPercent
    for byte in text.utf8 {
      if byte == UInt8(ascii: "{") && previousIsPercent { out += breaker }
      out.append(byte)
      previousIsPercent = byte == UInt8(ascii: "%")
    }
  }
}
