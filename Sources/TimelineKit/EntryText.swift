import EmitRuntime
import Emitters
import TimelineCache
import TimelineCore

/// What `timeline show` prints: the large family (`LargeText`, the lines of `timeline-emit
/// --family large`) in the terminal; later entries of most kinds only with `all`.
public enum EntryText {
  /// `color`: 24-bit ANSI colours.
  public static func show(_ timeline: Timeline, from index: Int, all: Bool, color: Bool) -> String {
    LargeText.lines(timeline, from: index, all: all).map { Terminal.line($0, color: color) }.joined(separator: "\n")
  }

  /// For a stack, the ranking its large form ends with (`EmitPipeline.stackRanking`); nil
  /// for any other widget.
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

  /// Cache text is data from the network or a script: a stray ESC could rewrite the terminal.
  public static func clean(_ text: String) -> String { CleanText.terminalLine(text) }
}
