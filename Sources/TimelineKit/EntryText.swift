import Emitters
import TimelineCore

/// What `timeline show` prints: the whole current entry in the terminal, e.g. every verse
/// of a shabad with its visraam colours, transliteration and translation. Generic over
/// `Entry.detail`, so every kind that fills it works; others show text and tooltip.
/// Where entries are days (kind `avalanche`), every later day follows the current one;
/// for other kinds later entries are different content (random-shabad's next shabads),
/// so they are printed only with `all`.
public enum EntryText {
  /// Kinds whose entries are consecutive days of one forecast.
  static let dayKinds: Set<String> = ["avalanche"]

  /// The entry at `index` of `timeline` and the ones that follow it as described above,
  /// separated by a rule; `color`: 24-bit ANSI colours.
  public static func show(_ timeline: Timeline, from index: Int, all: Bool, color: Bool) -> String {
    var entries = [timeline.entries[index]]
    if all || dayKinds.contains(timeline.kind) {
      entries += timeline.entries[(index + 1)...].filter { entry in timeline.end.map { entry.date < $0 } ?? true }
    }
    for index in entries.indices { entries[index].detail = timeline.detail(of: entries[index]) }
    let rule = Terminal.line([TextRun(String(repeating: "─", count: 40), color: "#9aa5b1")], color: color)
    return entries.map { render($0, color: color) }.joined(separator: "\n\n" + rule + "\n\n")
  }

  /// One entry: its detail (else text and tooltip), then its link unless the detail
  /// already names it (the avalanche detail ends with "Full warning: <link>").
  static func render(_ entry: Entry, color: Bool) -> String {
    var lines = entry.detail
    if lines.isEmpty {
      lines = [entry.runs] + (entry.tooltip.isEmpty ? [] : [[]]) + entry.tooltip.map { [TextRun($0)] }
    }
    var out = lines.map { Terminal.line($0, color: color) }.joined(separator: "\n")
    if let url = entry.url, !lines.contains(where: { $0.plainText.contains(url) }) {
      out += "\n\n" + Terminal.line([TextRun(url, color: "#7aa2f7")], color: color)
    }
    return out
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
  public static func clean(_ text: String) -> String { Sanitise.text(text) }
}
