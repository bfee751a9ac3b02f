import Foundation
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

@testable import TimelineKit

/// Config errors and `status`, checked the same way `refresh` checks them.
@Suite struct ConfigAndStatusTests {
  @Test func aChangedFavouritesImportMakesTheWidgetDue() async throws {
    let engine = try Engine("[widgets.favs]\nkind = \"favourites\"\nimport = \"saved.gkhoj\"\n")
    let one = try engine.dir.write("saved.gkhoj", Self.gkhoj([3492]))
    #expect(try await engine.refresh("favs").isRefreshed)
    #expect(try await engine.refresh("favs").notDueUntil != nil)
    try Self.gkhoj([3492, 1234]).write(toFile: one, atomically: true, encoding: .utf8)
    #expect(try await engine.refresh("favs").isRefreshed)
    #expect(Set(try engine.timeline("favs").entries.compactMap(\.key)) == ["shabad:3492", "shabad:1234"])
    // Only the new bookmark is fetched: the cached shabad is kept.
    #expect(engine.http.paths == ["/v2/shabads/3492", "/v2/shabads/1234"])
    // Unchanged content: not due again.
    #expect(try await engine.refresh("favs").notDueUntil != nil)
  }

  @Test func statusRefusesAnUnknownOptionNamingTheKeyAndFile() throws {
    let engine = try Engine("[widgets.hukamnama]\nkind = \"hukamnama\"\ncolour_of_sky = 3\n")
    let config = try engine.config()
    #expect {
      try StatusRow.rows([], config: config, store: engine.store, now: engine.now)
    } throws: { error in
      let text = "\(error)"
      return text.contains("colour_of_sky") && text.contains(engine.configFile)
    }
  }

  @Test func statusShowsOnlyTheNamedWidgetsAndRefusesUnknownOnes() async throws {
    let engine = try Engine("[widgets.hukamnama]\nkind = \"hukamnama\"\n\n[widgets.other]\nkind = \"random-shabad\"\n")
    #expect(try await engine.refresh().isRefreshed)
    let config = try engine.config()
    let rows = try StatusRow.rows(["hukamnama"], config: config, store: engine.store, now: engine.now)
    #expect(rows.map(\.widget) == ["hukamnama"])
    #expect(rows[0].entries > 0 && rows[0].lastError == nil && !rows[0].stale)
    let all = try StatusRow.rows([], config: config, store: engine.store, now: engine.now)
    #expect(all.map(\.widget) == ["hukamnama", "other"])
    #expect(all[1].entries == 0 && all[1].nextRefresh == engine.now)
    #expect(throws: ConfigError.self) {
      try StatusRow.rows(["nope"], config: config, store: engine.store, now: engine.now)
    }
  }

  @Test func aProviderConfigErrorIsTheSameForRefreshAndStatus() async throws {
    let engine = try Engine("[widgets.hukamnama]\nkind = \"hukamnama\"\ntranslation = \"xx\"\n")
    var fromRefresh = ""
    do { _ = try await engine.refresh() } catch { fromRefresh = "\(error)" }
    var fromStatus = ""
    do { _ = try StatusRow.rows([], config: try engine.config(), store: engine.store, now: engine.now) } catch {
      fromStatus = "\(error)"
    }
    #expect(!fromRefresh.isEmpty && fromRefresh == fromStatus)
    #expect(fromStatus.contains("translation") && fromStatus.contains(engine.configFile))
  }

  /// A Gurbani Khoj export with `ids` at the top level.
  static func gkhoj(_ ids: [Int]) -> String {
    let items = ids.map { "<array><string>line</string><integer>\($0)</integer></array>" }.joined()
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><array>\(items)</array></plist>
      """
  }
}
