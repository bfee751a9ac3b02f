import TimelineCore

/// The language a service is asked for; the words around its text are the catalogs'
/// (`AvalancheWords`).
enum AvalancheLanguage: String, Sendable, CaseIterable {
  case en, nb, sv, de, it, fr
}

/// The avalanche widget's own words, in the user's language (`localized`).
enum AvalancheWords {
  /// Danger level names 0–5 (0 = not assessed), from the services' own scales.
  static func levelName(_ level: Int) -> String {
    [
      localized("Not assessed"), localized("Low"), localized("Moderate"), localized("Considerable"), localized("High"),
      localized("Very high"),
    ][min(5, max(0, level))]
  }

  /// N, NE, E, SE, S, SW, W, NW: the order of Varsom's `ValidExpositions`, Sweden's
  /// directions and CAAMLv6's aspects.
  static var compass: [String] {
    [
      localized("N"), localized("NE"), localized("E"), localized("SE"), localized("S"), localized("SW"),
      localized("W"), localized("NW"),
    ]
  }

  /// Above, at and below the treeline.
  static var treeline: [String] {
    [localized("above the treeline"), localized("at the treeline"), localized("below the treeline")]
  }

  /// "Sunday 2026-03-01": ISO date plus a local weekday.
  static func dayLabel(_ day: LocalDay) -> String { "\(TimeText.weekday(day.weekday)) \(day)" }

  /// "Sunday 2026-03-01 15:30" in `zone`.
  static func stamp(_ epoch: Int64, in zone: Zone) -> String {
    let clock = zone.clock(at: epoch)
    return dayLabel(clock.day) + " " + TimeText.hourMinute(clock.hour, clock.minute)
  }
}

/// Level colours: the `palette` option names one of the package's danger scales.
typealias AvalanchePalette = Palette.Scale

/// NVE asks for this wording whenever its warnings are shown.
let varsomAttribution = "Varsler fra Snøskredvarslingen i Norge og www.varsom.no"
/// Naturvårdsverket publishes lavinprognoser.se; no wording is prescribed.
let lavinprognoserAttribution = "Lavinprognoser från Naturvårdsverket, www.lavinprognoser.se"
