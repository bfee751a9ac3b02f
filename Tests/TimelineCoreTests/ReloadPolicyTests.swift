import Testing
import TimelineCore
import TimelineTestSupport

@Suite struct ReloadPolicyTests {
  func timeline(_ policy: ReloadPolicy, dates: [Int64] = [100, 200], end: Int64? = nil, grace: Int64 = 3600) -> Timeline
  {
    Timeline(
      widget: "w", kind: "k", entries: dates.map { Entry(date: $0, runs: [], alt: "x") }, end: end,
      policy: policy, placeholder: Entry(date: 0, runs: [], alt: "placeholder"), generated: 50, grace: grace)
  }

  @Test func atEndIsDueAtTheEndDate() {
    #expect(timeline(.atEnd, end: 500).due == 500)
  }

  @Test func atEndWithoutAnEndIsDueAtTheLastEntry() {
    #expect(timeline(.atEnd).due == 200)
  }

  @Test func atEndWithNoEntriesIsDueAtOnce() {
    #expect(timeline(.atEnd, dates: []).due == 50)
  }

  @Test func afterIsDueAtItsDate() {
    #expect(timeline(.after(1234)).due == 1234)
  }

  @Test func neverIsNeverDueAndNeverStale() {
    let t = timeline(.never)
    #expect(t.due == nil)
    #expect(!t.isStale(at: Int64.max - 1))
  }

  @Test func staleOnlyAfterTheGrace() {
    let t = timeline(.after(1000), grace: 3600)
    #expect(!t.isStale(at: 1000 + 3600))
    #expect(t.isStale(at: 1000 + 3601))
  }
}
