import Foundation
import Testing
import TimelineCore
import TimelineTestSupport

@testable import Providers

private let utc = AvalancheFixture.utc

@Suite struct AvalancheConfigTests {
  func make(_ options: [String: ConfigValue]) throws -> AvalancheProvider {
    try AvalancheProvider(
      config: WidgetConfig(name: try .named("aval"), kind: "avalanche", options: options, file: "test.toml"))
  }

  func configError(_ options: [String: ConfigValue]) -> ProviderError? {
    do {
      _ = try make(options)
      return nil
    } catch let error as ProviderError {
      return error
    } catch {
      return ProviderError("unexpected \(error)")
    }
  }

  @Test func defaultsAreTromsoEnglishVarsom() throws {
    let provider = try make([:])
    #expect(ProviderRegistry.type(for: "avalanche") == AvalancheProvider.self)
    #expect(provider.country == .norway && provider.ids == [3011])
    #expect(provider.language == .en && provider.palette == .varsom)
    // Sweden's service too is asked in English for a user who is not Swedish.
    #expect(try make(["country": .string("se"), "area": .int(2)]).language == .en)
    #expect(try make(["country": .string("se"), "area": .int(2), "language": .string("sv")]).language == .sv)
    #expect(provider.placeholder().text == "Tromsø …")
  }

  @Test func idsOutsideTheBundledListAreAcceptedAndCheckedAtRefresh() async throws {
    // Region sets change (Sweden's 2025/26 sub-areas): any positive id is accepted; the
    // bundled list only supplies names.
    let unknown = try make(["region": .int(9999)])
    #expect(unknown.ids == [9999] && unknown.placeholder().text == "9999 …")
    #expect(try make(["regions": .array([.int(3011), .int(42)])]).placeholder().text == "Tromsø … · 42 …")
    #expect(try make(["country": .string("se"), "area": .int(22)]).ids == [22])
    let zero = try #require(configError(["region": .int(0)]))
    #expect(zero.isConfig && zero.message.hasPrefix("test.toml: [widgets.aval] region"))
    #expect(zero.message.contains("timeline regions"))
    let negative = try #require(configError(["regions": .array([.int(3011), .int(-4)])]))
    #expect(negative.message.contains("[widgets.aval] regions") && negative.message.contains("-4"))
    // The service decides: an id it does not know fails the refresh with the pointer.
    let harness = try AvalancheHarness()
    try await harness.route(["/varsom/AvalancheWarningByRegion/Detail/9999/2/2026-02-10/2026-02-12": ("[]", 200)])
    let error = await #expect(throws: ProviderError.self) {
      try await harness.timeline(["region": .int(9999)], now: utc("2026-02-10T07:00:00Z"))
    }
    #expect(
      error?.message.contains("region 9999 not found") == true && error?.message.contains("timeline regions") == true)
    #expect(error?.isConfig == false)
  }

  @Test func nonJSON404PointsAtTheSourcesURLNotAtRegions() async throws {
    let harness = try AvalancheHarness()
    let path = "/varsom/AvalancheWarningByRegion/Detail/3011/2/2026-02-10/2026-02-12"
    for body in ["<!DOCTYPE html><html><body>404 - File or directory not found.</body></html>", ""] {
      try await harness.route([path: (body, 404)])
      let error = await #expect(throws: ProviderError.self) {
        try await harness.timeline(["region": .int(3011)], now: utc("2026-02-10T07:00:00Z"))
      }
      #expect(error?.message.contains("[sources] varsom") == true, "\(body)")
      #expect(error?.message.contains("timeline regions") == false, "\(body)")
      #expect(error?.message.contains("File or directory") == false)
    }
  }

  @Test func badCombinationsAreRejected() throws {
    #expect(configError(["language": .string("sv")])?.message.contains("\"en\", \"nb\"") == true)
    #expect(configError(["country": .string("se"), "area": .int(2), "language": .string("nb")]) != nil)
    #expect(configError(["country": .string("dk")]) != nil)
    #expect(configError(["palette": .string("neon")]) != nil)
    #expect(configError(["region": .int(3011), "regions": .array([.int(3022)])]) != nil)
    #expect(configError(["country": .string("se")])?.message.contains("timeline regions --country se") == true)
    #expect(configError(["country": .string("se"), "region": .int(3011)])?.message.contains("\"area\"") == true)
    #expect(configError(["region": .int(3011), "colour": .string("x")])?.message.contains("unknown key") == true)
    #expect(configError(["region": .string("3022")]) == nil)
  }

  @Test func regionThatDoesNotExistUpstream() async throws {
    let harness = try AvalancheHarness()
    let path = "/varsom/AvalancheWarningByRegion/Detail/3011/2/2026-02-10/2026-02-12"
    let nameless = #"[{"RegId":0,"RegionId":0,"RegionName":null,"DangerLevel":"0","ValidFrom":"2026-02-10T00:00:00"}]"#
    for (body, status) in [("[]", 200), (#"{"Message":"Not found"}"#, 404), ("{}", 400), (nameless, 200)] {
      try await harness.route([path: (body, status)])
      let error = await #expect(throws: ProviderError.self) {
        try await harness.timeline(["region": .int(3011)], now: utc("2026-02-10T07:00:00Z"))
      }
      #expect(error?.message.contains("region 3011 not found") == true, "\(status) \(body)")
      #expect(error?.message.contains("timeline regions") == true)
    }
  }

  @Test func serverTroubleIsAPlainProviderError() async throws {
    let harness = try AvalancheHarness()
    try await harness.route(["/varsom/*": ("<html>busy</html>", 503)])
    let error = await #expect(throws: ProviderError.self) {
      try await harness.timeline(["region": .int(3011)], now: utc("2026-02-10T07:00:00Z"))
    }
    #expect(error?.message == "varsom: HTTP 503")
    #expect(error?.isConfig == false)
  }

  @Test func osloTimestampsWithAnyFraction() {
    let oslo = Zone.oslo
    #expect(oslo.parse("2023-02-28T15:32:29.677") == utc("2023-02-28T14:32:29Z"))
    #expect(oslo.parse("2023-03-02T09:11:14.2") == utc("2023-03-02T08:11:14Z"))
    #expect(oslo.parse("2026-07-01T00:00:00.1234567") == utc("2026-06-30T22:00:00Z"))
    #expect(oslo.parse("2026-07-01T00:00:00") == utc("2026-06-30T22:00:00Z"))
    #expect(oslo.parse("2026-07-01T00:00:00Z") == utc("2026-07-01T00:00:00Z"))
    #expect(oslo.parse("2026-07-01T00:00:00+02:00") == utc("2026-06-30T22:00:00Z"))
    #expect(oslo.parse("2026-07-01T00:00:00.12345678") == nil)
    #expect(Zone.stockholm.parse("2021-02-28 18:00") == utc("2021-02-28T17:00:00Z"))
  }
}

/// The services the providers declare: one list, every default a valid https URL.
@Suite struct ServiceDeclarationTests {
  @Test func everyDefaultPassesItsOwnCheckAndEveryKeyIsOnce() throws {
    let services = ProviderRegistry.services
    #expect(
      services.map(\.key) == [
        "aineva", "avalanche-org", "avalanche-report", "banidb", "lavinprognoser", "lawinen-warnung", "slf", "varsom",
      ])
    for service in services {
      #expect(try SourceURL(service.defaultURL.text) == service.defaultURL)
      #expect(service.defaultURL.text.hasPrefix("https://"))
    }
  }
}
