import TimelineCore

/// The large family (`--family large`, WidgetKit's `.systemLarge`): the whole current entry
/// as lines of styled runs, for conky, plain text and `timeline show`. A shabad is every
/// verse with its transliteration and translation under a header with its source; where
/// entries are days of one forecast (kind `avalanche`), every later day follows the current
/// one, each with its main text, so the large avalanche widget is the three days Varsom
/// publishes. Other kinds show later entries only with `all` (they are different content).
/// The lines are the entries' own text: each bar cleans and escapes them as it does a line.
public enum LargeText {
  /// Kinds whose entries are consecutive days of one forecast.
  static let dayKinds = ["avalanche"]

  /// The grey of the rule between entries and of a link.
  static let ruleColor = LargeForm.ruleColor

  /// Whether the large form of a `kind` widget shows the entries after the current one.
  public static func showsFollowing(kind: String) -> Bool { dayKinds.contains(kind) }

  /// The entry at `index` and those that follow it as described above, with a rule line
  /// between entries.
  public static func lines(_ timeline: Timeline, from index: Int, all: Bool) -> [[TextRun]] {
    var entries = [timeline.entries[index]]
    if all || showsFollowing(kind: timeline.kind) {
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
    guard let first = entries.first else { return [] }
    var out = lines(of: first, detail: first.detail)
    for entry in entries.dropFirst() {
      out += rule
      out += lines(of: entry, detail: entry.detail)
    }
    return out
  }

  /// The rule between two entries, with an empty line each side.
  static var rule: [[TextRun]] { LargeForm.rule }

  /// One entry: its detail (else its text and tooltip), then its link unless the detail
  /// already names it (the avalanche detail ends with "Full warning: <link>").
  static func lines(of entry: Entry, detail: [[TextRun]]) -> [[TextRun]] {
    var lines = detail
    if lines.isEmpty {
      lines =
        [LargeForm.text(entry.runs, level: entry.level)] + (entry.tooltip.isEmpty ? [] : [[]])
        + entry.tooltip.map { [TextRun($0)] }
    }
    if let url = entry.url, !names(lines, url) {
      lines += [[], [TextRun(url, color: LargeForm.linkColor)]]
    }
    return lines
  }

  /// Whether a line of `lines` has `url` in its text (its runs joined), compared as UTF-8
  /// bytes in place: `String.contains` compares Characters and cost the large avalanche
  /// widget four times its whole read, and joining each line into a String cost a long
  /// shabad a tenth of its emit; one byte buffer serves every line of several runs.
  static func names(_ lines: [[TextRun]], _ url: String) -> Bool {
    var url = url
    var joined: [UInt8] = []
    return url.withUTF8 { needle in
      for line in lines {
        if line.count == 1 {
          var text = line[0].text
          if text.withUTF8({ find(needle, in: $0) }) { return true }
          continue
        }
        joined.removeAll(keepingCapacity: true)
        for run in line { joined.append(contentsOf: run.text.utf8) }
        if joined.withUnsafeBufferPointer({ find(needle, in: $0) }) { return true }
      }
      return false
    }
  }

  /// Whether `text` has `pattern` in it, compared as UTF-8 bytes.
  static func contains(_ text: String, _ pattern: String) -> Bool {
    var text = text
    var pattern = pattern
    return text.withUTF8 { haystack in pattern.withUTF8 { find($0, in: haystack) } }
  }

  /// Words without the needle's first byte are skipped whole: most lines do not name it.
  static func find(_ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = needle.first, needle.count <= haystack.count, let base = haystack.baseAddress else {
      return needle.isEmpty
    }
    var index = 0
    while index + needle.count <= haystack.count {
      if index + 8 <= haystack.count && !ByteScan.hasByte(ByteScan.word(base, at: index), equalTo: first) {
        index += 8
        continue
      }
      if haystack[index] == first
        && UnsafeBufferPointer(rebasing: haystack[index..<index + needle.count]).elementsEqual(needle)
      {
        return true
      }
      index += 1
    }
    return false
  }
}
