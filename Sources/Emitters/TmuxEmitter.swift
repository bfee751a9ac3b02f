import TimelineCore

/// tmux `#(timeline-emit tmux WIDGET)` in a status format: one line of tmux styles wrapped in
/// `#[push-default]…#[pop-default]`. tmux reads a job's output twice (as a format, then as
/// drawn styles), so a run of k content `#` is written 2k times before a `[` and 4k times
/// otherwise; content can never open a style, a variable or a command (docs/emitters.md,
/// "Per bar", works the rule through).
public enum TmuxEmitter {
  /// The line as UTF-8 bytes, without a newline.
  public static func bytes(_ state: RenderInput, options: RenderOptions) -> [UInt8] {
    let text = PreparedText(state, options: options, format: .tmux)
    // Adjacent unstyled runs are one piece of content (a `#` run may span them), escaped
    // once the next styled run or the end is reached. No arrays of pieces: each generic
    // type the one-shot emitter touches is a runtime metadata instantiation.
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
