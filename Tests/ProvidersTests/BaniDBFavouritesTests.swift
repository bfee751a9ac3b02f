import Foundation
import Testing
import TimelineCore
import TimelineTestSupport

@testable import Providers

@Suite struct BaniDBFavouritesTests {
  let kind = FavouritesProvider.kind
  let hour: Int64 = 3600
  let now = BaniDBFixture.epoch("2026-03-01T07:30:00Z")

  func config(_ options: [String: ConfigValue]) -> WidgetConfig {
    // The import path is relative to the config file, as a user would write it.
    BaniDBFixture.config(kind, options, file: BaniDBFixture.path("config.toml"))
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
    let config = config(["import": .string("favourites.gkhoj"), "folder": .string("Morning"), "shabads": .array([.int(3492)])])
    let provider = try FavouritesProvider(config: config)
    let draft = try await provider.timeline(context: BaniDBFixture.context(server, at: now, config))
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
    let config = config(["import": .string("favourites.gkhoj"), "shabads": .array([.string("3492")])])
    let provider = try FavouritesProvider(config: config)
    let first = try await provider.timeline(context: BaniDBFixture.context(server, at: now, config))
    let saved = try #require(first.entries.first { $0.key == "shabad:3492" })
    #expect(saved.text.hasPrefix("ਨਾਨਕ ਮੰਨਿਆ"))  // the bookmarked line, not the title
    #expect(try await BaniDBFixture.paths(server).count == 4)
    // Much later, past the cycle: everything comes from the cache.
    let later = now + 40 * hour
    let previous = BaniDBFixture.cached(first, kind: kind)
    let second = try await provider.timeline(context: BaniDBFixture.context(server, at: later, config, previous: previous))
    #expect(try await BaniDBFixture.paths(server).count == 4)
    #expect(second.entries[0].date <= later && later < second.entries[1].date)
    // The rotation is a function of the clock, so both timelines agree on every slot.
    let order = ["shabad:3492", "shabad:2565", "shabad:100", "shabad:300"]
    for entry in first.entries + second.entries {
      #expect(entry.key == order[Int(entry.date / (3 * hour) % 4)])
    }
    _ = try await provider.timeline(context: BaniDBFixture.context(server, at: later, config, previous: previous, force: true))
    #expect(try await BaniDBFixture.paths(server).count == 8)
  }

  @Test func unknownIdIsNamedAndTheOthersStillShow() async throws {
    let server = try server([])
    let config = config(["shabads": .array([.int(3492), .int(99_999)])])
    let draft = try await FavouritesProvider(config: config).timeline(context: BaniDBFixture.context(server, at: now, config))
    #expect(draft.entries.count == 2 && draft.entries.allSatisfy { $0.key == "shabad:3492" })
    #expect(draft.entries[0].tooltip.contains("⚠ shabad 99999 is not in BaniDB"))
    #expect(draft.policy == .after(draft.end! - 3 * hour))
    let onlyBad = self.config(["shabads": .array([.int(99_999)])])
    let error = await #expect(throws: ProviderError.self) {
      try await FavouritesProvider(config: onlyBad).timeline(context: BaniDBFixture.context(server, at: now, onlyBad))
    }
    #expect(error?.message.contains("99999") == true)
  }

  @Test func configErrors() async throws {
    let bad = #expect(throws: ProviderError.self) {
      try FavouritesProvider(config: config(["shabads": .array([.int(1), .string("abc")])]))
    }
    #expect(bad?.isConfig == true && bad?.message.contains("\"abc\"") == true && bad?.message.contains("shabads") == true)
    #expect(throws: ProviderError.self) { try FavouritesProvider(config: config([:])) }
    #expect(throws: ProviderError.self) { try FavouritesProvider(config: config(["shabads": .array([.int(1)]), "folder": .string("x")])) }
    let server = try server([])
    let absent = config(["import": .string("nope.gkhoj")])
    let missing = await #expect(throws: ProviderError.self) {
      try await FavouritesProvider(config: absent).timeline(context: BaniDBFixture.context(server, at: now, absent))
    }
    #expect(missing?.isConfig == true && missing?.message.contains("nope.gkhoj") == true)
    let noFolder = config(["import": .string("favourites.gkhoj"), "folder": .string("Night")])
    let folder = await #expect(throws: ProviderError.self) {
      try await FavouritesProvider(config: noFolder).timeline(context: BaniDBFixture.context(server, at: now, noFolder))
    }
    #expect(folder?.message.contains("\"Morning\"") == true)
    #expect(try await BaniDBFixture.paths(server).isEmpty)
  }
}
