import Foundation
import Testing
import TimelineTestSupport

/// Never blank while there is something true to show: one good refresh, then the server
/// fails, and `timeline-emit --at` walks seven simulated days.
extension ProvidersEndToEndTests {
  func waybar(_ widget: String, at instant: Int64) throws -> (classes: [String], tooltip: String, text: String) {
    let result = try run(Paths.binary("timeline-emit"), ["waybar", widget, "--at", "@\(instant)"], environment: env)
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
    return (object["class"] as? [String] ?? [], object["tooltip"] as? String ?? "", object["text"] as? String ?? "")
  }

  @Test func sevenDaysOfflineTheBaniDBKindsNeverShowThePlaceholder() async throws {
    let refreshed = try run(Paths.binary("timeline"), ["refresh"], environment: env)
    #expect(refreshed.status == 0, "\(refreshed.stderr)")
    let start = Int64(Date().timeIntervalSince1970)
    // From now on every request fails; a refresh keeps the cache as it was.
    try await server.setRoutes(["/*": ["status": 503, "body": "down"]])
    let failed = try run(Paths.binary("timeline"), ["refresh", "--force"], environment: env)
    #expect(failed.status == 1)
    var texts: [String: Set<String>] = [:]
    var staleSeen: Set<String> = []
    // Every 97 minutes for 7 days: an odd step, so it lands at every time of day.
    for instant in stride(from: start, to: start + 7 * 86_400, by: 97 * 60) {
      for widget in ["random-shabad", "hukamnama", "favourites"] {
        let shown = try waybar(widget, at: instant)
        #expect(!shown.classes.contains("placeholder") && !shown.classes.isEmpty, "\(widget) at \(instant - start) s")
        texts[widget, default: []].insert(shown.text)
        if shown.classes.contains("stale") { staleSeen.insert(widget) }
        if widget == "hukamnama" && instant > start + 86_400 {
          #expect(shown.classes.contains("not-today") && shown.tooltip.contains("Hukamnama, "), "\(shown)")
        }
      }
    }
    // Marked stale once overdue, and the old shabads go on showing.
    #expect(staleSeen == ["random-shabad", "hukamnama", "favourites"])
    #expect(texts.values.allSatisfy { !$0.contains("…") })
    // After the seven days the rotation ends; a past day's avalanche level is never
    // today's: after its last day the placeholder shows.
    let avalanche = try waybar("avalanche", at: start + 7 * 86_400)
    #expect(avalanche.classes.contains("placeholder"), "\(avalanche)")
  }
}
