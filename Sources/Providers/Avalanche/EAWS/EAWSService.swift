import TimelineCore

extension Service {
  /// Euregio Tirol – South Tyrol – Trentino (avalanche.report), CAAMLv6 files.
  static let avalancheReport = Service(
    key: "avalanche-report", defaultURL: "https://static.avalanche.report/bulletins")
  /// The other Austrian Länder, Bavaria and Slovenia (lawinen-warnung.eu), CAAMLv6 files.
  static let lawinenWarnung = Service(
    key: "lawinen-warnung", defaultURL: "https://static.lawinen-warnung.eu/bulletins")
  /// The Italian regions of AINEVA, CAAMLv6 files.
  static let aineva = Service(key: "aineva", defaultURL: "https://bollettini.aineva.it/albina_files")
  /// Switzerland's SLF, one CAAMLv6 file for the country.
  static let slf = Service(key: "slf", defaultURL: "https://aws.slf.ch/api")
  /// The US avalanche centres' public map layer.
  static let avalancheOrg = Service(key: "avalanche-org", defaultURL: "https://api.avalanche.org/v2/public")
}

/// Where the bulletins of an EAWS region are (docs/providers/avalanche-eaws.md): the service,
/// the province file (none for SLF's one file), the zone its days are in, and the credit
/// its licence asks for.
struct EAWSFile: Sendable, Equatable {
  var service: Service
  var province: String?
  var zoneName: String
  var attribution: String

  /// The province files of each file-per-province service, and its credit.
  static let provinces: [(service: Service, credit: String, provinces: [String])] = [
    (.avalancheReport, "avalanche.report (CC BY 4.0)", ["AT-07", "IT-32-BZ", "IT-32-TN"]),
    (.lawinenWarnung, "lawinen-warnung.eu", ["AT-02", "AT-03", "AT-04", "AT-05", "AT-06", "AT-08", "DE-BY", "SI"]),
    (.aineva, "AINEVA, bollettini.aineva.it", ["IT-21", "IT-23", "IT-25", "IT-34", "IT-36", "IT-57"]),
  ]

  /// Each EAWS country's zone.
  static let zones = [
    "at": "Europe/Vienna", "de": "Europe/Berlin", "it": "Europe/Rome", "si": "Europe/Ljubljana",
    "ch": "Europe/Zurich",
  ]

  /// The file `region` of `country` is in; nil when no service publishes it (or it is
  /// another country's).
  static func of(region: String, country: String) -> EAWSFile? {
    guard let zone = zones[country], region.hasPrefix(country.uppercased()) else { return nil }
    if country == "ch" {
      guard region.hasPrefix("CH-") else { return nil }
      return EAWSFile(
        service: .slf, province: nil, zoneName: zone, attribution: "SLF, www.slf.ch (CC BY 4.0)")
    }
    for (service, credit, provinces) in provinces {
      for province in provinces where region == province || region.hasPrefix(province + "-") {
        return EAWSFile(service: service, province: province, zoneName: zone, attribution: credit)
      }
    }
    return nil
  }

  /// The languages the file is published in: SLF's four, the Euregio layout's three.
  var languages: [String] { province == nil ? ["de", "fr", "it", "en"] : ["de", "it", "en"] }

  /// The file of `day`, or the latest one without a day; SLF's one file either way.
  func url(base: SourceURL, day: LocalDay?, language: String = "en") -> String {
    guard let province else { return "\(base.text)/bulletin/caaml/\(language)/json" }
    guard let day else { return "\(base.text)/latest/\(province)_\(language)_CAAMLv6.json" }
    return "\(base.text)/\(day)/\(day)_\(province)_\(language)_CAAMLv6.json"
  }
}

extension EAWSFile {
  /// The regions `country`'s latest bulletins name (every province file; SLF's one),
  /// with their names.
  static func regions(
    of country: AvalancheCountry, sources: Sources, http: any HTTPClient, now: Int64
  ) async throws -> [AvalancheRegion] {
    // SLF has one file for the country; `of` keeps the other countries' provinces out.
    let files = (country == .switzerland ? ["CH-0"] : provinces.flatMap(\.provinces)).compactMap {
      of(region: $0, country: country.rawValue)
    }
    var regions: [AvalancheRegion] = []
    for file in files {
      let body = try await http.json(file.url(base: sources[file.service], day: nil), from: file.service.key, now: now)
      for bulletin in try EAWSBulletin.decode(body, service: file.service.key) {
        for region in bulletin.regions {
          let name = region.name ?? EAWSRegionList.name(of: region.id) ?? region.id
          regions.append(AvalancheRegion(country: country, id: .text(region.id), name: name, type: "region"))
        }
      }
    }
    return regions
  }
}
