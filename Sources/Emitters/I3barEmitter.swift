import TimelineCore

/// i3bar / swaybar block, and with `--follow` the whole status_command protocol. The block's
/// keys, escaping and colours: docs/emitters.md, "Per bar". A single bad byte would replace
/// the whole status line with an error, which is why every string goes through one escaper.
enum I3barEmitter {
  /// The protocol header and the opening of the endless array, two lines.
  static let header = "{\"version\":1,\"stop_signal\":0,\"click_events\":true}\n[\n"

  static func render(_ state: RenderInput, options: RenderOptions) -> String {
    String(decoding: bytes(state, options: options), as: UTF8.self)
  }

  /// The block as UTF-8 bytes, which `render` is.
  static func bytes(_ state: RenderInput, options: RenderOptions) -> [UInt8] {
    let text = PreparedText(state, options: options, format: .i3bar)
    var out: [UInt8] = []
    out += "{\"full_text\":\""
    Markup.appendPangoRuns(text.runs, colors: !state.isDimmed, to: &out)
    out += "\",\"short_text\":\""
    if let short = text.short {
      JSONEscape.append(short, pango: true, to: &out)
    } else {
      for run in text.runs { JSONEscape.append(run.text, pango: true, to: &out) }
    }
    out += "\""
    if let colors = state.blockColors(text.runs) {
      out += ",\"color\":\"" + colors.text + "\""
      if let ground = colors.ground { out += ",\"background\":\"" + ground + "\"" }
    }
    out += ",\"urgent\":" + (state.isUrgent ? "true" : "false")
    out += ",\"name\":\"timeline\",\"instance\":"
    JSONEscape.appendString(state.widget?.text ?? "", to: &out)
    out += ",\"markup\":\"pango\"}"
    return out
  }

  /// A status line: an array of blocks, without a newline; a hidden widget has no block.
  static func renderLine(_ states: [RenderInput], options: RenderOptions) -> String {
    "[" + states.filter { !$0.isHidden }.map { render($0, options: options) }.joined(separator: ",") + "]"
  }
}
