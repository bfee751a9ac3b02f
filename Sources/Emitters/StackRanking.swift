import TimelineCore

/// The ranking under a stack's large form (docs/emitters.md, "`--family small|large`"). The
/// lines are entries' text: each renderer cleans and escapes them as any large line.
public enum StackRanking {
  /// One member of the stack as the ranking shows it.
  public struct Row: Sendable {
    var name: String
    /// Its entry now; nil for a member with nothing to show (see `missing`).
    var entry: Entry?
    /// Its relevance score now (halved when stale), as the stack ranks it.
    public var score: Int = 0
    /// Its widget's `line` option.
    public var line: LineForm?
    /// Whether its timeline is stale.
    public var stale = false
    /// Whether it is the member the stack shows.
    public var shown = false
    /// Whether `min_display` holds it there.
    public var held = false
    /// Why a member without an entry is not ranked ("placeholder: no entry is current").
    public var missing: String?

    /// Creates a row for `name` with `entry`; the caller fills in the rest.
    public init(name: String, entry: Entry?) {
      self.name = name
      self.entry = entry
    }
  }

  /// A rule, the heading, then one line per row. `shapes`: whether the format shapes
  /// Gurmukhi (if not, a Gurbani row shows its transliteration, else its translation).
  public static func lines(
    stack: String, rows: [Row], browsing: String?, shapes: Bool, words: Words = .english
  ) -> [[TextRun]] {
    var out = LargeText.rule
    out += [[TextRun(words(.stackHeading, stack), color: Palette.dim, bold: true)]]
    if let browsing { out.append([TextRun(words(.stackBrowsing, browsing), color: Palette.dim)]) }
    var rank = 0
    for row in rows {
      guard let entry = row.entry else {
        out.append([TextRun("–  \(row.name) · \(row.missing ?? words(.nothingToShow))", color: Palette.dim)])
        continue
      }
      rank += 1
      var why = words(.relevance, DecimalText.string(row.score))
      if row.stale { why += words(.staleHalved) }
      if row.shown { why += row.held ? words(.shownHeld) : words(.shown) }
      let mark = row.shown ? "▶" : " "
      var line = [
        TextRun(mark + " " + DecimalText.string(rank) + ". " + row.name + " · " + why + " · ", color: Palette.dim)
      ]
      line += runs(entry, form: row.line, shapes: shapes).map { run in
        var run = run
        if row.stale { run.color = Palette.dim }
        return run
      }
      out.append(line)
    }
    return out
  }

  /// The entry's line in its widget's form, with bold dropped (a row is one line of many).
  static func runs(_ entry: Entry, form: LineForm?, shapes: Bool) -> [TextRun] {
    var state = RenderInput(widget: nil, kind: nil, entry: entry)
    state.line = form
    let traits = BarTraits(shapesComplexScripts: shapes, markup: .none)
    // Other Gurmukhi in the row is drawn by the renderer as in any large line.
    return LineChoice(state, options: RenderOptions(), traits: traits).runs.map { TextRun($0.text, color: $0.color) }
  }
}
