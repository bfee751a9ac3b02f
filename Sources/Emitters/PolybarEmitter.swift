import TimelineCache
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
/// Gurmukhi defaults to visual order: polybar does not shape, so sihari is moved before its
/// consonant cluster (`--gurmukhi logical` turns this off).
public enum PolybarEmitter {
  private static let zeroWidthSpace: Unicode.Scalar = "\u{200B}"

  /// The formatted line, without a newline.
  public static func render(_ state: RenderInput, options: RenderOptions) -> String {
    let text = PreparedText(state, options: options, defaultOrder: .visual)
    var body = ""
    var openPercent = false
    for run in text.runs {
      let color = state.isStale ? staleColor : run.color
      if let color {
        body += "%{F" + color + "}"
        openPercent = false
      }
      appendNeutralised(run.text, to: &body, afterPercent: openPercent)
      openPercent = run.text.unicodeScalars.last == "%"
      if color != nil {
        body += "%{F-}"
        openPercent = false
      }
    }
    guard options.click, CacheStore.isValidName(state.widget) else { return body }
    var command = "timeline open " + state.widget
    command = command.split(separator: ":", omittingEmptySubsequences: false).joined(separator: "\\:")
    return "%{A1:" + command + ":}" + body + "%{A}"
  }

  /// Appends `text`, breaking every `%{` with a zero-width space; `afterPercent` says the
  /// output already ends in a content `%`, so a leading `{` must be broken too.
  static func appendNeutralised(_ text: String, to out: inout String, afterPercent: Bool) {
    var previousIsPercent = afterPercent
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if scalar == "{" && previousIsPercent { scalars.append(zeroWidthSpace) }
      scalars.append(scalar)
      previousIsPercent = scalar == "%"
    }
    // Through a String: mutating `out.unicodeScalars` in place copied all of `out` on each
    // call, which made a line of many runs quadratic.
    out += String(scalars)
  }
}
