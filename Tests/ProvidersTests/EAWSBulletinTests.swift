import Foundation
import Testing
import TimelineCore
import TimelineTestSupport

@testable import Providers

/// The CAAMLv6 reader and the day logic on recorded bulletins: the highest rating over the
/// bands, the band texts, a split day, the day a bulletin is for in its service's zone.
@Suite struct EAWSBulletinTests {
  static func bulletins(_ name: String) throws -> [EAWSBulletin] {
    try EAWSBulletin.decode(Array(try AvalancheFixture.text("../eaws/\(name)").utf8), service: "test")
  }

  @Test func aEuregioDayIsItsHighestBandFromViennaMidnight() throws {
    let vienna = try Zone(identifier: "Europe/Vienna")
    let periods = EAWSDays(zone: vienna).periods(
      region: "AT-07-14-01", name: "?", files: [try Self.bulletins("test_albina_2023_11_27.json")])
    try #require(periods.count == 1)
    let day = periods[0].day
    #expect(periods[0].date == vienna.start(of: LocalDay(year: 2023, month: 11, day: 27)))
    #expect(day.level == 3 && day.regionName == "Kauner Ridge")
    #expect(day.note == "above the treeline: 3 considerable · below: 2 moderate")
    #expect(day.problems.map(\.line).contains("new snow, all aspects, above the treeline"))
    #expect(day.published?.contains("Published Sunday 2023-11-26 19:45") == true)
  }

  @Test func aSplitDaySwitchesAtLocalNoon() throws {
    let rome = try Zone(identifier: "Europe/Rome")
    let periods = EAWSDays(zone: rome).periods(
      region: "IT-32-TN-09", name: "Trentino 09", files: [try Self.bulletins("test_albina_ampm.caaml.json")])
    try #require(periods.count == 2)
    let day = LocalDay(year: 2021, month: 2, day: 22)
    #expect(periods[0].date == rome.start(of: day) && periods[0].day.level == 2)
    #expect(periods[1].date == rome.epoch(day, hour: 12) && periods[1].day.level == 3)
    #expect(periods[0].day.note == "morning: 2 moderate")
    #expect(periods[1].day.note == "afternoon: 3 considerable")
    #expect(periods[1].day.problems.map(\.line).contains("gliding snow, E SE S SW W NW, below 2200 m"))
  }

  @Test func slfAndSloveniaBulletinsAreForTheDayTheirValidityEnds() throws {
    let zurich = try Zone(identifier: "Europe/Zurich")
    let swiss = EAWSDays(zone: zurich).periods(
      region: "CH-1246", name: "?", files: [try Self.bulletins("test_CH_2023_11_27.json")])
    #expect(swiss.map(\.day.day) == [LocalDay(year: 2023, month: 11, day: 27)])
    #expect(swiss.first?.day.level == 3 && swiss.first?.day.regionName == "Gadmertal")
    #expect(swiss.first?.day.summary == ["Considerable avalanche danger will be encountered over a wide area."])
    // SLF's outlook is HTML: read as text.
    #expect(swiss.first?.day.assessment.first?.contains("<h1>") == false)
    let ljubljana = try Zone(identifier: "Europe/Ljubljana")
    let slovenia = EAWSDays(zone: ljubljana).periods(
      region: "SI-7", name: "?", files: [try Self.bulletins("test_SI.json")])
    #expect(slovenia.first?.day.note == "above 2400 m: 2 moderate · below: 1 low")
    #expect(slovenia.first?.day.day == LocalDay(year: 2025, month: 11, day: 21))
  }

  @Test func aParentOrChildIdFindsItsBulletin() throws {
    let bulletins = try Self.bulletins("test_albina_2023_11_27.json")
    #expect(bulletins.contains { $0.coverage(of: "AT-07-14-01-02") == 1 })
    #expect(bulletins.contains { $0.coverage(of: "AT-07-14") == 0 })
    #expect(!bulletins.contains { $0.coverage(of: "AT-02-01") != nil })
  }

  @Test func ratingsMapToLevelsAndABrokenFileIsAnError() throws {
    #expect(EAWSBulletin.levels["very_high"] == 5 && EAWSBulletin.levels["no_snow"] == 0)
    let text = try AvalancheFixture.text("../eaws/test_SI.json")
    #expect(throws: ProviderError.self) {
      try EAWSBulletin.decode(Array(text.prefix(text.count / 2).utf8), service: "lawinen-warnung")
    }
    let odd = text.replacingOccurrences(of: "\"moderate\"", with: "\"extreme\"")
    #expect(throws: ProviderError.self) { try EAWSBulletin.decode(Array(odd.utf8), service: "lawinen-warnung") }
    #expect(throws: ProviderError.self) { try EAWSBulletin.decode(Array(#"{"features":[]}"#.utf8), service: "x") }
  }

  @Test func regionIdsBelongToTheirCountrysService() throws {
    #expect(EAWSFile.of(region: "AT-07-20", country: "at")?.service == .avalancheReport)
    #expect(EAWSFile.of(region: "AT-02-01", country: "at")?.service == .lawinenWarnung)
    #expect(EAWSFile.of(region: "IT-32-BZ-01", country: "it")?.province == "IT-32-BZ")
    #expect(EAWSFile.of(region: "IT-21-01", country: "it")?.service == .aineva)
    #expect(EAWSFile.of(region: "CH-7231", country: "ch")?.service == .slf)
    #expect(EAWSFile.of(region: "DE-BY-11", country: "de")?.province == "DE-BY")
    #expect(EAWSFile.of(region: "SI-7", country: "si")?.province == "SI")
    #expect(EAWSFile.of(region: "AT-07-20", country: "ch") == nil)
    #expect(EAWSFile.of(region: "AT-09-01", country: "at") == nil)
    let file = EAWSFile.of(region: "AT-07-20", country: "at")
    let base = try #require(try? SourceURL("https://static.avalanche.report/bulletins"))
    #expect(
      file?.url(base: base, day: LocalDay(year: 2026, month: 1, day: 15))
        == "https://static.avalanche.report/bulletins/2026-01-15/2026-01-15_AT-07_en_CAAMLv6.json")
    #expect(file?.url(base: base, day: nil) == "https://static.avalanche.report/bulletins/latest/AT-07_en_CAAMLv6.json")
  }
}
