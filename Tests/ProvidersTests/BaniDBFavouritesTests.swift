import Foundation
import Testing
import TimelineCore
import TimelineTestSupport

@testable import Providers

@Suite struct BaniDBFavouritesTests {
  let kind = FavouritesProvider.kind
  let hour: Int64 = 3600
  let now = BaniDBFixture.epoch("2026-03-01T07:30:00Z")

  func config(_ options: [String: ConfigValue]) throws -> WidgetConfig {
    // The import path is relative to the config file, as a user would write it.
    try BaniDBFixture.config(kind, options, file: BaniDBFixture.path("config.toml"))
  }

  func server(_ ids: [Int]) throws -> FixtureServer {
    var routes: [String: Any] = ["/v2/shabads/3492": BaniDBFixture.file("random-3492.json")]
    for id in ids where id != 3492 { routes["/v2/shabads/\(id)"] = try BaniDBFixture.shabadBody(id: id) }
    return try FixtureServer(routes: routes)
  }

  @Test func gkhojImportWithFolderSelection() throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: BaniDBFixture.path("favourites.gkhoj")))
    let nodes = try GurbaniKhoj.parse(data)
    #expect(GurbaniKhoj.shabads(nodes).map(\.id) == [3492, 2565, 100, 300])
    #expect(GurbaniKhoj.folderNames(nodes) == ["Morning", "Nested", "Evening"])
    #expect(GurbaniKhoj.folder("morning", in: nodes).map(GurbaniKhoj.shabads)?.map(\.id) == [2565, 100])
    #expect(GurbaniKhoj.folder("Nested", in: nodes).map(GurbaniKhoj.shabads)?.map(\.id) == [100])
    #expect(GurbaniKhoj.folder("Evening", in: nodes).map(GurbaniKhoj.shabads)?.map(\.id) == [300])
    #expect(throws: (any Error).self) { try GurbaniKhoj.parse(Data("{\"a\": 1}".utf8)) }
  }

  @Test func importedFolderIsFetchedOnceAndRotates() async throws {
    let server = try server([2565, 100])
    let config = try config([
      "import": .string("favourites.gkhoj"), "folder": .string("Morning"), "shabads": .array([.int(3492)]),
    ])
    let provider = try FavouritesProvider(config: config)
    let draft = try await BaniDBFixture.fresh(
      provider.timeline(context: BaniDBFixture.context(server, at: now, config)))
    #expect(Set(try await BaniDBFixture.paths(server)) == ["/shabads/3492", "/shabads/2565", "/shabads/100"])
    let interval = 3 * hour
    let slot = now / interval
    #expect(draft.entries.map(\.date) == (0..<3).map { (slot + $0) * interval })
    #expect(draft.entries[0].date <= now && now < draft.entries[1].date)
    let order = ["shabad:3492", "shabad:2565", "shabad:100"]
    #expect(draft.entries.map(\.key) == (0..<3).map { order[Int((slot + $0) % 3)] })
    #expect(draft.end == (slot + 3) * interval && draft.policy == .after((slot + 2) * interval))
    #expect(draft.entries.allSatisfy { $0.classes == ["shabad", "favourite"] })
  }

  @Test func savedLineIsShownAndNothingIsRefetchedWithoutForce() async throws {
    let server = try FixtureServer(routes: [
      "/v2/shabads/3492": BaniDBFixture.file("random-3492.json"),
      "/v2/shabads/*": try BaniDBFixture.shabadBody(id: 1),
    ])
    let config = try config(["import": .string("favourites.gkhoj"), "shabads": .array([.string("3492")])])
    let provider = try FavouritesProvider(config: config)
    let first = try await BaniDBFixture.fresh(
      provider.timeline(context: BaniDBFixture.context(server, at: now, config)))
    let saved = try #require(first.entries.first { $0.key == "shabad:3492" })
    #expect(saved.text.hasPrefix("ਨਾਨਕ ਮੰਨਿਆ"))  // the bookmarked line, not the title
    #expect(try await BaniDBFixture.paths(server).count == 4)
    // Much later, past the cycle: everything comes from the cache.
    let later = now + 40 * hour
    let previous = BaniDBFixture.cached(first, kind: kind)
    let second = try await BaniDBFixture.fresh(
      provider.timeline(context: BaniDBFixture.context(server, at: later, config, previous: previous)))
    #expect(try await BaniDBFixture.paths(server).count == 4)
    #expect(second.entries[0].date <= later && later < second.entries[1].date)
    // The rotation is a function of the clock, so both timelines agree on every slot.
    let order = ["shabad:3492", "shabad:2565", "shabad:100", "shabad:300"]
    for entry in first.entries + second.entries {
      #expect(entry.key == order[Int(entry.date / (3 * hour) % 4)])
    }
    _ = try await provider.timeline(
      context: BaniDBFixture.context(server, at: later, config, previous: previous, force: true))
    #expect(try await BaniDBFixture.paths(server).count == 8)
  }

  @Test func unknownIdIsNamedRememberedAndTheOthersStillShow() async throws {
    let server = try server([])
    let config = try config(["shabads": .array([.int(3492), .int(99_999)])])
    let provider = try FavouritesProvider(config: config)
    let draft = try await BaniDBFixture.fresh(
      provider.timeline(context: BaniDBFixture.context(server, at: now, config)))
    let shown = draft.entries.filter { $0.key == "shabad:3492" }
    #expect(shown.count == 2)
    #expect(shown.allSatisfy { $0.tooltip.contains("⚠ shabad 99999 could not be fetched (not found)") })
    #expect(shown.allSatisfy { $0.classes == ["shabad", "favourite", "warning"] })
    // The 404 is remembered in a never-current entry before the first slot.
    let marker = try #require(draft.entries.first { $0.key == "missing:99999" })
    #expect(marker.date < shown[0].date && shown[0].date <= now)
    let cached = BaniDBFixture.cached(draft, kind: kind)
    #expect(cached.current(at: now)?.key == "shabad:3492")
    #expect(draft.policy == .after(draft.end! - 3 * hour))
    #expect(try await BaniDBFixture.paths(server).sorted() == ["/shabads/3492", "/shabads/99999"])
    // The next cycle asks for nothing, and still says which id is wrong.
    let later = now + 7 * hour
    let second = try await BaniDBFixture.fresh(
      provider.timeline(context: BaniDBFixture.context(server, at: later, config, previous: cached)))
    #expect(try await BaniDBFixture.paths(server).count == 2)
    #expect(second.entries.contains { $0.key == "missing:99999" })
    #expect(
      second.entries.filter { $0.key == "shabad:3492" }.allSatisfy {
        $0.tooltip.filter { $0.hasPrefix("⚠") } == ["⚠ shabad 99999 could not be fetched (not found)"]
      })
    // --force asks again (as does a changed config: the engine then passes no previous).
    _ = try await provider.timeline(
      context: BaniDBFixture.context(server, at: later, config, previous: cached, force: true))
    #expect(try await BaniDBFixture.paths(server).filter { $0 == "/shabads/99999" }.count == 2)
    let onlyBad = try self.config(["shabads": .array([.int(99_999)])])
    let error = await #expect(throws: ProviderError.self) {
      try await FavouritesProvider(config: onlyBad).timeline(context: BaniDBFixture.context(server, at: now, onlyBad))
    }
    #expect(error?.message.contains("99999") == true)
  }

  @Test func upstreamErrorTextNeverReachesTheBar() async throws {
    let leak = "ER_ACCESS_DENIED_ERROR: Access denied for user banidb@10.0.3.7"
    let server = try FixtureServer(routes: [
      "/v2/shabads/3492": BaniDBFixture.file("random-3492.json"),
      "/v2/shabads/123": BaniDBFixture.error(500, leak),
      "/v2/shabads/124": ["status": 429, "body": "Too Many Requests"],
    ])
    let config = try config(["shabads": .array([.int(3492), .int(123), .int(124)])])
    let draft = try await BaniDBFixture.fresh(
      FavouritesProvider(config: config).timeline(context: BaniDBFixture.context(server, at: now, config)))
    #expect(!draft.entries.isEmpty)
    for entry in draft.entries {
      #expect(entry.tooltip.contains("⚠ shabad 123 could not be fetched (HTTP 500)"))
      #expect(entry.tooltip.contains("⚠ shabad 124 could not be fetched (rate limited)"))
      let everything = [entry.text, entry.short ?? ""] + entry.tooltip + entry.detail.map(\.plainText)
      #expect(!everything.contains { $0.contains("ER_ACCESS") || $0.contains("10.0.3.7") || $0.contains("Too Many") })
    }
    // A failure that is not a 404 is retried soon.
    #expect(draft.policy == .after(now + 30 * 60))
    // BaniDB's own words go to `lastError` only: the error thrown when nothing loads.
    let bad = try self.config(["shabads": .array([.int(123)])])
    let error = await #expect(throws: ProviderError.self) {
      try await FavouritesProvider(config: bad).timeline(context: BaniDBFixture.context(server, at: now, bad))
    }
    #expect(error?.message.hasPrefix("BaniDB: HTTP 500") == true)
  }

  @Test func importIsRelativeToTheConfigFileAndReadAtLoad() throws {
    #expect(
      FavouritesProvider.resolve("f.gkhoj", relativeTo: "conf/config.toml", cwd: "/home/u") == "/home/u/conf/f.gkhoj")
    #expect(FavouritesProvider.resolve("f.gkhoj", relativeTo: "config.toml", cwd: "/home/u") == "/home/u/f.gkhoj")
    #expect(FavouritesProvider.resolve("f.gkhoj", relativeTo: "/etc/t/config.toml", cwd: "/home/u") == "/etc/t/f.gkhoj")
    #expect(FavouritesProvider.resolve("../f.gkhoj", relativeTo: "./a/config.toml", cwd: "/w") == "/w/./a/../f.gkhoj")
    #expect(FavouritesProvider.resolve("/abs/f.gkhoj", relativeTo: "a/config.toml", cwd: "/w") == "/abs/f.gkhoj")
    #expect(FavouritesProvider.resolve("f.gkhoj", relativeTo: "<embedded default>", cwd: "/w") == "/w/f.gkhoj")
    // A relative config path is made absolute against the working directory.
    let cwd = FileManager.default.currentDirectoryPath
    let relative = WidgetConfig(
      name: try .named("fav"), kind: kind, options: ["import": .string("x.gkhoj")], file: "sub/config.toml")
    let error = #expect(throws: ProviderError.self) { try FavouritesProvider(config: relative) }
    #expect(
      error?.isConfig == true
        && error?.message.contains((cwd as NSString).appendingPathComponent("sub/x.gkhoj")) == true)
    // The import is read at load time: the saved list is known before any fetch.
    let provider = try FavouritesProvider(
      config: config(["import": .string("favourites.gkhoj"), "folder": .string("Evening")]))
    #expect(provider.saved.map(\.id) == [300])
  }

  @Test func configErrors() async throws {
    let bad = #expect(throws: ProviderError.self) {
      try FavouritesProvider(config: config(["shabads": .array([.int(1), .string("abc")])]))
    }
    #expect(
      bad?.isConfig == true && bad?.message.contains("\"abc\"") == true && bad?.message.contains("shabads") == true)
    #expect(throws: ProviderError.self) { try FavouritesProvider(config: config([:])) }
    #expect(throws: ProviderError.self) {
      try FavouritesProvider(config: config(["shabads": .array([.int(1)]), "folder": .string("x")]))
    }
    // A missing import or folder is a config error when the config is loaded, not at refresh.
    let missing = #expect(throws: ProviderError.self) {
      try FavouritesProvider(config: config(["import": .string("nope.gkhoj")]))
    }
    #expect(missing?.isConfig == true && missing?.message.contains("nope.gkhoj") == true)
    let folder = #expect(throws: ProviderError.self) {
      try FavouritesProvider(config: config(["import": .string("favourites.gkhoj"), "folder": .string("Night")]))
    }
    #expect(folder?.isConfig == true && folder?.message.contains("\"Morning\"") == true)
    let notPlist = #expect(throws: ProviderError.self) {
      try FavouritesProvider(config: config(["import": .string("random-3492.json")]))
    }
    #expect(notPlist?.isConfig == true && notPlist?.message.contains("not a Gurbani Khoj export") == true)
  }
}
