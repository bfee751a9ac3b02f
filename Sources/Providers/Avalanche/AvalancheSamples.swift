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
      let source = VarsomSource(base: Service.varsom.defaultURL, regions: [nb ? 3011 : 3022], language: language)
      let today = source.zone.day(at: now)
      let shifted = shiftDates(text, from: LocalDay(year: nb ? 2026 : 2023, month: 3, day: 1), to: today)
      guard let warnings = [VarsomWarning].decoded(shifted.utf8, keys: .pascal) else { return nil }
      let days = source.days(from: warnings, region: source.regions[0], today: today)
      return days.isEmpty ? nil : source.draft([days], builder: builder, now: now)
    case .sweden:
      guard let text = load("lavinprognoser-sv") else { return nil }
      var source = LavinprognoserSource(base: Service.lavinprognoser.defaultURL, areas: ids, language: language)
      let today = source.zone.day(at: now)
      // The sample forecast ends at 18:00; after that it must be tomorrow's.
      let target = now < source.zone.epoch(today, hour: 18) ? today : today.adding(days: 1)
      let shifted = shiftDates(text, from: LocalDay(year: 2021, month: 3, day: 1), to: target)
      guard let collection = WFSForecastCollection.decoded(shifted.utf8, keys: .snake) else { return nil }
      let all = (collection.features ?? []).compactMap(\.properties)
      var chosen = ids.compactMap { id in all.first { $0.areaId == id } }
      if chosen.isEmpty, let first = all.first { chosen = [first] }
      source.areas = chosen.compactMap(\.areaId)
      return try? source.draft(chosen, builder: builder, now: now)
    default:
      // No sample bulletin ships for the Alps or the US: the preview shows the placeholder.
      return nil
    }
  }

  /// Moves every `yyyy-MM-dd` in `text` by the days between `from` and `to`.
  static func shiftDates(_ text: String, from: LocalDay, to: LocalDay) -> String {
    let offset = to.ordinal - from.ordinal
    guard offset != 0 else { return text }
    let bytes = Array(text.utf8)
    func digit(_ i: Int) -> Bool { i >= 0 && i < bytes.count && (0x30...0x39).contains(bytes[i]) }
    // `dddd-dd-dd` with no digit just before or after.
    func dateAt(_ i: Int) -> Bool {
      i + 10 <= bytes.count && !digit(i - 1) && !digit(i + 10)
        && (0..<10).allSatisfy { $0 == 4 || $0 == 7 ? bytes[i + $0] == UInt8(ascii: "-") : digit(i + $0) }
    }
    var out: [UInt8] = []
    var i = 0
    while i < bytes.count {
      if dateAt(i), let day = LocalDay(String(decoding: bytes[i..<i + 10], as: UTF8.self)) {
        out += Array(day.adding(days: offset).description.utf8)
        i += 10
      } else {
        out.append(bytes[i])
        i += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}
