/// The package's colours: the one table every bar, `timeline show` and the providers use.
public enum Palette {
  /// The grey of stale and placeholder text in bars without CSS classes and of secondary
  /// lines in `show`; the grey of integrations/waybar/style.css's placeholder rule.
  public static let dim = "#9aa5b1"

  /// A danger scale's colours for levels 0…5 (0 = not assessed).
  public enum Scale: String, Sendable, CaseIterable {
    /// The Varsom/iVarsom scale, as on varsom.no: level 5 is black (a bar draws it as a
    /// badge, see the emitters' `Contrast`).
    case varsom
    /// The European (EAWS) scale; also what a bar gives an entry with a level and no colour
    /// of its own. Level 5 is dark red, drawn as a badge.
    case eaws

    /// Level 0 is grey on both scales, so "not assessed" never reads as "low".
    var colors: [String] {
      switch self {
      case .varsom: ["#969696", "#50d890", "#f9c71c", "#f88c2e", "#ed462f", "#000000"]
      case .eaws: ["#aaaaaa", "#ccff66", "#ffff00", "#ff9900", "#ff0000", "#800000"]
      }
    }

    /// The colour of `level`, clamped to 0…5.
    public func color(_ level: Int) -> String { colors[Swift.min(5, Swift.max(0, level))] }
  }

  /// The colour every bar gives an entry that has a level but no colour of its own (a
  /// command's `level`): the EAWS scale's, clamped to 0…5.
  public static func level(_ level: Int) -> String { Scale.eaws.color(level) }
}
