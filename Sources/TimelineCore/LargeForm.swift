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
}
