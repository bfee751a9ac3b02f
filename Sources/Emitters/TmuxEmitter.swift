import TimelineCore

/// tmux `#(timeline-emit tmux WIDGET)` in a status format.
///
/// Contract: one line. Styles: a run is `#[fg=#rrggbb,bold]…#[default]`; a colour too
/// dark for text (level 5's black, see `Contrast`) is a badge, `#[fg=#ffffff,bg=#000000]`;
/// stale and placeholder text is `#[dim]` in the surrounding colours (a grey would vanish
/// on tmux's default green bar); unstyled runs carry no markup. A line with any style
/// starts with `#[push-default]` and ends with `#[pop-default]`: the style in force where
/// the user put `#()` becomes the default that each `#[default]` returns to, so the rest of
/// the user's status line keeps its own colours (tmux 3.0+; checked in tmux 3.3a).
/// Escaping: tmux reads a job's output twice. First it expands it as a format: a run of
/// `#` followed by `[` is kept as it is, any other `##` becomes `#`, and `#{…}` `#(…)` are
/// live. Then the status line is drawn: a run of n `#` before `[` shows n/2 `#` and a
/// literal `[` when n is even (a style when odd); a run not before `[` shows ⌈n/2⌉.
/// So a run of k content `#` is written 2k times when the next output character is `[`
/// (content `[` or our own `#[` tag: 2k + 1 is odd and the tag still works), and 4k
/// times otherwise (also at the end, where tmux appends its own `#[…]`). Checked against
/// a real tmux 3.3a (docs/emitters.md); content can never open a style, a variable or a
/// command. `%` needs no escape in output.
/// Gurmukhi defaults to logical order (the terminal shapes it, if it can); `--gurmukhi
/// visual` is for terminals that do not.
public enum TmuxEmitter {
  /// The formatted line, without a newline.
  public static func render(_ state: RenderInput, options: RenderOptions) -> String {
    String(decoding: bytes(state, options: options), as: UTF8.self)
  }

  /// The line as UTF-8 bytes, which `render` is (see `WaybarEmitter.bytes`). `#` and `[`
  /// are ASCII, never part of a multi-byte character, so the escaping works byte by byte.
  public static func bytes(_ state: RenderInput, options: RenderOptions) -> [UInt8] {
    let text = PreparedText(state, options: options, format: .tmux)
    // Adjacent unstyled runs are one piece of content: a `#` run may span them. They are
    // gathered in `pending` and escaped once the next styled run (a tag follows) or the
    // end (none does) is reached. Built without arrays of pieces or style parts: each
    // generic type the one-shot emitter touches is a runtime metadata instantiation.
    var out: [UInt8] = []
    out.reserveCapacity(128 + text.runs.reduce(0) { $0 + $1.text.utf8.count } * 2)
    var pending: String?
    var styled = false
    for run in text.runs {
      var tag: String?
      if state.isDimmed {
        tag = "dim"
      } else if let color = run.color {
        tag = Contrast.needsBadge(color) ? "fg=" + Contrast.text(on: color) + ",bg=" + color : "fg=" + color
      }
      if run.bold { tag = tag.map { $0 + ",bold" } ?? "bold" }
      guard let style = tag else {
        pending = (pending ?? "") + run.text
        continue
      }
      if !styled {
        out += "#[push-default]"
        styled = true
      }
      if let content = pending {
        appendEscaped(content, to: &out, tagFollows: true)
        pending = nil
      }
      out += "#[" + style + "]"
      appendEscaped(run.text, to: &out, tagFollows: true)
      out += "#[default]"
    }
    if let content = pending { appendEscaped(content, to: &out, tagFollows: styled) }
    if styled { out += "#[pop-default]" }
    return out
  }

  static func appendEscaped(_ text: String, to out: inout [UInt8], tagFollows: Bool) {
    var hashes = 0
    func flush(beforeBracket: Bool) {
      out.append(contentsOf: repeatElement(UInt8(ascii: "#"), count: hashes * (beforeBracket ? 2 : 4)))
      hashes = 0
    }
    for byte in text.utf8 {
      if byte == UInt8(ascii: "#") {
        hashes += 1
        continue
      }
      if hashes > 0 { flush(beforeBracket: byte == UInt8(ascii: "[")) }
      out.append(byte)
    }
    if hashes > 0 { flush(beforeBracket: tagFollows) }
  }
}
