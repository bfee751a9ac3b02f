/// The regions known when this build was made, for checking config at init (no I/O) and
/// for `timeline regions` when offline. The live lists win whenever they can be fetched.
///
/// Norway: ids and names from a real `RegionSummary/Simple` reply (2022); A/B from the
/// A-region list of 2026 (`Region/10`), since Helgeland moved from B to A in between.
/// Sweden: the six areas seen in the WFS `published_forecasts` replies, plus the sub-areas
/// the site introduced in 2025/26 (ids and slugs as used by other clients; unverified
/// against the live WFS, see docs/providers/avalanche.md).
extension AvalancheRegion {
  static let bundledNorway: [AvalancheRegion] = [
    .init(country: .norway, id: 3001, name: "Svalbard øst", type: "B"),
    .init(country: .norway, id: 3002, name: "Svalbard vest", type: "B"),
    .init(country: .norway, id: 3003, name: "Nordenskiöld Land", type: "A"),
    .init(country: .norway, id: 3004, name: "Svalbard sør", type: "B"),
    .init(country: .norway, id: 3005, name: "Øst-Finnmark", type: "B"),
    .init(country: .norway, id: 3006, name: "Finnmarkskysten", type: "A"),
    .init(country: .norway, id: 3007, name: "Vest-Finnmark", type: "A"),
    .init(country: .norway, id: 3008, name: "Finnmarksvidda", type: "B"),
    .init(country: .norway, id: 3009, name: "Nord-Troms", type: "A"),
    .init(country: .norway, id: 3010, name: "Lyngen", type: "A"),
    .init(country: .norway, id: 3011, name: "Tromsø", type: "A"),
    .init(country: .norway, id: 3012, name: "Sør-Troms", type: "A"),
    .init(country: .norway, id: 3013, name: "Indre Troms", type: "A"),
    .init(country: .norway, id: 3014, name: "Lofoten og Vesterålen", type: "A"),
    .init(country: .norway, id: 3015, name: "Ofoten", type: "A"),
    .init(country: .norway, id: 3016, name: "Salten", type: "A"),
    .init(country: .norway, id: 3017, name: "Svartisen", type: "A"),
    .init(country: .norway, id: 3018, name: "Helgeland", type: "A"),
    .init(country: .norway, id: 3019, name: "Nord-Trøndelag", type: "B"),
    .init(country: .norway, id: 3020, name: "Sør-Trøndelag", type: "B"),
    .init(country: .norway, id: 3021, name: "Ytre Nordmøre", type: "B"),
    .init(country: .norway, id: 3022, name: "Trollheimen", type: "A"),
    .init(country: .norway, id: 3023, name: "Romsdal", type: "A"),
    .init(country: .norway, id: 3024, name: "Sunnmøre", type: "A"),
    .init(country: .norway, id: 3025, name: "Nord-Gudbrandsdalen", type: "B"),
    .init(country: .norway, id: 3026, name: "Ytre Fjordane", type: "B"),
    .init(country: .norway, id: 3027, name: "Indre Fjordane", type: "A"),
    .init(country: .norway, id: 3028, name: "Jotunheimen", type: "A"),
    .init(country: .norway, id: 3029, name: "Indre Sogn", type: "A"),
    .init(country: .norway, id: 3030, name: "Ytre Sogn", type: "B"),
    .init(country: .norway, id: 3031, name: "Voss", type: "A"),
    .init(country: .norway, id: 3032, name: "Hallingdal", type: "A"),
    .init(country: .norway, id: 3033, name: "Hordalandskysten", type: "B"),
    .init(country: .norway, id: 3034, name: "Hardanger", type: "A"),
    .init(country: .norway, id: 3035, name: "Vest-Telemark", type: "A"),
    .init(country: .norway, id: 3036, name: "Rogalandskysten", type: "B"),
    .init(country: .norway, id: 3037, name: "Heiane", type: "A"),
    .init(country: .norway, id: 3038, name: "Agder sør", type: "B"),
    .init(country: .norway, id: 3039, name: "Telemark sør", type: "B"),
    .init(country: .norway, id: 3040, name: "Vestfold", type: "B"),
    .init(country: .norway, id: 3041, name: "Buskerud sør", type: "B"),
    .init(country: .norway, id: 3042, name: "Oppland sør", type: "B"),
    .init(country: .norway, id: 3043, name: "Hedmark", type: "B"),
    .init(country: .norway, id: 3044, name: "Akershus", type: "B"),
    .init(country: .norway, id: 3045, name: "Oslo", type: "B"),
    .init(country: .norway, id: 3046, name: "Østfold", type: "B"),
  ]

  static let bundledSweden: [AvalancheRegion] = [
    (1, "Västra Vindelfjällen", "area", "vastra_vindelfjallen"),
    (2, "Abisko/Riksgränsfjällen", "area", "abisko_riksgransfjallen"),
    (3, "Södra Jämtlandsfjällen", "area", "sodra_jamtlandsfjallen"),
    (7, "Västra Härjedalsfjällen", "area", "vastra_harjedalsfjallen"),
    (8, "Kebnekaisefjällen", "area", "kebnekaisefjallen"),
    (9, "Södra Lapplandsfjällen", "area", "sodra_lapplandsfjallen"),
    (11, "Kebnekaisefjällen öst", "sub-area", "kebnekaisefjallen/kebnekaisefjallen-ost"),
    (12, "Södra Jämtlandsfjällen väst", "sub-area", "sodra_jamtlandsfjallen/sodra-jamtlandsfjallen-vast"),
    (14, "Södra Jämtlandsfjällen öst", "sub-area", "sodra_jamtlandsfjallen/sodra-jamtlandsfjallen-ost"),
    (15, "Abisko/Riksgränsfjällen väst", "sub-area", "abisko_riksgransfjallen/abisko-riksgransfjallen-vast"),
    (16, "Abisko/Riksgränsfjällen öst", "sub-area", "abisko_riksgransfjallen/abisko-riksgransfjallen-ost"),
    (17, "Kebnekaisefjällen väst", "sub-area", "kebnekaisefjallen/kebnekaisefjallen-vast"),
    (18, "Västra Vindelfjällen väst", "sub-area", "vastra_vindelfjallen/vastra-vindelfjallen-vast"),
    (19, "Västra Vindelfjällen öst", "sub-area", "vastra_vindelfjallen/vastra-vindelfjallen-ost"),
    (20, "Södra Lapplandsfjällen nord", "sub-area", "sodra_lapplandsfjallen/sodra-lapplandsfjallen-nord"),
    (21, "Södra Lapplandsfjällen syd", "sub-area", "sodra_lapplandsfjallen/sodra-lapplandsfjallen-syd"),
    (22, "Västra Härjedalsfjällen nordväst", "sub-area", "vastra_harjedalsfjallen/vastra-harjedalsfjallen-nordvast"),
    (23, "Västra Härjedalsfjällen sydost", "sub-area", "vastra_harjedalsfjallen/vastra-harjedalsfjallen-sydost"),
  ].map { AvalancheRegion(country: .sweden, id: .number($0), name: $1, type: $2, slug: $3) }
}
