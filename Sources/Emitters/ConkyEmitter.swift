import TimelineCore

/// conky text for `${execpi N timeline-emit conky WIDGET}`: one line per poll, or the large
/// family's lines. What conky parses, how content is escaped (`$$`, `\#`) so it never
/// becomes a live object or a comment, and how Gurmukhi is drawn: docs/emitters.md, "Per
/// bar" and "`--family small|large`".
public enum ConkyEmitter {
  static let gurmukhiFont = "OpenGurbaniAkhar"
  static let fontOn = "${font " + gurmukhiFont + "}"

  /// The line as UTF-8 bytes, without a newline.
  public static func bytes(_ state: RenderInput, options: RenderOptions) -> [UInt8] {
    // conky names fonts, it has no indexes: any index selects the ASCII form (and, set in
    // the options, it also keeps polybar's font setting in the cache out of the choice).
    var options = options
    options.gurmukhiFont = RenderOptions.fontIndexes.lowerBound
    let text = PreparedText(state, options: options, format: .conky)
    var out: [UInt8] = []
    out.reserveCapacity(64 + text.runs.reduce(0) { $0 + $1.text.utf8.count } * 2)
    if let prefix = text.prefix { appendEscaped(prefix, to: &out) }
    var inFont = false
    for (index, run) in text.runs.enumerated() {
      if text.inFont[index] != inFont {
        inFont.toggle()
        out += inFont ? fontOn : "${font}"
      }
      var color = state.isDimmed ? Palette.dim : run.color
      if let dark = color, Contrast.needsBadge(dark) { color = Contrast.text(on: dark) }
      if let color {
        out += "${color "
        out += color
        out += "}"
      }
      appendEscaped(run.text, to: &out)
      if color != nil { out += "${color}" }
    }
    if inFont { out += "${font}" }
    return out
  }

  /// Appends `text` with conky's escapes, copying spans without `$` or `#` whole.
  static func appendEscaped(_ text: String, to out: inout [UInt8]) {
    var text = text
    text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return }
      var from = 0
      var at = 0
      while at < bytes.count {
        if at + 8 <= bytes.count {
          let word = ByteScan.word(base, at: at)
          if !ByteScan.hasByte(word, equalTo: UInt8(ascii: "$")) && !ByteScan.hasByte(word, equalTo: UInt8(ascii: "#"))
          {
            at += 8
            continue
          }
        }
        let byte = bytes[at]
        if byte == UInt8(ascii: "$") || byte == UInt8(ascii: "#") {
          out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[from..<at]))
          out.append(byte == UInt8(ascii: "$") ? byte : UInt8(ascii: "\\"))
          out.append(byte)
          from = at + 1
        }
        at += 1
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[from...]))
    }
  }

  /// Whether the large family draws Gurbani lines as their ASCII twins.
  static let largeTwins = OutputFormat.conky.largeDrawsTwins

  /// The large family as UTF-8 bytes: lines joined by newlines.
  static func largeBytes(_ lines: [[TextRun]], options: RenderOptions) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(lines.count * 64)
    var font = false
    for (number, line) in lines.enumerated() {
      if number > 0 { out.append(0x0A) }
      let twinned = largeTwins && line.contains { $0.ascii != nil }
      for run in line {
        let text = CleanText.barLine(twinned ? run.ascii ?? run.text : run.text)
        if twinned || !GurmukhiSpans.contains(text) {
          append(text, color: run.color, inFont: twinned, words: options.words, font: &font, to: &out)
          continue
        }
        for piece in UnshapedText.pieces(text, font: largeTwins) {
          append(piece.text, color: run.color, inFont: piece.inFont, words: options.words, font: &font, to: &out)
        }
      }
      if font { out += "${font}" }
      font = false
    }
    return out
  }

  /// Appends one run of the large family; `font` says whether the Gurmukhi font is on.
  private static func append(
    _ text: String, color: String?, inFont: Bool, words: Words, font: inout Bool, to out: inout [UInt8]
  ) {
    if inFont != font {
      font = inFont
      out += font ? fontOn : "${font}"
    }
    var color = color
    if let dark = color, Contrast.needsBadge(dark) { color = Contrast.text(on: dark) }
    if let color {
      out += "${color "
      out += color
      out += "}"
    }
    appendEscaped(
      inFont || largeEmoji || !Pictographs.mayHaveSign(text) ? text : Pictographs.words(in: text, words: words),
      to: &out)
    if color != nil { out += "${color}" }
  }

  static let largeEmoji = OutputFormat.conky.traits.drawsEmoji
}
