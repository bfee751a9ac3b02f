import TimelineCore

/// The large family (`--family large`, WidgetKit's `.systemLarge`): the whole current entry
/// as lines of styled runs, for conky, plain text and `timeline show`. A shabad is every
/// verse with its transliteration and translation under a header with its source; where
/// entries are days of one forecast (`Timeline.days`, which the provider declares), every
/// later day follows the current one, each with its main text, so the large avalanche
/// widget is the three days Varsom publishes. Other timelines show later entries only with
/// `all` (they are different content).
/// The lines are the entries' own text: each bar cleans and escapes them as it does a line.
public enum LargeText {
  /// The grey of the rule between entries.
  static let ruleColor = Palette.dim
  /// The colour of an entry's link line.
  static let linkColor = "#7aa2f7"
  /// The rule's text: 40 box-drawing lines.
  static let ruleText = "────────────────────────────────────────"

  /// The entry at `index` and those that follow it as described above, with a rule line
  /// between entries.
  public static func lines(_ timeline: Timeline, from index: Int, all: Bool) -> [[TextRun]] {
    var entries = [timeline.entries[index]]
    if all || timeline.days {
      entries += timeline.entries[(index + 1)...].filter { entry in timeline.end.map { entry.date < $0 } ?? true }
    }
    var out: [[TextRun]] = []
    for position in entries.indices {
      if position > 0 { out += rule }
      out += lines(of: entries[position], detail: timeline.detail(of: entries[position]))
    }
    return out
  }

  /// The lines of entries already chosen as above, each with its own detail: what the
  /// large read of a cache file gives (`CacheReader.large`), without a whole `Timeline`.
  public static func lines(shown entries: [Entry]) -> [[TextRun]] {
    var out: [[TextRun]] = []
    for index in entries.indices {
      let entry = entries[index]
      if index == 0 {
        out = lines(of: entry, detail: entry.detail)
      } else {
        out += rule
        out += lines(of: entry, detail: entry.detail)
      }
    }
    return out
  }

  /// The rule between two entries, with an empty line each side.
  static var rule: [[TextRun]] { [[], [TextRun(ruleText, color: ruleColor)], []] }

  /// An entry's text as the large family shows it: in its level's colour when it has a
  /// level and no run has a colour of its own (a command's `level`), as the single-line
  /// bars draw it (`Palette.level`).
  static func text(_ runs: [TextRun], level: Int?) -> [TextRun] {
    guard let level, !runs.contains(where: { $0.color != nil }) else { return runs }
    let color = Palette.level(level)
    return runs.map { run in
      var run = run
      run.color = color
      return run
    }
  }

  /// One entry: its detail (else its text and tooltip), then its link unless the detail
  /// already names it (the avalanche detail ends with "Full warning: <link>").
  static func lines(of entry: Entry, detail: [[TextRun]]) -> [[TextRun]] {
    var lines = detail
    if lines.isEmpty {
      lines =
        [text(entry.runs, level: entry.level)] + (entry.tooltip.isEmpty ? [] : [[]])
        + entry.tooltip.map { [TextRun($0)] }
    }
    if let url = entry.url, !names(lines, url) {
      lines += [[], [TextRun(url, color: linkColor)]]
    }
    return lines
  }

  /// Whether one of the last lines of `lines` has `url` in its text (its runs joined): a
  /// detail that names its link does so at its end ("Full warning: <link>", then the
  /// service's credit), and looking there alone keeps a long shabad's hundreds of lines
  /// out of the search.
  static func names(_ lines: [[TextRun]], _ url: String) -> Bool {
    let needle = Array(url.utf8)
    guard let first = needle.first else { return true }
    return lines.suffix(linksNamedWithin).contains { line in
      let text = Array(line.plainText.utf8)
      guard text.count >= needle.count else { return false }
      return (0...(text.count - needle.count)).contains { start in
        text[start] == first && text[start..<start + needle.count].elementsEqual(needle)
      }
    }
  }

  /// How many of a detail's last lines are looked at for its link.
  static let linksNamedWithin = 4
}
