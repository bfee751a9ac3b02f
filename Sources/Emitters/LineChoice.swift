import TimelineCore

/// Which text of an entry a bar shows: the line form asked for (`--line`, else the widget's
/// `line`, else Gurmukhi), falling back to the main text when the entry has no such form.
/// A bar that does not shape Gurmukhi gets, in order, the ASCII GurbaniAkhar form in its
/// font (when it switches fonts and one is set), a form it draws unshaped, or the Unicode line
/// in visual order (docs/emitters.md, "Gurmukhi in polybar").
struct LineChoice {
  var runs: [TextRun]
  /// The short form for narrow bars (i3bar), if there is one.
  var short: String?
  /// The polybar font index when `runs` are the ASCII form.
  var asciiFont: Int?

  init(_ state: RenderInput, options: RenderOptions, traits: BarTraits) {
    let entry = state.entry
    runs = entry.runs
    short = entry.short
    asciiFont = nil
    let line = options.line ?? state.line ?? .gurmukhi
    switch Self.choose(entry, line: line, font: options.gurmukhiFont ?? state.polybarFont, traits: traits) {
    case .runs: break
    case .ascii(let font):
      runs = entry.ascii
      asciiFont = font
    case .text(let form):
      runs = [TextRun(form.text)]
      short = form.short
    }
  }

  enum Choice {
    case runs
    case ascii(font: Int)
    case text(LineText)
  }

  /// The choice, made without building runs (a stack's ranking writes the runs it picks).
  static func choose(_ entry: Entry, line: LineForm, font: Int?, traits: BarTraits) -> Choice {
    switch line {
    case .transliteration: return entry.transliteration.map { .text($0) } ?? .runs
    case .translation: return entry.translation.map { .text($0) } ?? .runs
    case .gurmukhi:
      // Only Gurbani entries (they carry line forms); other text is drawn as it is.
      guard !traits.shapesComplexScripts,
        !entry.ascii.isEmpty || entry.transliteration != nil || entry.translation != nil
      else { return .runs }
      if drawsASCII(traits), let font, !entry.ascii.isEmpty { return .ascii(font: font) }
      if let text = entry.transliteration, Self.drawsUnshaped(text.text) { return .text(text) }
      if let text = entry.translation, Self.drawsUnshaped(text.text) { return .text(text) }
      return .runs
    }
  }

  /// Whether a bar draws Gurbani as its ASCII form in a font of its own.
  static func drawsASCII(_ traits: BarTraits) -> Bool { !traits.shapesComplexScripts && traits.fontSwitching }

  /// Whether every scalar belongs to a script drawn right without shaping or bidi (Latin,
  /// Greek, Cyrillic, punctuation, symbols).
  static func drawsUnshaped(_ text: String) -> Bool {
    // ASCII (a transliteration nearly always is) a word at a time, before any scalar.
    var text = text
    let ascii = text.withUTF8 { bytes -> Bool in
      guard let base = bytes.baseAddress else { return true }
      var at = 0
      while at + 8 <= bytes.count {
        if ByteScan.word(base, at: at) & 0x8080_8080_8080_8080 != 0 { return false }
        at += 8
      }
      while at < bytes.count {
        if bytes[at] >= 0x80 { return false }
        at += 1
      }
      return true
    }
    return ascii
      || text.unicodeScalars.allSatisfy { scalar in
        let value = scalar.value
        return value < 0x0590 || (0x1E00...0x1FFF).contains(value) || (0x2010...0x2BFF).contains(value)
      }
  }
}
