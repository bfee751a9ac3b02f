import TimelineCore

/// polybar `custom/script`: one line of polybar formatting (docs/emitters.md, "Per bar" and
/// "Gurmukhi in polybar"). polybar has no escape for `%{`, and content `%{A1:cmd:}` would be a
/// clickable command, so every `%{` in content (also one formed across two runs) is broken
/// by U+200B; inside the GurbaniAkhar font block, whose letters include `%` and `{`, by the
/// same font tag again, so no letter is lost.
public enum PolybarEmitter {
  private static let zeroWidthSpace: [UInt8] = [0xE2, 0x80, 0x8B]

  /// The line as UTF-8 bytes, without a newline.
  public static func bytes(_ state: RenderInput, options: RenderOptions) -> [UInt8] {
    let text = PreparedText(state, options: options, format: .polybar)
    var body: [UInt8] = []
    body.reserveCapacity(64 + text.runs.reduce(0) { $0 + $1.text.utf8.count } * 2)
    let name = options.click ? state.widget : nil
    if let name {
      // Widget names are [a-z0-9-]: no `:` to escape, nothing that could end the tag.
      body += "%{A1:timeline open " + name.text + ":}"
    }
    var openPercent = false
    if let prefix = text.prefix {
      appendNeutralised(prefix, to: &body, afterPercent: false, breaker: zeroWidthSpace)
      openPercent = prefix.utf8.last == UInt8(ascii: "%")
    }
    var fontTag: [UInt8] = []
    if let font = text.asciiFont { fontTag = Array(("%{T" + DecimalText.string(Int64(font)) + "}").utf8) }
    var inFont = false
    for (index, run) in text.runs.enumerated() {
      if text.inFont[index] != inFont {
        inFont.toggle()
        body += inFont ? fontTag : Array("%{T-}".utf8)
        openPercent = false
      }
      let color = state.isDimmed ? Palette.dim : run.color
      let badge = color.map(Contrast.needsBadge) ?? false
      if let color {
        body += badge ? "%{B" + color + "}%{F" + Contrast.text(on: color) + "}" : "%{F" + color + "}"
        openPercent = false
      }
      appendNeutralised(run.text, to: &body, afterPercent: openPercent, breaker: inFont ? fontTag : zeroWidthSpace)
      openPercent = run.text.utf8.last == UInt8(ascii: "%")
      if color != nil {
        body += badge ? "%{F-}%{B-}" : "%{F-}"
        openPercent = false
      }
    }
    if inFont { body += "%{T-}" }
    if name != nil { body += "%{A}" }
    return body
  }

  /// Appends `text`, breaking every `%{` with `breaker` (a zero-width space, or inside the
  /// GurbaniAkhar font block the same font tag again); `afterPercent` says the output
  /// already ends in a content `%`, so a leading `{` must be broken too.
  static func appendNeutralised(_ text: String, to out: inout [UInt8], afterPercent: Bool, breaker: [UInt8]) {
    var previousIsPercent = afterPercent
    for byte in text.utf8 {
      if byte == UInt8(ascii: "{") && previousIsPercent { out += breaker }
      out.append(byte)
      previousIsPercent = byte == UInt8(ascii: "%")
    }
  }
}
