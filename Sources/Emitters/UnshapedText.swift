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
    guard runs.contains(where: { GurmukhiSpans.contains($0.text) }) else {
      return (runs, Array(repeating: false, count: runs.count))
    }
    var out: [TextRun] = []
    var inFont: [Bool] = []
    for run in runs {
      guard GurmukhiSpans.contains(run.text) else {
        out.append(run)
        inFont.append(false)
        continue
      }
      guard font else {
        var run = run
        run.text = GurmukhiLatin.latin(run.text)
        out.append(run)
        inFont.append(false)
        continue
      }
      for piece in GurmukhiSpans.split(run.text) {
        var part = run
        part.text = piece.gurmukhi ? GurbaniAkhar.ascii(piece.text) : piece.text
        out.append(part)
        inFont.append(piece.gurmukhi)
      }
    }
    return (out, inFont)
  }
}
