import Testing
import TimelineCore

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
