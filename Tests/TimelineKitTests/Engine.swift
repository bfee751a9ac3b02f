import Foundation
import TimelineCache
import TimelineCore
import TimelineKit
import TimelineTestSupport

/// The refresh engine in-process: a temporary cache, a config written to a file, an
/// in-memory BaniDB and a clock the test sets.
final class Engine: @unchecked Sendable {
  let dir: TempDir
  let http = MemoryHTTPClient()
  var now: Int64
  var toml: String

  /// 2026-03-02 06:00 UTC, 11:30 in Amritsar: the day of the dated hukamnama fixture.
  static let day: Int64 = 1_772_431_200
  static let banidb = "ProvidersTests/Fixtures/banidb/"

  init(_ toml: String = "[widgets.hukamnama]\nkind = \"hukamnama\"\n", at now: Int64 = Engine.day) throws {
    dir = try TempDir()
    self.now = now
    self.toml = "[sources]\nbanidb = \"http://127.0.0.1:9/v2\"\n\n" + toml
    try http.route(
      "/v2/hukamnamas/2026/3/2", file: Paths.fixture(Self.banidb + "hukamnama-2026-03-02-two-shabads.json"))
    try http.route("/v2/hukamnamas", file: Paths.fixture(Self.banidb + "hukamnama-latest-2025-10-13.json"))
    try http.route("/v2/random/*", file: Paths.fixture(Self.banidb + "random-3492.json"))
    try http.route("/v2/shabads/*", file: Paths.fixture(Self.banidb + "random-3492.json"))
  }

  var configFile: String { dir.file("config.toml") }
  var store: CacheStore { CacheStore(directory: dir.file("cache")) }

  func config() throws -> AppConfig {
    try toml.write(toFile: configFile, atomically: true, encoding: .utf8)
    return try ConfigLoader.parse(toml, file: configFile)
  }

  func refresher() throws -> Refresher {
    let http = self.http
    return Refresher(config: try config(), store: store, clock: FixedClock(now), makeHTTP: { _ in http })
  }

  /// One refresh of `widget` at `now`.
  func refresh(_ widget: WidgetName = "hukamnama", force: Bool = false) async throws -> Refresher.Outcome {
    let results = try await refresher().refresh([widget], force: force)
    guard let outcome = results.first?.1 else { throw TestSupportError("no outcome") }
    return outcome
  }

  func timeline(_ widget: String = "hukamnama") throws -> Timeline {
    try CacheReader.timeline(path: dir.file("cache/\(widget).json"))
  }

  var state: WidgetState? { store.state(of: "hukamnama") }
}

extension Refresher.Outcome {
  var isRefreshed: Bool { if case .refreshed = self { true } else { false } }
  var notDueUntil: Int64?? { if case .notDue(let until) = self { until } else { nil } }
  var retryAt: Int64?? { if case .failed(_, let retry, _) = self { retry } else { nil } }
}
