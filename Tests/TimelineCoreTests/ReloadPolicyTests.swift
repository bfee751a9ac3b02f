import Testing
import TimelineCore

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

@Suite struct BackoffTests {
  let backoff = Backoff()

  @Test func doublesFromFifteenMinutes() {
    #expect(backoff.delay(failures: 1) == 900)
    #expect(backoff.delay(failures: 2) == 1800)
    #expect(backoff.delay(failures: 3) == 3600)
    #expect(backoff.delay(failures: 4) == 7200)
  }

  @Test func capsAtSixHours() {
    #expect(backoff.delay(failures: 6) == 6 * 3600)
    #expect(backoff.delay(failures: 1000) == 6 * 3600)
  }

  @Test func honoursALongerRetryAfter() {
    #expect(backoff.delay(failures: 1, retryAfter: 7200) == 7200)
    #expect(backoff.delay(failures: 1, retryAfter: 120) == 900)
  }
}

@Suite struct ISOTimeTests {
  @Test func formatsUTC() {
    #expect(ISOTime.format(0) == "1970-01-01T00:00:00Z")
    #expect(ISOTime.format(1_772_391_600) == "2026-03-01T19:00:00Z")
    #expect(ISOTime.format(-1) == "1969-12-31T23:59:59Z")
  }

  @Test func daysRoundTrip() {
    for day in Int64(-1000)...Int64(30000) where day % 97 == 0 {
      let (y, m, d) = ISOTime.civil(fromDays: day)
      #expect(ISOTime.days(year: y, month: m, day: d) == day)
    }
  }
}
