import TimelineCore

/// polybar `custom/script` (one line per run, or per update with `tail = true`).
///
/// Contract: one line of polybar formatting. A coloured run is `%{F#rrggbb}…%{F-}`;
/// polybar has no bold tag without a second font, so bold is dropped. Stale text is drawn
/// in grey (`%{F#888888}` on every run, replacing the runs' colours, because `%{F-}`
/// resets to the bar colour rather than to an enclosing `%{F}`).
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
/// shown instead (see `LineChoice`); Unicode text that remains is in visual order (sihari
/// before its consonant cluster; `--gurmukhi logical` turns this off).
public enum PolybarEmitter {
  private static let zeroWidthSpace: Unicode.Scalar = "\u{200B}"

  /// The formatted line, without a newline.
  public static func render(_ state: RenderInput, options: RenderOptions) -> String {
    let text = PreparedText(state, options: options, defaultOrder: .visual, polybar: true)
    var body = ""
    var openPercent = false
    let fontTag = text.asciiFont.map { "%{T" + String($0) + "}" }
    if let fontTag { body += fontTag }
    for run in text.runs {
      let color = state.isStale ? staleColor : run.color
      if let color {
        body += "%{F" + color + "}"
        openPercent = false
      }
      appendNeutralised(run.text, to: &body, afterPercent: openPercent, breaker: fontTag)
      openPercent = run.text.unicodeScalars.last == "%"
      if color != nil {
        body += "%{F-}"
        openPercent = false
      }
    }
    if fontTag != nil { body += "%{T-}" }
    guard options.click, Sanitise.isWidgetName(state.widget) else { return body }
    var command = "timeline open " + state.widget
    command = command.split(separator: ":", omittingEmptySubsequences: false).joined(separator: "\\:")
    return "%{A1:" + command + ":}" + body + "%{A}"
  }

  /// Appends `text`, breaking every `%{` with a zero-width space, or with `breaker` (a
  /// no-op tag) when given; `afterPercent` says the output already ends in a content `%`,
  /// so a leading `{` must be broken too.
  static func appendNeutralised(_ text: String, to out: inout String, afterPercent: Bool, breaker: String? = nil) {
    var previousIsPercent = afterPercent
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if scalar == "{" && previousIsPercent {
        if let breaker {
          scalars.append(contentsOf: breaker.unicodeScalars)
        } else {
          scalars.append(zeroWidthSpace)
        }
      }
      scalars.append(scalar)
      previousIsPercent = scalar == "%"
    }
    out.unicodeScalars.append(contentsOf: scalars)
  }
}
