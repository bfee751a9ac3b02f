import TimelineCore

/// i3blocks block command (`markup=pango`), one-shot or `interval=persist` with `--follow`:
/// one line of Pango markup, the colours in the markup because a persistent block reads only
/// its first line. Content is Pango-escaped, so it never opens a tag; a block has no actions,
/// so no entry text reaches a shell (docs/emitters.md, "Per bar").
public enum I3blocksEmitter {
  /// The line as UTF-8 bytes, without a newline.
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

  /// Appends `text` as Pango text: the five XML entities, nothing else, copying the bytes
  /// between two entities as one slice.
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
