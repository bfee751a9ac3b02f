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
    .init(country: .sweden, id: 1, name: "Västra Vindelfjällen", type: "area", slug: "vastra_vindelfjallen"),
    .init(country: .sweden, id: 2, name: "Abisko/Riksgränsfjällen", type: "area", slug: "abisko_riksgransfjallen"),
    .init(country: .sweden, id: 3, name: "Södra Jämtlandsfjällen", type: "area", slug: "sodra_jamtlandsfjallen"),
    .init(country: .sweden, id: 7, name: "Västra Härjedalsfjällen", type: "area", slug: "vastra_harjedalsfjallen"),
    .init(country: .sweden, id: 8, name: "Kebnekaisefjällen", type: "area", slug: "kebnekaisefjallen"),
    .init(country: .sweden, id: 9, name: "Södra Lapplandsfjällen", type: "area", slug: "sodra_lapplandsfjallen"),
    .init(
      country: .sweden, id: 11, name: "Kebnekaisefjällen öst", type: "sub-area",
      slug: "kebnekaisefjallen/kebnekaisefjallen-ost"),
    .init(
      country: .sweden, id: 12, name: "Södra Jämtlandsfjällen väst", type: "sub-area",
      slug: "sodra_jamtlandsfjallen/sodra-jamtlandsfjallen-vast"),
    .init(
      country: .sweden, id: 14, name: "Södra Jämtlandsfjällen öst", type: "sub-area",
      slug: "sodra_jamtlandsfjallen/sodra-jamtlandsfjallen-ost"),
    .init(
      country: .sweden, id: 15, name: "Abisko/Riksgränsfjällen väst", type: "sub-area",
      slug: "abisko_riksgransfjallen/abisko-riksgransfjallen-vast"),
    .init(
      country: .sweden, id: 16, name: "Abisko/Riksgränsfjällen öst", type: "sub-area",
      slug: "abisko_riksgransfjallen/abisko-riksgransfjallen-ost"),
    .init(
      country: .sweden, id: 17, name: "Kebnekaisefjällen väst", type: "sub-area",
      slug: "kebnekaisefjallen/kebnekaisefjallen-vast"),
    .init(
      country: .sweden, id: 18, name: "Västra Vindelfjällen väst", type: "sub-area",
      slug: "vastra_vindelfjallen/vastra-vindelfjallen-vast"),
    .init(
      country: .sweden, id: 19, name: "Västra Vindelfjällen öst", type: "sub-area",
      slug: "vastra_vindelfjallen/vastra-vindelfjallen-ost"),
    .init(
      country: .sweden, id: 20, name: "Södra Lapplandsfjällen nord", type: "sub-area",
      slug: "sodra_lapplandsfjallen/sodra-lapplandsfjallen-nord"),
    .init(
      country: .sweden, id: 21, name: "Södra Lapplandsfjällen syd", type: "sub-area",
      slug: "sodra_lapplandsfjallen/sodra-lapplandsfjallen-syd"),
    .init(
      country: .sweden, id: 22, name: "Västra Härjedalsfjällen nordväst", type: "sub-area",
      slug: "vastra_harjedalsfjallen/vastra-harjedalsfjallen-nordvast"),
    .init(
      country: .sweden, id: 23, name: "Västra Härjedalsfjällen sydost", type: "sub-area",
      slug: "vastra_harjedalsfjallen/vastra-harjedalsfjallen-sydost"),
  ]
}
