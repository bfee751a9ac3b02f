import TimelineCore

/// conky text from `${execpi N timeline-emit conky WIDGET}` (a one-shot line per poll).
///
/// Contract: one line of conky text. A coloured run is `${color #rrggbb}…${color}`; conky
/// cannot give text a ground, so a colour too dark for text (see `Contrast`) is drawn in
/// the readable colour `Contrast` pairs with it; stale and placeholder text is
/// `${color #9aa5b1}` on every run, replacing their colours; bold is dropped.
/// Escaping: `execpi` output is parsed as conky text, where `${…}` and `$name` are live
/// objects (`${exec …}` runs a shell command) and `#` starts a comment that hides the rest
/// of the line. So every `$` in content is written `$$` and every `#` `\#`, conky's own
/// escapes; nothing else in the text is special. Control characters and newlines never
/// reach the line.
/// Gurmukhi: conky draws with Xft, glyph by glyph, and Xft does not shape, nor fall back
/// to a Gurmukhi face: a Gurbani line is its ASCII GurbaniAkhar form in
/// `${font OpenGurbaniAkhar}…${font}` (the font the project installs); without an ASCII
/// form, the transliteration; `--line` still chooses another form.
/// `--family large` (`LargeText`): one conky line per line, coloured and escaped the same
/// way. A Gurbani line whose runs carry their ASCII twins (`TextRun.ascii`, a cache's
/// detail since the twins were added) is drawn as them in `${font OpenGurbaniAkhar}…${font}`,
/// each run in its colour, as the single line is. Gurmukhi in any other line (a contact's
/// name in the birthdays or friends list, a stack's ranking row, a cache written before the
/// twins) is drawn span by span in that font as its ASCII form (`UnshapedText`), so no line
/// is left out for its script. The single line does the same with Gurmukhi outside a
/// Gurbani line, and writes the contact widgets' signs as words (`Pictographs`).
public enum ConkyEmitter {
  /// The font conky switches to for the ASCII Gurmukhi form (installed by the project).
  static let gurmukhiFont = "OpenGurbaniAkhar"
  /// The switch to that font.
  static let fontOn = "${font " + gurmukhiFont + "}"

  /// The line, without a newline.
  public static func render(_ state: RenderInput, options: RenderOptions) -> String {
    String(decoding: bytes(state, options: options), as: UTF8.self)
  }

  /// The line as UTF-8 bytes, which `render` is. `$` and `#` are ASCII, never inside a
  /// multi-byte character, so the escaping works byte by byte.
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

  /// Appends `text` with conky's escapes: `$$` for `$`, `\#` for `#`. Most text has
  /// neither: it is looked at a word at a time and copied in spans, not byte by byte.
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

  /// Whether the large family draws Gurbani lines as their ASCII twins: asked of conky's
  /// traits, as the single line's choice of the ASCII form is (`LineChoice.drawsASCII`).
  static let largeTwins = OutputFormat.conky.largeDrawsTwins

  /// The large family as UTF-8 bytes: lines joined by newlines.
  public static func largeBytes(_ lines: [[TextRun]], options: RenderOptions) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(lines.count * 64)
    var font = false
    for (number, line) in lines.enumerated() {
      if number > 0 { out.append(0x0A) }
      // A line with twins is drawn as them, all of it in the GurbaniAkhar font; Gurmukhi in
      // any other line (a contact's name, a ranking row) span by span.
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

  /// Appends one run of the large family: the font switch it needs (`font` says whether
  /// the Gurmukhi font is on), its colour, its escaped text.
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

  /// Whether conky's fonts draw the contact widgets' signs (`BarTraits.drawsEmoji`).
  static let largeEmoji = OutputFormat.conky.traits.drawsEmoji
}
