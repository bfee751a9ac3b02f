import Foundation
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

@testable import TimelineKit

/// The refresh rules, in-process with a fixed clock and an in-memory BaniDB.
@Suite struct RefreshRuleTests {
  /// Next IST midnight after `Engine.day`: 2026-03-02T18:30:00Z.
  let midnight: Int64 = 1_772_476_200

  @Test func dueThenNotDueThenDueAgainAtTheReloadTime() async throws {
    let engine = try Engine()
    #expect(try await engine.refresh().isRefreshed)
    #expect(engine.http.paths == ["/v2/hukamnamas/2026/3/2"])
    engine.now += 600
    #expect(try await engine.refresh().notDueUntil == .some(midnight))
    engine.now = midnight - 1
    #expect(try await engine.refresh().notDueUntil == .some(midnight))
    engine.now = midnight
    #expect(try await engine.refresh().isRefreshed)
    // Not published for the new day in the fixture: the dated 404, then the latest.
    #expect(engine.http.paths == ["/v2/hukamnamas/2026/3/2", "/v2/hukamnamas/2026/3/3", "/v2/hukamnamas"])
  }

  @Test func aConfigChangeMakesTheWidgetDue() async throws {
    let engine = try Engine()
    #expect(try await engine.refresh().isRefreshed)
    engine.toml += "translation = \"en.ssk\"\n"
    #expect(try await engine.refresh().isRefreshed)
    #expect(try await engine.refresh().notDueUntil != nil)
  }

  @Test func forceFetchesWhenNotDue() async throws {
    let engine = try Engine()
    #expect(try await engine.refresh().isRefreshed)
    #expect(try await engine.refresh(force: true).isRefreshed)
    #expect(engine.http.paths.count == 2)
  }

  @Test func failuresBackOff15MinutesDoublingToSixHours() async throws {
    let engine = try Engine()
    engine.http.setOffline(true)
    var expected: [Int64] = []
    var seen: [Int64] = []
    for step in 0..<7 {
      let delay = min(Int64(15 * 60) << Int64(step), 6 * 3600)
      let outcome = try await engine.refresh()
      guard case .some(.some(let retry)) = outcome.retryAt else {
        Issue.record("step \(step): \(outcome)")
        return
      }
      expected.append(engine.now + delay)
      seen.append(retry)
      #expect(engine.state?.failures == step + 1)
      // Not due one second before the retry, whatever the timer does.
      engine.now = retry - 1
      #expect(try await engine.refresh().notDueUntil == .some(retry))
      engine.now = retry
    }
    #expect(seen == expected)
    // Back online: the next due run succeeds and the state is cleared.
    engine.http.setOffline(false)
    #expect(try await engine.refresh().isRefreshed)
    #expect(engine.state == nil)
  }

  @Test func retryAfterFromTheServerWinsOverTheBackoff() async throws {
    let engine = try Engine()
    engine.http.setAnswer(status: 503, headers: ["retry-after": "7200"])
    let outcome = try await engine.refresh()
    #expect(outcome.retryAt == .some(engine.now + 7200), "\(outcome)")
  }

  @Test func aRetryAfterDateIsMeasuredFromTheInjectedClock() async throws {
    // Engine.day is 2026-03-02 06:00 UTC: the date is two hours later whatever the
    // machine's clock says.
    let engine = try Engine()
    engine.http.setAnswer(status: 429, headers: ["retry-after": "Mon, 02 Mar 2026 08:00:00 GMT"])
    let outcome = try await engine.refresh()
    #expect(outcome.retryAt == .some(engine.now + 7200), "\(outcome)")
  }

  @Test func aMissingCacheFileIsDueEvenDuringABackoff() async throws {
    let engine = try Engine()
    #expect(try await engine.refresh().isRefreshed)
    engine.now = midnight
    engine.http.setOffline(true)
    guard case .some(.some(let retry)) = try await engine.refresh().retryAt else {
      Issue.record("expected a failure")
      return
    }
    #expect(retry == midnight + 15 * 60)
    engine.http.setOffline(false)
    engine.now += 60
    // Still backing off while the file is there…
    #expect(try await engine.refresh().notDueUntil == .some(retry))
    // …but once it is gone the widget is due at once.
    try FileManager.default.removeItem(atPath: engine.dir.file("cache/hukamnama.json"))
    #expect(try await engine.refresh().isRefreshed)
    #expect(try engine.timeline().entries.isEmpty == false)
  }

  @Test func twoRefreshesAtOnceFetchOnceThanksToTheCheckUnderTheLock() async throws {
    let engine = try Engine()
    let refresher = try engine.refresher()
    async let first = refresher.refresh(["hukamnama"], force: false)
    async let second = refresher.refresh(["hukamnama"], force: false)
    let outcomes = try await [first[0].1, second[0].1]
    #expect(outcomes.filter(\.isRefreshed).count == 1, "\(outcomes)")
    #expect(engine.http.paths == ["/v2/hukamnamas/2026/3/2"])
  }
}

/// The record a refresh reads before it takes a widget's lock is read again under the lock
/// only when a file changed meanwhile (another refresh finished), with real files.
@Suite struct RecordRereadTests {
  @Test func anUnchangedRecordIsKeptAndAChangedOneReadAgain() async throws {
    let engine = try Engine()
    #expect(try await engine.refresh().isRefreshed)
    let store = engine.store
    let first = WidgetRecord.load("hukamnama", store: store)
    let kept = WidgetRecord.load("hukamnama", store: store, unlessUnchanged: first)
    #expect(kept.timeline == first.timeline && kept.timeline != nil)
    // Another refresh writes the cache (same bytes but the generation time): read again.
    var changed = try #require(first.timeline)
    changed.generated += 1
    try store.write(changed)
    #expect(WidgetRecord.load("hukamnama", store: store, unlessUnchanged: first).timeline == changed)
    // A failure written beside it (the state file) is seen too.
    let before = WidgetRecord.load("hukamnama", store: store)
    engine.http.setOffline(true)
    _ = try await engine.refresh(force: true)
    let failed = WidgetRecord.load("hukamnama", store: store, unlessUnchanged: before)
    #expect(before.lastError == nil && failed.lastError != nil, "\(failed)")
    // A cache removed meanwhile reads as missing.
    unlink(store.path(for: "hukamnama"))
    let gone = WidgetRecord.load("hukamnama", store: store, unlessUnchanged: failed)
    #expect(gone.timeline == nil && gone.readError == nil)
    // And one written again after that is read.
    try store.write(changed)
    #expect(WidgetRecord.load("hukamnama", store: store, unlessUnchanged: gone).timeline == changed)
  }
}
