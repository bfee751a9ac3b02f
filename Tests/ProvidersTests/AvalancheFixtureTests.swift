import Foundation
import Testing
import TimelineCore
import TimelineTestSupport

@testable import Providers

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Recorded replies, rewritten to the test's days and served by a real loopback server.
enum AvalancheFixture {
  static func text(_ name: String) throws -> String {
    try String(contentsOfFile: Paths.fixture("ProvidersTests/Fixtures/avalanche/\(name)"), encoding: .utf8)
  }

  /// Moves every `yyyy-MM-dd` by the days from `from` to `to` (`DateShift`).
  static func shifted(_ text: String, from: String, to: String) throws -> String {
    try DateShift.shift(text, from: from, to: to)
  }

  /// A UTC instant written as ISO 8601 with `Z`.
  static func utc(_ text: String) -> Int64 {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    guard let date = formatter.date(from: text) else {
      Issue.record("not an ISO 8601 time: \(text)")
      return 0
    }
    return Int64(date.timeIntervalSince1970)
  }
}

/// One loopback server plus the files it serves.
final class AvalancheHarness: @unchecked Sendable {
  let server: FixtureServer
  let temp: TempDir

  init() throws {
    temp = try TempDir()
    server = try FixtureServer()
  }

  var sources: Sources {
    get throws {
      Sources([
        .varsom: try SourceURL(server.baseURL + "/varsom"), .lavinprognoser: try SourceURL(server.baseURL + "/wfs"),
        .avalancheReport: try SourceURL(server.baseURL + "/report"),
        .lawinenWarnung: try SourceURL(server.baseURL + "/lawinen"), .aineva: try SourceURL(server.baseURL + "/aineva"),
        .slf: try SourceURL(server.baseURL + "/slf"), .avalancheOrg: try SourceURL(server.baseURL + "/avorg"),
      ])
    }
  }

  /// Serves `text` at `path` with `status`.
  func route(_ routes: [String: (text: String, status: Int)]) async throws {
    var specs: [String: Any] = [:]
    for (index, (path, reply)) in routes.enumerated() {
      let file = try temp.write("reply-\(index).json", reply.text)
      specs[path] = ["status": reply.status, "file": file]
    }
    try await server.setRoutes(specs)
  }

  func context(_ options: [String: ConfigValue], now: Int64) throws -> ProviderContext {
    ProviderContext(
      clock: FixedClock(now), config: try config(options), sources: try sources, http: CurlHTTPClient())
  }

  func config(_ options: [String: ConfigValue]) throws -> WidgetConfig {
    WidgetConfig(name: try .named("avalanche"), kind: "avalanche", options: options, file: "test.toml")
  }

  func timeline(_ options: [String: ConfigValue], now: Int64) async throws -> TimelineDraft {
    let context = try context(options, now: now)
    return try await AvalancheProvider(config: context.config).timeline(context: context)
  }
}

@Suite struct AvalancheFixtureTests {
  @Test func shiftingMovesEveryDateKeepingTimes() throws {
    let text =
      #"{"ValidFrom":"2023-03-01T00:00:00","PublishTime":"2023-02-28T15:32:29.677","valid_to":"2021-03-01 18:00"}"#
    let shifted = try AvalancheFixture.shifted(text, from: "2023-03-01", to: "2026-03-28")
    #expect(shifted.contains(#""ValidFrom":"2026-03-28T00:00:00""#))
    #expect(shifted.contains(#""PublishTime":"2026-03-27T15:32:29.677""#))
    #expect(shifted.contains(#""valid_to":"2024-03-28 18:00""#))
  }
}
