import TimelineCore

/// i3bar / swaybar block (and, with `--follow`, the whole status_command protocol).
///
/// Contract: one block object with `full_text`, `short_text`, `color` (only when there is
/// one), `urgent`, `name` (`timeline`), `instance` (the widget) and `markup: "pango"`.
/// `full_text` is Pango markup, so each coloured run (a visraam word, a danger level) has
/// its own colour, exactly as in waybar: content is Pango- then JSON-escaped and only our
/// own `<span>` and `<b>` tags appear (i3bar draws markup only with a `pango:` font in the
/// bar config; swaybar always does). `short_text` is the chosen line's short form, else the
/// full text, escaped the same way. A single bad byte would replace the whole status line
/// with an error, which is why every string goes through one escaper.
/// `color` colours the whole block: grey when stale or a placeholder (then the runs lose
/// their own colours), else the level colour when no run has one; a level colour too dark
/// to read on a dark bar (EAWS level 5) is the block's `background` under white text.
/// Protocol (`--follow`): the header `{"version":1,"stop_signal":0,"click_events":true}`
/// (stop_signal 0 so a hidden bar does not freeze us with SIGSTOP; the clicks arrive on
/// stdin, EmitRuntime's ClickEvents), `[`, then one array of blocks per line, each after
/// the first prefixed with `,`.
public enum I3barEmitter {
  /// The protocol header and the opening of the endless array, two lines.
  public static let header = "{\"version\":1,\"stop_signal\":0,\"click_events\":true}\n[\n"

  /// One block object, without a newline.
  public static func render(_ state: RenderInput, options: RenderOptions) -> String {
    String(decoding: bytes(state, options: options), as: UTF8.self)
  }

  /// The block as UTF-8 bytes, which `render` is (see `WaybarEmitter.bytes`).
  public static func bytes(_ state: RenderInput, options: RenderOptions) -> [UInt8] {
    let text = PreparedText(state, options: options, format: .i3bar)
    var out: [UInt8] = []
    // The runs are escaped one after another, with no joined string made first.
    out += "{\"full_text\":\""
    Markup.appendPangoRuns(text.runs, colors: !state.isDimmed, to: &out)
    out += "\",\"short_text\":\""
    if let short = text.short {
      Markup.appendJSON(short, pango: true, to: &out)
    } else {
      for run in text.runs { Markup.appendJSON(run.text, pango: true, to: &out) }
    }
    out += "\""
    if let colors = state.blockColors(text.runs) {
      out += ",\"color\":\"" + colors.text + "\""
      if let ground = colors.ground { out += ",\"background\":\"" + ground + "\"" }
    }
    out += ",\"urgent\":" + (state.isUrgent ? "true" : "false")
    out += ",\"name\":\"timeline\",\"instance\":"
    Markup.appendJSONString(state.widget?.text ?? "", to: &out)
    out += ",\"markup\":\"pango\"}"
    return out
  }

  /// A status line: an array of blocks, without a newline; a hidden widget has no block.
  public static func renderLine(_ states: [RenderInput], options: RenderOptions) -> String {
    "[" + states.filter { !$0.isHidden }.map { render($0, options: options) }.joined(separator: ",") + "]"
  }
}
