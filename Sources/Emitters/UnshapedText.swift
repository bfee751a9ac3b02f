import TimelineCore

/// Gurmukhi script for a bar that does not shape it (`BarTraits.shapesComplexScripts` false),
/// wherever the text comes from: a contact's name, a command's text, a placeholder such as
/// ੴ, a stack's ranking row. The Gurbani widgets bring their own forms (`LineChoice`); any
/// other Gurmukhi would be drawn with its conjuncts broken, as boxes, or not at all.
///
/// Each Gurmukhi span (`GurmukhiSpans`: the words with the spaces and punctuation between
/// them) becomes, where the bar can switch fonts and has a Gurmukhi font to switch to, its
/// ASCII GurbaniAkhar form (`GurbaniAkhar`) in a run of its own marked for that font; else
/// its transliteration (`GurmukhiLatin`), in place. Latin letters, ASCII digits and signs
/// around it stay in the bar's own font, where they are drawn as themselves. Runs without
/// Gurmukhi (a quick byte test) are kept as they are.
enum UnshapedText {
  /// `runs` converted as above; `inFont[i]` says whether run `i` is in the Gurmukhi font
  /// (all false without `font`).
  static func convert(_ runs: [TextRun], font: Bool) -> (runs: [TextRun], inFont: [Bool]) {
    var out: [TextRun] = []
    var inFont: [Bool] = []
    for run in runs {
      guard GurmukhiSpans.contains(run.text) else {
        out.append(run)
        inFont.append(false)
        continue
      }
      for piece in pieces(run.text, font: font) {
        var part = run
        part.text = piece.text
        out.append(part)
        inFont.append(piece.inFont)
      }
    }
    return (out, inFont)
  }

  /// The pieces Gurmukhi `text` is drawn in, and whether each is in the Gurmukhi font:
  /// without `font` its transliteration; with `font` its spans, each Gurmukhi span in its
  /// ASCII form and in the font, the rest as it is.
  static func pieces(_ text: String, font: Bool) -> [(text: String, inFont: Bool)] {
    guard font else { return [(GurmukhiLatin.latin(text), false)] }
    return GurmukhiSpans.split(text).map { ($0.gurmukhi ? GurbaniAkhar.ascii($0.text) : $0.text, $0.gurmukhi) }
  }
}
