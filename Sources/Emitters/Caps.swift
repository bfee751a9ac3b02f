import TimelineCore

/// Limits on what reaches a bar, far above anything a bar can show, applied after
/// sanitising and before every later step (docs/emitters.md, "What every format shares").
enum Caps {
  /// Styled runs in the bar text; later runs are dropped.
  static let runs = 256
  /// UTF-8 bytes of the bar text, all runs together; the text is cut at a scalar.
  static let textBytes = 4096
  /// Tooltip lines, and UTF-8 bytes of each line.
  static let tooltipLines = 200
  static let tooltipLineBytes = 16_384
  /// UTF-8 bytes of the state key (`alt`).
  static let altBytes = 256
  /// Bytes of one class name (waybar's `class`); the rest of a longer name is dropped.
  static let classBytes = 64

  /// `runs` within `runs` and `textBytes`.
  static func limit(_ runs: [TextRun]) -> [TextRun] {
    // Within the caps (every real entry) the array is returned as it is, not rebuilt.
    if runs.count <= Self.runs {
      var total = 0
      var empty = false
      for run in runs {
        total += run.text.utf8.count
        empty = empty || run.text.isEmpty
      }
      if total <= textBytes && !empty { return runs }
    }
    var out: [TextRun] = []
    var left = textBytes
    for var run in runs.prefix(Self.runs) {
      guard left > 0 else { break }
      let bytes = run.text.utf8.count
      if bytes > left { run.text = prefix(run.text, bytes: left) }
      left -= Swift.min(bytes, left)
      if !run.text.isEmpty { out.append(run) }
    }
    return out
  }

  /// Tooltip `lines` within `tooltipLines` and `tooltipLineBytes`.
  static func limit(tooltip lines: [String]) -> [String] {
    if lines.count <= tooltipLines && !lines.contains(where: { $0.utf8.count > tooltipLineBytes }) { return lines }
    return lines.prefix(tooltipLines).map {
      $0.utf8.count > tooltipLineBytes ? prefix($0, bytes: tooltipLineBytes) : $0
    }
  }

  /// The longest prefix of whole scalars within `bytes` UTF-8 bytes.
  static func prefix(_ text: String, bytes: Int) -> String {
    // Within the cap (every real `alt`) the text is returned as it is, not rebuilt.
    if text.utf8.count <= bytes { return text }
    var view = String.UnicodeScalarView()
    var used = 0
    for scalar in text.unicodeScalars {
      let size = UTF8.width(scalar)
      if used + size > bytes { break }
      used += size
      view.append(scalar)
    }
    return String(view)
  }
}
