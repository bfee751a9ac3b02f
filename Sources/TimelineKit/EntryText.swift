import EmitRuntime
import Emitters
import TimelineCache
import TimelineCore

/// What `timeline show` prints: the large family (`LargeText`, the same lines `timeline-emit
/// --family large` prints for conky and plain) in the terminal, e.g. every verse of a shabad
/// with its visraam colours, transliteration and translation; every later day of an
/// avalanche forecast; later entries of other kinds only with `all`.
public enum EntryText {
  /// The entry at `index` of `timeline` and the ones that follow it, separated by a rule;
  /// `color`: 24-bit ANSI colours.
  public static func show(_ timeline: Timeline, from index: Int, all: Bool, color: Bool) -> String {
    LargeText.lines(timeline, from: index, all: all).map { Terminal.line($0, color: color) }.joined(separator: "\n")
  }

  /// For a stack, the ranking its large form ends with (`EmitPipeline.stackRanking`: every
  /// member's score, line and why, in the bars' order at `now`), printed after the shown
  /// member's entry; nil for any other widget.
  public static func stackRanking(
    widget: WidgetName, store: CacheStore, now: Int64, browse: BrowseStore?, color: Bool
  ) -> String? {
    EmitPipeline.stackRanking(widget: widget, directory: store.directory, now: now, browse: browse).map { lines in
      lines.map { Terminal.line($0, color: color) }.joined(separator: "\n")
    }
  }
}

/// Styled runs as terminal text.
public enum Terminal {
  static func line(_ runs: [TextRun], color: Bool) -> String {
    runs.map { run in
      let text = clean(run.text)
      guard color, run.color != nil || run.bold else { return text }
      var codes: [String] = []
      if run.bold { codes.append("1") }
      if let rgb = run.color.flatMap(Self.rgb) { codes.append("38;2;\(rgb.0);\(rgb.1);\(rgb.2)") }
      return "\u{1B}[" + codes.joined(separator: ";") + "m" + text + "\u{1B}[0m"
    }.joined()
  }

  static func rgb(_ hex: String) -> (Int, Int, Int)? {
    guard let value = TextRun.rgb(hex).map(Int.init) else { return nil }
    return (value >> 16 & 0xff, value >> 8 & 0xff, value & 0xff)
  }

  /// Cache text is data from the network or a script: a stray ESC could rewrite the
  /// terminal, so it gets the emitters' clean-up (controls dropped, line breaks spaced).
  public static func clean(_ text: String) -> String { CleanText.terminalLine(text) }
}
