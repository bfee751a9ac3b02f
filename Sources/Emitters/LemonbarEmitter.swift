import TimelineCore

/// lemonbar input: `timeline-emit --follow lemonbar WIDGET | lemonbar … | sh`. lemonbar
/// parses `%{…}` anywhere and pipes clicked commands to a shell, so every content `%` is
/// doubled; the tags, `--click` actions and Gurmukhi: docs/emitters.md, "Per bar".
public enum LemonbarEmitter {
  /// The line as UTF-8 bytes, without a newline.
  public static func bytes(_ state: RenderInput, options: RenderOptions) -> [UInt8] {
    let text = PreparedText(state, options: options, format: .lemonbar)
    var out: [UInt8] = []
    out.reserveCapacity(96 + text.runs.reduce(0) { $0 + $1.text.utf8.count } * 2)
    let name = options.click ? state.widget : nil
    if let name {
      out += "%{A:timeline open " + name.text + ":}"
      out += "%{A4:timeline browse " + name.text + " prev --quiet:}"
      out += "%{A5:timeline browse " + name.text + " next --quiet:}"
    }
    for run in text.runs {
      let color = state.isDimmed ? Palette.dim : run.color
      let badge = color.map(Contrast.needsBadge) ?? false
      if let color {
        if badge {
          out += "%{B"
          out += color
          out += "}%{F"
          out += Contrast.text(on: color)
        } else {
          out += "%{F"
          out += color
        }
        out += "}"
      }
      appendDoublingPercent(run.text, to: &out)
      if color != nil { out += badge ? "%{F-}%{B-}" : "%{F-}" }
    }
    if name != nil { out += "%{A}%{A}%{A}" }
    return out
  }

  /// Appends `text` with every `%` doubled; the bytes between two are appended as one slice.
  static func appendDoublingPercent(_ text: String, to out: inout [UInt8]) {
    let done: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
      var start = 0
      for index in bytes.indices where bytes[index] == UInt8(ascii: "%") {
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...index]))
        start = index
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
    }
    if done != nil { return }
    for byte in text.utf8 {
      if byte == UInt8(ascii: "%") { out.append(byte) }
      out.append(byte)
    }
  }
}
