import Foundation
import TimelineCore

/// The bundled samples behind `snapshot()`: real replies, with every date moved so that
/// the sample reads as today's warning.
enum AvalancheSamples {
  static func load(_ name: String) -> String? {
    guard let data = SampleFiles.data("avalanche/\(name).json") else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  static func draft(
    country: AvalancheCountry, language: AvalancheLanguage, ids: [Int], builder: AvalancheEntryBuilder, now: Int64
  ) -> TimelineDraft? {
    switch country {
    case .norway:
      let nb = language == .nb
      guard let text = load(nb ? "varsom-nb" : "varsom-en") else { return nil }
      let source = VarsomSource(base: "", regions: [nb ? 3011 : 3022], language: language)
      let today = source.zone.day(at: now)
      let shifted = shiftDates(text, from: LocalDay(year: nb ? 2026 : 2023, month: 3, day: 1), to: today)
      guard let warnings = try? JSONDecoder().decode([VarsomWarning].self, from: Data(shifted.utf8)) else { return nil }
      let days = source.days(from: warnings, region: source.regions[0], today: today)
      return days.isEmpty ? nil : source.draft([days], builder: builder, now: now)
    case .sweden:
      guard let text = load("lavinprognoser-sv") else { return nil }
      var source = LavinprognoserSource(base: "", areas: ids, language: language)
      let today = source.zone.day(at: now)
      // The sample forecast ends at 18:00; after that it must be tomorrow's.
      let target = now < source.zone.epoch(today, hour: 18) ? today : today.adding(days: 1)
      let shifted = shiftDates(text, from: LocalDay(year: 2021, month: 3, day: 1), to: target)
      guard let collection = try? JSONDecoder().decode(WFSForecastCollection.self, from: Data(shifted.utf8)) else {
        return nil
      }
      let all = (collection.features ?? []).compactMap(\.properties)
      var chosen = ids.compactMap { id in all.first { $0.areaId == id } }
      if chosen.isEmpty, let first = all.first { chosen = [first] }
      source.areas = chosen.compactMap(\.areaId)
      return try? source.draft(chosen, builder: builder, now: now)
    }
  }

  /// Moves every `yyyy-MM-dd` in `text` by the days between `from` and `to`.
  static func shiftDates(_ text: String, from: LocalDay, to: LocalDay) -> String {
    let offset = to.ordinal - from.ordinal
    guard offset != 0, let regex = try? NSRegularExpression(pattern: "(?<![0-9])[0-9]{4}-[0-9]{2}-[0-9]{2}(?![0-9])")
    else { return text }
    let source = text as NSString
    var out = ""
    var last = 0
    for match in regex.matches(in: text, range: NSRange(location: 0, length: source.length)) {
      out += source.substring(with: NSRange(location: last, length: match.range.location - last))
      let found = source.substring(with: match.range)
      out += LocalDay(found).map { $0.adding(days: offset).description } ?? found
      last = match.range.location + match.range.length
    }
    return out + source.substring(from: last)
  }
}
