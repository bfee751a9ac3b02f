import Emitters
import Foundation
import Testing
import TimelineCore
import TimelineTestSupport

@testable import Providers

/// Each Alpine country and the US from a real loopback server serving recorded bulletins:
/// today's level in waybar, polybar and tmux, tomorrow's from local midnight, a split day
/// switching at noon, and what a failed or strange reply leaves.
@Suite struct AvalancheAlpsTests {
  let harness: AvalancheHarness
  init() throws { harness = try AvalancheHarness() }

  static func text(_ name: String) throws -> String { try AvalancheFixture.text("../eaws/\(name)") }

  /// The entry of `draft` current at `now`.
  func current(_ draft: TimelineDraft, at now: Int64) throws -> Entry {
    try #require(draft.entries.last { $0.date <= now })
  }

  /// What waybar, polybar and tmux print for `entry`.
  func bars(_ entry: Entry) -> [String] {
    let input = RenderInput(widget: "aval", entry: entry)
    return [
      String(decoding: WaybarEmitter.bytes(input, options: RenderOptions()), as: UTF8.self),
      String(decoding: PolybarEmitter.bytes(input, options: RenderOptions()), as: UTF8.self),
      String(decoding: TmuxEmitter.bytes(input, options: RenderOptions()), as: UTF8.self),
    ]
  }

  @Test func austriaShowsTodayThenTomorrowFromViennaMidnight() async throws {
    let today = try Self.text("test_albina_2023_11_27.json")
    let tomorrow = try AvalancheFixture.shifted(today, from: "2023-11-27", to: "2023-11-28")
      .replacingOccurrences(of: "\"considerable\"", with: "\"high\"")
    try await harness.route([
      "/report/2023-11-27/2023-11-27_AT-07_en_CAAMLv6.json": (today, 200),
      "/report/2023-11-28/2023-11-28_AT-07_en_CAAMLv6.json": (tomorrow, 200),
    ])
    let now = AvalancheFixture.utc("2023-11-27T10:00:00Z")
    let draft = try await harness.timeline(["country": .string("at"), "region": .string("AT-07-14-01")], now: now)
    let entry = try current(draft, at: now)
    #expect(entry.level == 3 && entry.classes.contains("level-3"))
    let lines = bars(entry)
    #expect(lines[0].contains("Kauner Ridge 3") && lines[0].contains("level-3"))
    #expect(lines[1].contains("#ff9900") && lines[1].contains("Kauner Ridge 3"))
    #expect(lines[2].contains("#ff9900") && lines[2].contains("Kauner Ridge 3"))
    #expect(entry.tooltip.contains("avalanche.report (CC BY 4.0)"))
    // Vienna's midnight is 23:00 UTC whatever the viewer's zone.
    #expect(try current(draft, at: AvalancheFixture.utc("2023-11-27T22:59:59Z")).level == 3)
    let next = try current(draft, at: AvalancheFixture.utc("2023-11-27T23:00:00Z"))
    #expect(next.level == 4 && bars(next)[0].contains("level-4"))
  }

  @Test func beforeTomorrowIsPublishedIts404IsNoError() async throws {
    try await harness.route([
      "/report/2023-11-27/2023-11-27_AT-07_en_CAAMLv6.json": (try Self.text("test_albina_2023_11_27.json"), 200)
    ])
    let now = AvalancheFixture.utc("2023-11-27T10:00:00Z")
    let draft = try await harness.timeline(["country": .string("at"), "region": .string("AT-07-14-01")], now: now)
    #expect(draft.entries.count == 1)
    // Tomorrow's bulletin is due about 17:00 Vienna: asked again at 17:15.
    #expect(draft.policy == ReloadPolicy.after(AvalancheFixture.utc("2023-11-27T16:15:00Z")))
  }

  @Test func aSplitDayInTrentinoSwitchesAtRomeNoon() async throws {
    try await harness.route([
      "/report/2021-02-22/2021-02-22_IT-32-TN_en_CAAMLv6.json": (try Self.text("test_albina_ampm.caaml.json"), 200)
    ])
    let now = AvalancheFixture.utc("2021-02-22T08:00:00Z")
    let draft = try await harness.timeline(["country": .string("it"), "region": .string("IT-32-TN-09")], now: now)
    let morning = try current(draft, at: AvalancheFixture.utc("2021-02-22T10:59:59Z"))
    let afternoon = try current(draft, at: AvalancheFixture.utc("2021-02-22T11:00:00Z"))
    #expect(morning.level == 2 && bars(morning)[0].contains("level-2"))
    #expect(afternoon.level == 3 && bars(afternoon)[1].contains("#ff9900"))
    #expect(afternoon.tooltip.contains { $0.contains("afternoon: 3 considerable") })
  }

  @Test func switzerlandAndSloveniaShowTodaysLevel() async throws {
    try await harness.route([
      "/slf/bulletin/caaml/en/json": (try Self.text("test_CH_2023_11_27.json"), 200),
      "/lawinen/2025-11-21/2025-11-21_SI_en_CAAMLv6.json": (try Self.text("test_SI.json"), 200),
    ])
    let swiss = try await harness.timeline(
      ["country": .string("ch"), "region": .string("CH-1246")], now: AvalancheFixture.utc("2023-11-27T08:00:00Z"))
    let gadmertal = try current(swiss, at: AvalancheFixture.utc("2023-11-27T08:00:00Z"))
    #expect(bars(gadmertal)[2].contains("Gadmertal 3"))
    #expect(gadmertal.tooltip.contains("SLF, www.slf.ch (CC BY 4.0)"))
    let slovenia = try await harness.timeline(
      ["country": .string("si"), "region": .string("SI-7")], now: AvalancheFixture.utc("2025-11-21T08:00:00Z"))
    let julian = try current(slovenia, at: AvalancheFixture.utc("2025-11-21T08:00:00Z"))
    #expect(bars(julian)[0].contains("Central Julian Alps 2") && bars(julian)[0].contains("level-2"))
  }

  @Test func aUSZoneHoldsItsRatingUntilItsEndOnly() async throws {
    try await harness.route(["/avorg/products/map-layer/SNFAC": (try Self.text("map-layer-snfac.json"), 200)])
    let now = AvalancheFixture.utc("2026-01-15T20:00:00Z")
    let draft = try await harness.timeline(
      ["country": .string("us"), "regions": .array([.string("SNFAC/301"), .string("SNFAC/302")])], now: now)
    let entry = try current(draft, at: now)
    #expect(entry.level == 4 && entry.classes.contains("emergency"))
    #expect(bars(entry)[0].contains("Sawtooth &amp; Western Smoky Mtns 3"))
    #expect(entry.url == "https://www.sawtoothavalanche.com/forecasts/#/sawtooth-western-smoky-mtns")
    #expect(entry.tooltip.contains { $0.contains("Careful snowpack evaluation") })
    #expect(entry.tooltip.contains { $0.contains("Sawtooth Avalanche Center, https://www.sawtoothavalanche.com/") })
    let after = try current(draft, at: AvalancheFixture.utc("2026-01-16T14:00:00Z"))
    #expect(after.level == 0 && after.tooltip.contains { $0.contains("no current rating") })
    let offSeason = try await harness.timeline(["country": .string("us"), "region": .string("SNFAC/303")], now: now)
    #expect(try current(offSeason, at: now).level == 0)
    await #expect(throws: ProviderError.self) {
      try await harness.timeline(["country": .string("us"), "region": .string("SNFAC/999")], now: now)
    }
  }

  @Test func aFailedOrStrangeReplyIsAnErrorNamingWhat() async throws {
    let text = try Self.text("test_SI.json")
    let cases: [(String, Int, String)] = [
      ("oops", 500, "HTTP 500"), ("<html>maintenance</html>", 200, "HTML"),
      (String(text.prefix(500)), 200, "not a CAAMLv6"),
      (text, 200, "no bulletin carries region SI-99"),
    ]
    for (body, status, message) in cases {
      try await harness.route(["/lawinen/2025-11-21/2025-11-21_SI_en_CAAMLv6.json": (body, status)])
      let region = message.contains("SI-99") ? "SI-99" : "SI-7"
      do {
        _ = try await harness.timeline(
          ["country": .string("si"), "region": .string(region)], now: AvalancheFixture.utc("2025-11-21T08:00:00Z"))
        Issue.record("no error for \(message)")
      } catch let error as ProviderError {
        #expect("\(error)".contains(message), "\(error)")
      }
    }
  }

  @Test func anIdNoServicePublishesIsAConfigError() throws {
    #expect(throws: ProviderError.self) {
      try AvalancheProvider(config: try harness.config(["country": .string("at"), "region": .string("CH-7231")]))
    }
    #expect(throws: ProviderError.self) {
      try AvalancheProvider(config: try harness.config(["country": .string("us"), "region": .string("SNFAC")]))
    }
  }
}
