import TimelineCore

/// i3blocks block command (`markup=pango`), one-shot or `interval=persist` with `--follow`.
///
/// Contract: one line, the block's `full_text` in Pango markup. i3blocks 1.4 reads a
/// block's output as lines (full_text, short_text, colour), but a persistent block gets
/// only the first: every line replaces full_text. So the colours live in the markup, and
/// the same single line serves `interval=N` and `interval=persist`. A coloured run (a
/// visraam word, a danger level) is `<span foreground="#rrggbb">…</span>`; a colour too dark
/// for text (see `Contrast`) is a badge with a background; bold is `<b>`. Stale and
/// placeholder text is grey, the runs' own colours dropped.
/// Escaping: content is Pango-escaped (`&` `<` `>` `"` `'` as entities), so it can never
/// open a tag; i3blocks JSON-escapes the line itself for i3bar, and expands nothing.
/// A block has no actions: clicks re-run the block's command with `BLOCK_BUTTON` set,
/// which the snippet (integrations/i3blocks) turns into the project's fixed commands
/// before it starts the emitter, so no text from an entry reaches a shell.
/// Gurmukhi: i3bar and swaybar draw markup with Pango, which shapes it (a `pango:` font
/// with a Gurmukhi face), so the Unicode line is shown in logical order.
public enum I3blocksEmitter {
  /// The line, without a newline.
  public static func render(_ state: RenderInput, options: RenderOptions) -> String {
    String(decoding: bytes(state, options: options), as: UTF8.self)
  }

  /// The line as UTF-8 bytes, which `render` is.
  public static func bytes(_ state: RenderInput, options: RenderOptions) -> [UInt8] {
    let text = PreparedText(state, options: options, format: .i3blocks)
    var out: [UInt8] = []
    out.reserveCapacity(64 + text.runs.reduce(0) { $0 + $1.text.utf8.count } * 2)
    if state.isDimmed { out += "<span foreground=\"" + Palette.dim + "\">" }
    for run in text.runs {
      let color = state.isDimmed ? nil : run.color
      if let color {
        out += "<span foreground=\""
        if Contrast.needsBadge(color) {
          out += Contrast.text(on: color)
          out += "\" background=\""
        }
        out += color
        out += "\">"
      }
      if run.bold { out += "<b>" }
      appendPango(run.text, to: &out)
      if run.bold { out += "</b>" }
      if color != nil { out += "</span>" }
    }
    if state.isDimmed { out += "</span>" }
    return out
  }

  /// Appends `text` as Pango text: the five XML entities, nothing else. The bytes between
  /// two entities are appended as one slice (every byte above `>`, Gurmukhi's included,
  /// needs none).
  static func appendPango(_ text: String, to out: inout [UInt8]) {
    let done: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
      var start = 0
      for index in bytes.indices where bytes[index] <= UInt8(ascii: ">") {
        guard let entity = entity(bytes[index]) else { continue }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        out += entity
        start = index + 1
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
    }
    if done != nil { return }
    for byte in text.utf8 {
      if let entity = entity(byte) { out += entity } else { out.append(byte) }
    }
  }

  /// The entity that stands for `byte` in Pango text, if it needs one.
  private static func entity(_ byte: UInt8) -> String? {
    switch byte {
    case UInt8(ascii: "&"): "&amp;"
    case UInt8(ascii: "<"): "&lt;"
    case UInt8(ascii: ">"): "&gt;"
    case UInt8(ascii: "\""): "&quot;"
    case UInt8(ascii: "'"): "&#39;"
    default: nil
    }
  }
}
