import FoundationEssentials
import TimelineCore

/// One region's danger for one period, whichever country it came from.
struct DangerDay: Sendable {
  var regionId: String
  var regionName: String
  var day: LocalDay
  var level: Int
  /// The main message, for the tooltip and `show`.
  var summary: [String] = []
  /// The longer danger assessment, for `show` only.
  var assessment: [String] = []
  var emergency: String?
  var problems: [ProblemLine] = []
  var advice: [String] = []
  var tendency = false
  var url: String?
  /// An extra tooltip line (a validity window, the season note).
  var note: String?
  /// When it was published, already formatted ("published …").
  var published: String?
  var key: String
}

/// An avalanche problem: one tooltip line plus an optional explanation for `show`.
struct ProblemLine: Sendable {
  var line: String
  var extra: String?
}

/// Turns the days of one period (one per region) into an entry, the same whichever
/// service a widget uses.
struct AvalancheEntryBuilder: Sendable {
  var palette: AvalanchePalette
  var attribution: String
  var sample = false

  /// An entry wherever any region's period starts, each naming every region's period
  /// current then.
  func entries(_ perRegion: [[EAWSDays.Period]]) -> [Entry] {
    Set(perRegion.flatMap { $0.map(\.date) }).sorted().map { date in
      entry(date: date, days: perRegion.compactMap { $0.last { $0.date <= date }?.day })
    }
  }

  func entry(date: Int64, days: [DangerDay]) -> Entry {
    let top = days.map(\.level).max() ?? 0
    var runs: [TextRun] = []
    for (index, day) in days.enumerated() {
      if index > 0 { runs.append(TextRun(" · ")) }
      runs.append(
        TextRun("\(day.regionName) \(symbol(day.level))", color: palette.color(day.level), bold: day.level >= 4))
    }
    let first = days.first
    var tooltip: [String] = []
    if let first { tooltip.append(AvalancheWords.dayLabel(first.day)) }
    if sample { tooltip.append(localized("Sample data, not a current warning")) }
    var detail: [[TextRun]] = []
    for day in days {
      tooltip += tooltipLines(day)
      detail += detailLines(day)
    }
    tooltip.append(attribution)
    detail.append([TextRun(attribution)])
    let emergency = days.contains { $0.emergency != nil }
    let tendency = days.contains { $0.tendency }
    var classes = ["avalanche", "level-\(top)"]
    if emergency { classes.append("emergency") }
    if tendency { classes.append("tendency") }
    return Entry(
      date: date, relevance: RelevanceTable.avalanche(level: top, emergency: emergency), runs: runs,
      short: days.map { symbol($0.level) }.joined(separator: " "),
      tooltip: tooltip, alt: "level-\(top)", classes: classes, level: top,
      url: first?.url, key: days.map(\.key).joined(separator: ","), detail: detail)
  }

  /// "?" for "not assessed", so it never reads as a low danger.
  func symbol(_ level: Int) -> String { level == 0 ? "?" : String(level) }

  private func heading(_ day: DangerDay) -> String {
    var text = "\(symbol(day.level)) \(AvalancheWords.levelName(day.level))"
    if day.tendency { text += " (" + localized("tendency") + ")" }
    return text
  }

  private func tooltipLines(_ day: DangerDay) -> [String] {
    var lines = ["\(day.regionName): \(heading(day))"]
    if let note = day.note { lines.append(note) }
    lines += day.summary
    if let emergency = day.emergency { lines.append(localized("Emergency warning: %s", emergency)) }
    lines += day.problems.map { "• \($0.line)" }
    return lines
  }

  private func detailLines(_ day: DangerDay) -> [[TextRun]] {
    var lines: [[TextRun]] = [
      [
        TextRun(heading(day), color: palette.color(day.level), bold: true),
        TextRun(" — \(day.regionName), \(AvalancheWords.dayLabel(day.day))"),
      ]
    ]
    if let emergency = day.emergency {
      lines.append([
        TextRun(localized("Emergency warning:") + " ", color: palette.color(4), bold: true), TextRun(emergency),
      ])
    }
    if let note = day.note { lines.append([TextRun(note)]) }
    lines += day.summary.map { [TextRun($0, bold: true)] }
    if !day.assessment.isEmpty {
      lines.append([TextRun(localized("Danger assessment:"), bold: true)])
      lines += day.assessment.map { [TextRun($0)] }
    }
    if !day.problems.isEmpty {
      lines.append([TextRun(localized("Avalanche problems:"), bold: true)])
      lines += day.problems.map { [TextRun("• \($0.line)")] + ($0.extra.map { [TextRun(" — \($0)")] } ?? []) }
    }
    if !day.advice.isEmpty {
      lines.append([TextRun(localized("Advice:"), bold: true)])
      lines += day.advice.map { [TextRun("• \($0)")] }
    }
    if let published = day.published { lines.append([TextRun(published)]) }
    if let url = day.url { lines.append([TextRun(localized("Full warning: %s", url))]) }
    return lines
  }
}

extension String {
  /// Paragraphs of a free-text field, trimmed, without empty ones.
  var paragraphs: [String] {
    components(separatedBy: "\n").map { $0.trimmed }
      .filter { !$0.isEmpty }
  }

  var trimmedOrNil: String? {
    let text = trimmed
    return text.isEmpty ? nil : text
  }
}
