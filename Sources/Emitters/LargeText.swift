import TimelineCore

/// The large family (`--family large`): the whole current entry as lines of styled runs, for
/// conky, plain text and `timeline show` (docs/emitters.md, "`--family small|large`"). Later
/// entries follow only for `Timeline.days` or `all`. Each bar cleans and escapes the lines.
public enum LargeText {
  static let ruleColor = Palette.dim
  static let linkColor = "#7aa2f7"
  /// The rule's text: 40 box-drawing lines.
  static let ruleText = "────────────────────────────────────────"

  /// The entry at `index` and those that follow it as described above, a rule between entries.
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

  /// The lines of entries already chosen (`CacheReader.large`), each with its own detail.
  public static func lines(shown entries: [Entry]) -> [[TextRun]] {
    var out: [[TextRun]] = []
    for index in entries.indices {
      let entry = entries[index]
      // The first entry's lines become the result rather than being copied into it: one
      // entry with a long detail is the common large form.
      if index == 0 {
        out = lines(of: entry, detail: entry.detail)
      } else {
        out += rule
        out += lines(of: entry, detail: entry.detail)
      }
    }
    return out
  }

  static var rule: [[TextRun]] { [[], [TextRun(ruleText, color: ruleColor)], []] }

  /// An entry's text in its level's colour when it has a level and no coloured run, as the
  /// single-line bars draw it.
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

  /// Whether one of the last lines of `lines` has `url` in its text: a detail names its link
  /// at its end, and looking there alone keeps a long shabad's lines out of the search.
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

  static let linksNamedWithin = 4
}
