import TimelineCore

/// Display languages. Norway's API speaks en and nb; Sweden's WFS sv and en.
enum AvalancheLanguage: String, Sendable, CaseIterable {
  case en, nb, sv

  /// Danger level names 0–5 (0 = not assessed), from the services' own scales.
  var levelNames: [String] {
    switch self {
    case .en: ["Not assessed", "Low", "Moderate", "Considerable", "High", "Very high"]
    case .nb: ["Ikke vurdert", "Liten", "Moderat", "Betydelig", "Stor", "Meget stor"]
    case .sv: ["Ej bedömd", "Liten", "Måttlig", "Betydande", "Stor", "Mycket stor"]
    }
  }

  func levelName(_ level: Int) -> String { levelNames[min(5, max(0, level))] }

  /// Monday first, matching `LocalDay.weekday`.
  var weekdays: [String] {
    switch self {
    case .en: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    case .nb: ["mandag", "tirsdag", "onsdag", "torsdag", "fredag", "lørdag", "søndag"]
    case .sv: ["måndag", "tisdag", "onsdag", "torsdag", "fredag", "lördag", "söndag"]
    }
  }

  /// N, NE, E, SE, S, SW, W, NW in the order of Varsom's `ValidExpositions`.
  var compass: [String] {
    switch self {
    case .en: ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
    case .nb: ["N", "NØ", "Ø", "SØ", "S", "SV", "V", "NV"]
    case .sv: ["N", "NO", "Ö", "SO", "S", "SV", "V", "NV"]
    }
  }

  var strings: AvalancheStrings {
    switch self {
    case .en:
      AvalancheStrings(
        tendency: "tendency", emergency: "Emergency warning", problems: "Avalanche problems",
        assessment: "Danger assessment", advice: "Advice", above: "above", below: "below",
        between: "between", and: "and", outlook: "Outlook", valid: "valid", more: "Full warning",
        notAssessed: "not assessed", published: "Published", sample: "Sample data, not a current warning",
        treeline: ["above the treeline", "at the treeline", "below the treeline"])
    case .nb:
      AvalancheStrings(
        tendency: "tendens", emergency: "Viktig varsel", problems: "Skredproblemer",
        assessment: "Skredfarevurdering", advice: "Råd", above: "over", below: "under",
        between: "mellom", and: "og", outlook: "Utsikter", valid: "gjelder", more: "Hele varselet",
        notAssessed: "ikke vurdert", published: "Publisert", sample: "Eksempeldata, ikke et gjeldende varsel",
        treeline: ["over skoggrensen", "ved skoggrensen", "under skoggrensen"])
    case .sv:
      AvalancheStrings(
        tendency: "tendens", emergency: "Viktig varning", problems: "Lavinproblem",
        assessment: "Bedömning", advice: "Råd", above: "över", below: "under",
        between: "mellan", and: "och", outlook: "Förväntad utveckling", valid: "gäller",
        more: "Hela prognosen", notAssessed: "ej bedömd", published: "Publicerad",
        sample: "Exempeldata, inte en aktuell prognos",
        treeline: ["ovan trädgränsen", "vid trädgränsen", "under trädgränsen"])
    }
  }

  /// "Sunday 2026-03-01": ISO date plus a local weekday, with no dependency on locale data.
  func dayLabel(_ day: LocalDay) -> String { "\(weekdays[day.weekday]) \(day)" }

  /// "Sunday 2026-03-01 15:30" in `zone`.
  func stamp(_ epoch: Int64, in zone: Zone) -> String {
    let clock = zone.clock(at: epoch)
    return dayLabel(clock.day) + " " + TimeText.hourMinute(clock.hour, clock.minute)
  }
}

/// UI words in one language.
struct AvalancheStrings: Sendable {
  var tendency, emergency, problems, assessment, advice, above, below, between, and: String
  var outlook, valid, more, notAssessed, published, sample: String
  var treeline: [String]
}

/// Level colours: the `palette` option names one of the package's danger scales.
typealias AvalanchePalette = Palette.Scale

/// NVE asks for this wording whenever its warnings are shown.
let varsomAttribution = "Varsler fra Snøskredvarslingen i Norge og www.varsom.no"
/// Naturvårdsverket publishes lavinprognoser.se; no wording is prescribed.
let lavinprognoserAttribution = "Lavinprognoser från Naturvårdsverket, www.lavinprognoser.se"
