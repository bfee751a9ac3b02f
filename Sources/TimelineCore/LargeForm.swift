/// What the large family adds to an entry's own lines, shared by the String renderer
/// (`LargeText`) and the one that writes from a file's bytes (`LargeWriter`).
public enum LargeForm {
  /// The grey of the rule between entries.
  public static let ruleColor = Palette.dim
  /// The colour of an entry's link line.
  public static let linkColor = "#7aa2f7"
  /// The rule's text: 40 box-drawing lines.
  public static let ruleText: StaticString = "────────────────────────────────────────"
  /// The rule between two entries, with an empty line each side.
  public static var rule: [[TextRun]] { [[], [TextRun(ruleText.description, color: ruleColor)], []] }

  /// An entry's text as the large family shows it: in its level's colour when it has a
  /// level and no run has a colour of its own (a command's `level`), as the single-line
  /// bars draw it (`Palette.level`).
  public static func text(_ runs: [TextRun], level: Int?) -> [TextRun] {
    guard let level, !runs.contains(where: { $0.color != nil }) else { return runs }
    let color = Palette.level(level)
    return runs.map { run in
      var run = run
      run.color = color
      return run
    }
  }
}
