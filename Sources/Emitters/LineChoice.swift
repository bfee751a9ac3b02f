import TimelineCore

/// Which text of an entry a bar shows: the line form asked for (`--line`, else the
/// widget's `line`, else Gurmukhi), falling back to the main text when the entry has no
/// such form (avalanche, command, placeholders, version 1 caches).
///
/// A bar that does not shape complex scripts (polybar) draws glyphs as they come, so a
/// Gurmukhi line there is either, in a bar that switches fonts, the ASCII GurbaniAkhar form
/// in the font `%{TN}` names (`--gurmukhi-font`, `[bars] polybar_gurmukhi_font`), or,
/// without a font index, the first form the bar draws right
/// as it is: the transliteration, else the translation, if their script needs no shaping
/// (also with a font index when the entry has no ASCII form); only an entry with neither
/// falls back to the Unicode line in visual order.
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
    switch options.line ?? state.line ?? .gurmukhi {
    case .transliteration: use(entry.transliteration)
    case .translation: use(entry.translation)
    case .gurmukhi:
      // Only Gurbani entries (they carry line forms); other text is drawn as it is.
      guard !traits.shapesComplexScripts,
        !entry.ascii.isEmpty || entry.transliteration != nil || entry.translation != nil
      else { return }
      if traits.fontSwitching, let font = options.gurmukhiFont ?? state.polybarFont, !entry.ascii.isEmpty {
        runs = entry.ascii
        asciiFont = font
      } else if let text = entry.transliteration, Self.drawsUnshaped(text.text) {
        use(text)
      } else if let text = entry.translation, Self.drawsUnshaped(text.text) {
        use(text)
      }
    }
  }

  private mutating func use(_ form: LineText?) {
    guard let form else { return }
    runs = [TextRun(form.text)]
    short = form.short
  }

  /// Whether every scalar belongs to a script drawn right without shaping or bidi:
  /// Latin (with its extensions and combining accents), Greek, Cyrillic, punctuation and
  /// symbols; not Hebrew, Arabic or any Indic script.
  static func drawsUnshaped(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { scalar in
      let value = scalar.value
      return value < 0x0590 || (0x1E00...0x1FFF).contains(value) || (0x2010...0x2BFF).contains(value)
    }
  }
}
