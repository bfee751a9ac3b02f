import TimelineCore

/// Cutting styled text to a number of display columns, before any markup is added, so a
/// cut can never land inside a tag, an entity or an escape. Units and widths:
/// docs/emitters.md, "`--max-width N`" (a Gurmukhi virama joins the next consonant, which
/// Unicode's GB9c does not cover).
enum Truncation {
  static let ellipsis = "…"

  private struct Unit {
    var run: Int
    var range: Range<String.Index>
    var width: Int
    var isSpace: Bool
  }

  /// The runs cut to `maxWidth` columns including a trailing `…`, preferring the end of a
  /// word when that keeps at least half the room; `truncated` says whether anything was cut.
  static func truncate(_ runs: [TextRun], maxWidth: Int) -> (runs: [TextRun], truncated: Bool) {
    let limit = Swift.max(1, maxWidth)
    // Every scalar is at most 2 columns and at least 1 UTF-8 byte: short text fits as is.
    if 2 * runs.reduce(0, { $0 + $1.text.utf8.count }) <= limit { return (runs, false) }
    var units: [Unit] = []
    var total = 0
    for (index, run) in runs.enumerated() {
      for range in clusters(run.text) {
        let width = self.width(run.text[range])
        total += width
        units.append(
          Unit(run: index, range: range, width: width, isSpace: run.text[range].first?.isWhitespace ?? false))
      }
    }
    if total <= limit { return (runs, false) }

    let budget = limit - 1
    var used = 0
    var cut = 0
    var wordCut = 0
    var wordCutWidth = 0
    for (index, unit) in units.enumerated() {
      if used + unit.width > budget { break }
      if unit.isSpace && index > 0 && !units[index - 1].isSpace {
        wordCut = index
        wordCutWidth = used
      }
      used += unit.width
      cut = index + 1
    }
    let atBoundary = cut < units.count && units[cut].isSpace
    if !atBoundary && wordCut > 0 && 2 * wordCutWidth >= budget { cut = wordCut }
    while cut > 0 && units[cut - 1].isSpace { cut -= 1 }

    var out: [TextRun] = []
    var position = 0
    for (index, run) in runs.enumerated() {
      guard position < cut, units[position].run == index else { continue }
      let first = units[position].range.lowerBound
      while position < cut && units[position].run == index { position += 1 }
      let text = String(run.text[first..<units[position - 1].range.upperBound])
      out.append(TextRun(text, color: run.color, bold: run.bold))
    }
    if out.isEmpty {
      out.append(TextRun(ellipsis, color: runs.first?.color, bold: runs.first?.bold ?? false))
    } else {
      out[out.count - 1].text += ellipsis
    }
    return (out, true)
  }

  static func displayWidth(_ text: String) -> Int {
    clusters(text).reduce(0) { $0 + width(text[$1]) }
  }

  /// Grapheme clusters, with a Gurmukhi virama joined to the consonant that follows it.
  static func clusters(_ text: String) -> [Range<String.Index>] {
    var out: [Range<String.Index>] = []
    var index = text.startIndex
    while index < text.endIndex {
      let next = text.index(after: index)
      if let last = out.last, text[last].unicodeScalars.last == Gurmukhi.virama,
        let first = text[index].unicodeScalars.first, Gurmukhi.isConsonant(first)
      {
        out[out.count - 1] = last.lowerBound..<next
      } else {
        out.append(index..<next)
      }
      index = next
    }
    return out
  }

  /// The columns one cluster takes.
  static func width(_ cluster: Substring) -> Int {
    var width = 0
    var emoji = false
    for scalar in cluster.unicodeScalars {
      if isWide(scalar) { return 2 }
      // A text-default emoji followed by VS16 (U+FE0F) is drawn as a wide emoji.
      if scalar.value == 0xFE0F && emoji { return 2 }
      emoji = emoji || scalar.properties.isEmoji && scalar.value > 0xFF
      width += scalarWidth(scalar)
    }
    return width
  }

  static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
    if scalar.value < 0x300 { return scalar.value < 0x20 ? 0 : 1 }
    if (0x1160...0x11FF).contains(scalar.value) { return 0 }  // Hangul medial vowels, finals
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: return isWide(scalar) ? 2 : 1
    }
  }

  /// East Asian Wide/Fullwidth and default-emoji-presentation characters.
  static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x1100 { return false }
    if scalar.properties.isEmojiPresentation { return true }
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return true
    default: return false
    }
  }
}
