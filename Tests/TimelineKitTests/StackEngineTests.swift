import EmitRuntime
import Foundation
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

@testable import Emitters
@testable import TimelineKit

/// The stack and relevance through the refresh engine: the config rules, a refresh of a
/// stack (its members', none of its own), the scores each kind writes, `relevance_boost`,
/// `status` and `browse` on a stack. Real config files, real caches, an in-memory BaniDB,
/// a fixed clock.
@Suite struct StackEngineTests {
  static let config = """
    [widgets.hukamnama]
    kind = "hukamnama"
    fresh = "6h"

    [widgets.shabad]
    kind = "random-shabad"
    relevance_boost = 20

    [widgets.now]
    kind = "stack"
    widgets = ["hukamnama", "shabad"]
    min_display = "5m"
    """

  func configError(_ toml: String) -> String? {
    do {
      _ = try ConfigLoader.parse(toml, file: "c.toml")
      return nil
    } catch {
      return error.description
    }
  }

  @Test func aStackInsideAStackAnUnknownMemberOrAnEmptyListIsAConfigErrorNamingTheKey() {
    let base = "[widgets.a]\nkind = \"random-shabad\"\n"
    #expect(
      configError(base + "[widgets.s]\nkind = \"stack\"\nwidgets = [\"a\", \"b\"]\n")
        == "c.toml:5:17: [widgets.s] widgets: no widget \"b\" in this config (widgets: a)")
    #expect(
      configError(base + "[widgets.s]\nkind = \"stack\"\nwidgets = []\n")?.hasPrefix(
        "c.toml:5:11: [widgets.s] widgets: expected a non-empty array") == true)
    #expect(
      configError(
        base + "[widgets.s]\nkind = \"stack\"\nwidgets = [\"a\"]\n[widgets.t]\nkind = \"stack\"\nwidgets = [\"s\"]\n")
        == "c.toml:8:12: [widgets.t] widgets: \"s\" is a stack; a stack cannot hold another stack")
    #expect(configError(base + "[widgets.s]\nkind = \"stack\"\nwidgets = [\"a\"]\n") == nil)
  }

  @Test func aBadBoostOrMinDisplayNamesItsKey() throws {
    let engine = try Engine("[widgets.h]\nkind = \"hukamnama\"\nrelevance_boost = \"lots\"\n")
    #expect(throws: ConfigError.self) { _ = try engine.refresher().providers(for: []) }
    do {
      _ = try engine.refresher().providers(for: [])
    } catch {
      #expect("\(error)".contains("[widgets.h] relevance_boost"))
    }
    let stack = try Engine(
      "[widgets.h]\nkind = \"hukamnama\"\n[widgets.s]\nkind = \"stack\"\nwidgets = [\"h\"]\nmin_display = \"soon\"\n")
    do {
      _ = try stack.refresher().providers(for: [])
      Issue.record("min_display = \"soon\" was accepted")
    } catch {
      #expect("\(error)".contains("[widgets.s] min_display"))
    }
  }

  @Test func refreshingAStackRefreshesItsMembersAndWritesItsMembersList() async throws {
    let engine = try Engine(Self.config)
    let results = try await engine.refresher().refresh(["now"], force: false)
    #expect(results.map(\.0.text) == ["now", "hukamnama", "shabad"])
    #expect(results.allSatisfy { $0.1.isRefreshed })
    // The stack's own refresh made no request: the hukamnama's and the shabads' alone.
    #expect(engine.http.paths.allSatisfy { $0.contains("/hukamnamas") || $0.contains("/random/") })
    let stack = try engine.timeline("now")
    #expect(stack.kind == "stack" && stack.entries.isEmpty && stack.members == ["hukamnama", "shabad"])
    #expect(stack.minDisplay == 300 && stack.due == nil)
  }

  @Test func eachKindWritesItsScoresAndTheBoostShiftsThem() async throws {
    let engine = try Engine(Self.config)
    _ = try await engine.refresher().refresh([], force: false)
    // 06:00 UTC is 11:30 IST: today's Hukamnama, fresh for 6 h from IST midnight (18:30 UTC).
    let today = try engine.timeline("hukamnama").entries[0]
    let dayStart = Engine.day - 11 * 3600 - 1800
    #expect(today.relevance == Relevance(50, changes: [(dayStart + 6 * 3600, 20), (dayStart + 86_400, 5)]))
    #expect(today.score(at: Engine.day) == 20 && today.score(at: dayStart + 3600) == 50)
    #expect(try engine.timeline("hukamnama").entries[1].relevance == Relevance(5))
    // The random shabad's 10, boosted by 20.
    #expect(try engine.timeline("shabad").entries.allSatisfy { $0.relevance == Relevance(30) })
    let resolved = EmitPipeline.resolve(widget: "now", directory: engine.store.directory, now: Engine.day)
    #expect(resolved.member == "shabad" && resolved.ranking == ["shabad", "hukamnama"])
  }

  @Test func statusRanksTheStackAndJSONCarriesEveryEntrysRelevance() async throws {
    let engine = try Engine(Self.config)
    _ = try await engine.refresher().refresh([], force: false)
    let rows = try StatusRow.rows(["now"], config: engine.config(), store: engine.store, now: Engine.day)
    let stack = try #require(rows.first)
    #expect(stack.ranking.map(\.name) == ["shabad", "hukamnama"] && stack.ranking.map(\.score) == [30, 20])
    #expect(stack.relevance == 30)
    let table = StatusRow.table(rows, now: Engine.day)
    #expect(table.contains("  ranking:      shabad 30 · hukamnama 20"))
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(StatusRow.json(rows).utf8)) as? [[String: Any]])
    let hukamnama = try #require(json.first { $0["widget"] as? String == "hukamnama" })
    #expect(hukamnama["relevance"] as? Int == 20)
    let perEntry = try #require(hukamnama["entryRelevance"] as? [[String: Any]])
    #expect(perEntry.map { $0["relevance"] as? Int } == [50, 5])
    #expect((json[0]["ranking"] as? [[String: Any]])?.first?["widget"] as? String == "shabad")
  }

  @Test func browsingAStackTurnsThroughItsMembersAndShowFindsTheChosenEntry() async throws {
    let engine = try Engine(Self.config)
    _ = try await engine.refresher().refresh([], force: false)
    let browse = BrowseStore(directory: engine.dir.file("run"))
    let config = try engine.config()
    let first = try Browser.move(
      .next, widget: "now", config: config, cache: engine.store, browse: browse, now: Engine.day)
    #expect(first.offset == 1 && first.label == "hukamnama (2 of 2)")
    let shown = EmitPipeline.resolve(
      widget: "now", directory: engine.store.directory, now: Engine.day + 1, browse: browse)
    #expect(shown.member == "hukamnama" && shown.state.browsing != nil)
    // Past the last member the turn wraps to the top, which is now.
    let wrapped = try Browser.move(
      .next, widget: "now", config: config, cache: engine.store, browse: browse, now: Engine.day)
    #expect(try wrapped.offset == 0 && browse.read(.named("now")) == nil)
    let (timeline, index) = try CurrentEntry.find(
      widget: "now", at: nil, store: engine.store, now: Engine.day, config: { config })
    #expect(timeline.widget == "shabad" && !timeline.detail(of: timeline.entries[index]).isEmpty)
  }

  @Test func oldCachesWithAFractionStillReadAndAnEntryWithoutScoreCountsTen() throws {
    let dir = try TempDir()
    let old = """
      {"version":2,"meta":{"widget":"w","kind":"command","generated":0,"due":null,"grace":0,"end":null,"policy":"never","configHash":"","count":2,"entryBytes":%d,"placeholder":{"date":0,"alt":"p","runs":[]}},"entries":[
      %@],"extra":[
      ]}

      """
    let lines =
      "{\"date\":10,\"alt\":\"a\",\"runs\":[{\"t\":\"x\"}],\"relevance\":0.85},\n{\"date\":20,\"alt\":\"a\",\"runs\":[{\"t\":\"y\"}]}\n"
    let text = old.replacingOccurrences(of: "%d", with: "\(lines.utf8.count)").replacingOccurrences(
      of: "%@", with: lines)
    try text.write(toFile: dir.file("w.json"), atomically: true, encoding: .utf8)
    let timeline = try CacheReader.timeline(path: dir.file("w.json"))
    #expect(timeline.entries.map { $0.score(at: 30) } == [85, 10])
    #expect(CacheReader.view(path: dir.file("w.json"), at: 15).current?.relevance == Relevance(85))
  }
}
