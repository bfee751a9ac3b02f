import TimelineCore

extension AvalancheProvider {
  /// Norway's `region` or `regions` (3011 by default), Sweden's `area` or `areas`: positive
  /// ids, each once. An id missing from the bundled list is not refused (the region sets
  /// change: Sweden reorganised its areas in 2025/26); the service decides at refresh.
  static func numberedRegions(_ options: inout Options, country: AvalancheCountry) throws -> [Int] {
    let (key, keys) = country == .norway ? ("region", "regions") : ("area", "areas")
    let single = try options.int(key)
    let several = try options.ints(keys)
    if single != nil && several != nil {
      throw options.invalid(keys, expected: "either \"\(key)\" or \"\(keys)\", not both")
    }
    let chosen = several ?? single.map { [$0] } ?? (country == .norway ? [3011] : [])
    let named = several == nil ? key : keys
    let run = "run `timeline regions --country \(country.rawValue)`"
    if chosen.isEmpty {
      let example =
        country == .norway
        ? "a Varsom region id such as 3011 (Tromsø)" : "an area id such as 2 (Abisko/Riksgränsfjällen)"
      throw options.invalid(named, expected: "\(example); \(run)")
    }
    for id in chosen where id <= 0 {
      let example =
        country == .norway ? "a Varsom region id such as 3011 (Tromsø)" : "a lavinprognoser area id such as 2"
      throw options.invalid(named, expected: "\(example), got \(id); \(run) to list them")
    }
    var seen = Set<Int>()
    return chosen.filter { seen.insert($0).inserted }
  }

  /// The `region` or `regions` of a country whose services use text ids: each must be
  /// one its services publish ("AT-07-20", "SNFAC/301"), so a typo fails at config time.
  static func textRegions(_ options: inout Options, country: AvalancheCountry) throws -> [String] {
    let code = country.rawValue
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
