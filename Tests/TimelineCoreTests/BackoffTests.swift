import Testing
import TimelineCore

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
