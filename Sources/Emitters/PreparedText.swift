import TimelineCore

/// The text pipeline every emitter runs before adding its own markup: sanitise, truncate
/// (in logical order, so clusters are judged as Unicode defines them), then reorder for
/// bars that do not shape Gurmukhi: the Gurbani line's own forms (`LineChoice`), and any
/// other Gurmukhi in the ASCII GurbaniAkhar font or transliterated (`UnshapedText`); signs
/// the bar's fonts lack become words (`Pictographs`). Empty runs are dropped so no bar gets
/// an empty tag.
/// A placeholder's runs lose their colour and weight: every bar draws placeholders in its
/// one placeholder style (waybar: the `placeholder` CSS class), never in a provider's colour.
struct PreparedText {
  var runs: [TextRun]
  var truncated: Bool
  /// The chosen line's short form, sanitised, if it has one.
  var short: String?
  /// A font-switching bar: the font index of the runs in the ASCII GurbaniAkhar form.
  var asciiFont: Int?
  /// Which runs are in that font: all of a Gurbani line's ASCII form, or the Gurmukhi spans
  /// of other text; none without `asciiFont`.
  var inFont: [Bool]

  /// A browsed view's label for a bar whose text is in the ASCII GurbaniAkhar font: the
  /// label is Latin, so the bar writes it before the font block.
  var prefix: String?

  /// The text as `format`'s traits ask: Gurmukhi in visual order for a bar that does not
  /// shape it; a bar without a tooltip (and classes) to say which entry a browsed view
  /// shows gets the text started with it ("tomorrow ▸ ").
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
    // An entry with a level and no colour of its own (a command's `level`) is drawn in the
    // level's colour where the bar colours runs; the browse label keeps the bar's colour.
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
      // Unicode kept by an explicit `--gurmukhi`, or for a bar that shapes: as asked. The
      // ASCII form is in visual order already (and has no Gurmukhi code points).
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
  /// text), a note when the timeline is stale, then the pipeline's notes (what to do about
  /// a placeholder, the last refresh error).
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

  /// Whether the whole text is drawn dimmed (stale or placeholder) instead of in its colours.
  var isDimmed: Bool { isStale || isPlaceholder }

  /// The colours a block-level bar (i3bar) gives the whole text: grey when dimmed, else the
  /// level's colour when no run has its own (runs carry theirs as markup). A level colour
  /// too dark for text on a dark bar (EAWS level 5, #800000: 1.9:1 on i3bar's and swaybar's
  /// default black) becomes the block's ground under white or black text, the badge every
  /// run of such a colour gets (`Contrast`), so the level keeps its colour and reads on
  /// any bar.
  func blockColors(_ runs: [TextRun]) -> (text: String, ground: String?)? {
    if isDimmed { return (Palette.dim, nil) }
    if runs.contains(where: { $0.color != nil }) { return nil }
    guard let color = entry.level.map(Palette.level) else { return nil }
    return Contrast.needsBadge(color) ? (Contrast.text(on: color), color) : (color, nil)
  }
}
