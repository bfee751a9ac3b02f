import TimelineCore

/// i3bar / swaybar block (and, with `--follow`, the whole status_command protocol).
///
/// Contract: one block object with `full_text`, `short_text`, `color` (only when there is
/// one), `urgent`, `name` (`timeline`), `instance` (the widget) and `markup: "none"`.
/// With markup off, i3bar draws the text literally, so content needs only JSON escaping
/// (quotes, backslashes, controls, U+2028/9); a single bad byte would replace the whole
/// status line with an error, which is why every string goes through one escaper.
/// `color` is grey when stale, else the first coloured run's, else the level colour.
/// `short_text` is the entry's short form, else the full text.
/// Protocol (`--follow`): the header `{"version":1,"stop_signal":0}` (stop_signal 0 so a
/// hidden bar does not freeze us with SIGSTOP), `[`, then one array of blocks per line,
/// each after the first prefixed with `,`.
public enum I3barEmitter {
  /// The protocol header and the opening of the endless array, two lines.
  public static let header = "{\"version\":1,\"stop_signal\":0}\n[\n"

  /// One block object, without a newline.
  public static func render(_ state: RenderInput, options: RenderOptions) -> String {
    let text = PreparedText(state, options: options, defaultOrder: .logical)
    let full = text.plain
    var short = full
    if let entryShort = state.entry.short {
      let clean = Sanitise.text(Caps.prefix(entryShort, bytes: Caps.textBytes))
      short = (options.gurmukhi ?? .logical) == .visual ? Gurmukhi.visualOrder(clean) : clean
    }
    var out: [UInt8] = []
    out += "{\"full_text\":"
    Markup.appendJSONString(full, to: &out)
    out += ",\"short_text\":"
    Markup.appendJSONString(short, to: &out)
    if let color = state.blockColor(text.runs) { out += ",\"color\":\"" + color + "\"" }
    out += ",\"urgent\":" + (state.entry.isUrgent ? "true" : "false")
    out += ",\"name\":\"timeline\",\"instance\":"
    Markup.appendJSONString(state.widget, to: &out)
    out += ",\"markup\":\"none\"}"
    return String(decoding: out, as: UTF8.self)
  }

  /// A status line: an array of blocks, without a newline.
  public static func renderLine(_ states: [RenderInput], options: RenderOptions) -> String {
    "[" + states.map { render($0, options: options) }.joined(separator: ",") + "]"
  }
}
