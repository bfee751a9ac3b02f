import TimelineCore

/// The text pipeline every emitter runs before adding its own markup, in the order
/// docs/emitters.md gives ("What every format shares"): `LineChoice`, sanitise, caps,
/// truncate, then Gurmukhi for bars that do not shape it (`UnshapedText`, visual order) and
/// signs as words (`Pictographs`). Empty runs are dropped so no bar gets an empty tag; a
/// placeholder's runs lose colour and weight (every bar has one placeholder style).
struct PreparedText {
  var runs: [TextRun]
  var truncated: Bool
  var short: String?
  /// The font index of the runs in the ASCII GurbaniAkhar form, if any.
  var asciiFont: Int?
  /// Which runs are in that font.
  var inFont: [Bool]
  /// A browsed view's Latin label, written before the font block.
  var prefix: String?

  /// The text as `format`'s traits ask; a bar without a tooltip gets the browse label first.
  init(_ state: RenderInput, options: RenderOptions, format: OutputFormat) {
    let traits = format.traits
    let defaultOrder: GurmukhiOrder = traits.shapesComplexScripts ? .logical : .visual
    let choice = LineChoice(state, options: options, traits: traits)
    asciiFont = choice.asciiFont
    short = choice.short.map {
      CleanText.barLine($0.utf8.count > Caps.textBytes ? Caps.prefix($0, bytes: Caps.textBytes) : $0)
    }
    var runs: [TextRun] = []
    if !traits.tooltip, let label = state.browsing.map(CleanText.barLine), !label.isEmpty {
      if choice.asciiFont == nil { runs.append(TextRun(label + " ▸ ")) } else { prefix = label + " ▸ " }
    }
    // A level without a colour of its own colours the runs; the browse label keeps the bar's.
    var levelColor: String?
    if traits.level == .runs, !state.isDimmed, let level = state.entry.level,
      !choice.runs.contains(where: { $0.color != nil })
    {
      levelColor = Palette.level(level)
    }
    for var run in choice.runs {
      run.text = CleanText.barLine(run.text)
      if let levelColor { run.color = levelColor }
      if state.isPlaceholder {
        run.color = nil
        run.bold = false
      }
      if !run.text.isEmpty { runs.append(run) }
    }
    runs = Caps.limit(runs)
    truncated = false
    if let maxWidth = options.maxWidth {
      (runs, truncated) = Truncation.truncate(runs, maxWidth: maxWidth)
    }
    inFont = Array(repeating: asciiFont != nil, count: runs.count)
    if asciiFont == nil && !traits.shapesComplexScripts && options.gurmukhi == nil {
      // Gurmukhi from anywhere else, after truncation (which counts the Unicode text).
      let font = LineChoice.drawsASCII(traits) ? options.gurmukhiFont ?? state.polybarFont : nil
      if runs.contains(where: { GurmukhiSpans.contains($0.text) }) {
        (runs, inFont) = UnshapedText.convert(runs, font: font != nil)
        if inFont.contains(true) { asciiFont = font }
      }
    } else if (options.gurmukhi ?? defaultOrder) == .visual && asciiFont == nil {
      // Unicode kept by an explicit `--gurmukhi`, or for a bar that shapes: as asked.
      for index in runs.indices { runs[index].text = Gurmukhi.visualOrder(runs[index].text) }
      short = short.map(Gurmukhi.visualOrder)
    }
    if !traits.drawsEmoji {
      for index in runs.indices where !inFont[index] {
        runs[index].text = Pictographs.words(in: runs[index].text, words: state.words)
      }
    }
    self.runs = runs
  }
}

extension RenderInput {
  /// Tooltip lines, sanitised: the entry's lines (or, when the bar text was cut, the full
  /// text), a stale note, then the pipeline's notes.
  func tooltipLines(truncated: Bool) -> [String] {
    var lines: [String] = []
    lines.reserveCapacity(entry.tooltip.count + notes.count + 2)
    if let browsing { lines.append("▸ " + CleanText.tooltip(browsing) + " " + words(.browsingNote)) }
    for line in Caps.limit(tooltip: entry.tooltip) { lines.append(CleanText.tooltip(line)) }
    if entry.tooltip.isEmpty && truncated { lines += Caps.limit(tooltip: [CleanText.tooltip(entry.text)]) }
    if isStale { lines.append(words(.outOfDate)) }
    lines += notes.map(CleanText.tooltip)
    return lines
  }

  var isDimmed: Bool { isStale || isPlaceholder }

  /// The colours a block-level bar (i3bar) gives the whole text: grey when dimmed, else the
  /// level's colour when no run has its own, a badge's ground when too dark for text.
  func blockColors(_ runs: [TextRun]) -> (text: String, ground: String?)? {
    if isDimmed { return (Palette.dim, nil) }
    if runs.contains(where: { $0.color != nil }) { return nil }
    guard let color = entry.level.map(Palette.level) else { return nil }
    return Contrast.needsBadge(color) ? (Contrast.text(on: color), color) : (color, nil)
  }
}
