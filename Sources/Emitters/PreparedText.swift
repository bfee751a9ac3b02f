import TimelineCore

/// The text pipeline every emitter runs before adding its own markup: sanitise, truncate
/// (in logical order, so clusters are judged as Unicode defines them), then reorder for
/// bars that do not shape Gurmukhi. Empty runs are dropped so no bar gets an empty tag.
struct PreparedText {
  var runs: [TextRun]
  var truncated: Bool

  init(_ state: RenderInput, options: RenderOptions, defaultOrder: GurmukhiOrder) {
    var runs: [TextRun] = []
    for var run in state.entry.runs {
      run.text = Sanitise.text(run.text)
      if !run.text.isEmpty { runs.append(run) }
    }
    runs = Caps.limit(runs)
    truncated = false
    if let maxWidth = options.maxWidth {
      (runs, truncated) = Truncation.truncate(runs, maxWidth: maxWidth)
    }
    if (options.gurmukhi ?? defaultOrder) == .visual {
      for index in runs.indices { runs[index].text = Gurmukhi.visualOrder(runs[index].text) }
    }
    self.runs = runs
  }

  /// The text without style.
  var plain: String { runs.plainText }
}

extension RenderInput {
  /// Tooltip lines, sanitised: the entry's lines (or, when the bar text was cut, the full
  /// text), then a note when the timeline is stale. Why a refresh failed is not shown:
  /// it lives in the state file, which emitters never read (`timeline status` shows it).
  func tooltipLines(truncated: Bool) -> [String] {
    var lines = Caps.limit(tooltip: entry.tooltip).map(Sanitise.text)
    if lines.isEmpty && truncated { lines += Caps.limit(tooltip: [Sanitise.text(entry.text)]) }
    if isStale { lines.append("Out of date: the last refresh is overdue") }
    return lines
  }

  /// The colour a block-level bar (i3bar) gives the whole text: grey when stale, else the
  /// first coloured run, else the level's colour.
  func blockColor(_ runs: [TextRun]) -> String? {
    if isStale { return staleColor }
    if let color = runs.first(where: { $0.color != nil })?.color { return color }
    return entry.level.map { levelColors[Swift.min(5, Swift.max(0, $0))] }
  }
}

/// Level colours 0…5, after the European avalanche danger scale (0 = no rating).
let levelColors = ["#aaaaaa", "#ccff66", "#ffff00", "#ff9900", "#ff0000", "#c00000"]
