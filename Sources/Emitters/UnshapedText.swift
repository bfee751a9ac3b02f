import TimelineCore

/// Gurmukhi script from anywhere (a contact's name, a command's text, ੴ) for a bar that
/// does not shape it: each Gurmukhi span (`GurmukhiSpans`) becomes its ASCII GurbaniAkhar
/// form in a run marked for the font where the bar has one, else its transliteration.
/// Runs without Gurmukhi are kept as they are.
enum UnshapedText {
  /// `runs` converted; `inFont[i]` says whether run `i` is in the Gurmukhi font.
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

  /// The pieces Gurmukhi `text` is drawn in, and whether each is in the Gurmukhi font.
  static func pieces(_ text: String, font: Bool) -> [(text: String, inFont: Bool)] {
    guard font else { return [(GurmukhiLatin.latin(text), false)] }
    return GurmukhiSpans.split(text).map { ($0.gurmukhi ? GurbaniAkhar.ascii($0.text) : $0.text, $0.gurmukhi) }
  }
}
