import TimelineCore

extension AvalancheProvider {
  /// The `region` or `regions` of a country whose services use text ids: each must be
  /// one its services publish ("AT-07-20" for Austria, "SNFAC/301" for the US), so a
  /// typo fails at config time with a pointer to `timeline regions`.
  static func textRegions(_ options: inout Options, config: WidgetConfig, country: AvalancheCountry) throws -> [String]
  {
    let code = country.rawValue
    for wrong in ["area", "areas"] where config.options[wrong] != nil {
      throw options.invalid(wrong, expected: "\"region\" for country \"\(code)\"")
    }
    let single = try options.string("region")
    let several = try options.strings("regions")
    if single != nil && several != nil {
      throw options.invalid("regions", expected: "either \"region\" or \"regions\", not both")
    }
    let key = several == nil ? "region" : "regions"
    let example = code == "us" ? "\"SNFAC/301\" (centre/zone)" : "\"\(exampleID(code))\""
    let chosen = several ?? single.map { [$0] } ?? []
    if chosen.isEmpty {
      throw options.invalid(key, expected: "a region id such as \(example); run `timeline regions --country \(code)`")
    }
    var seen = Set<String>()
    for id in chosen where seen.insert(id).inserted {
      let known = code == "us" ? MapLayerZone(id) != nil : EAWSFile.of(region: id, country: code) != nil
      if !known {
        throw options.invalid(
          key,
          expected: "a \(code) region id such as \(example), got \"\(CleanText.oneLineError(id))\"; "
            + "run `timeline regions --country \(code)` to list them")
      }
    }
    return chosen.filter { seen.remove($0) != nil }
  }

  /// An id of each country for messages.
  static func exampleID(_ country: String) -> String {
    ["at": "AT-07-20", "de": "DE-BY-11", "it": "IT-32-BZ-01", "si": "SI-7", "ch": "CH-7231"][country] ?? "AT-07-20"
  }
}
