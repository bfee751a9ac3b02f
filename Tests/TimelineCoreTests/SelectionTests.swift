import Testing
import TimelineTestSupport

@testable import TimelineCore

@Suite struct SelectionTests {
  func entry(_ date: Int64, _ text: String = "") -> Entry {
    Entry(date: date, runs: [TextRun(text.isEmpty ? "e\(date)" : text)], alt: "x")
  }

  func timeline(_ dates: [Int64], end: Int64? = nil, policy: ReloadPolicy = .atEnd) -> Timeline {
    Timeline(
      widget: "w", kind: "command", entries: dates.map { entry($0) }, end: end, policy: policy,
      placeholder: Entry(date: 0, runs: [TextRun("…")], alt: "placeholder"), generated: 0)
  }

  @Test func beforeTheFirstEntryThereIsNone() {
    #expect(timeline([100, 200]).current(at: 99) == nil)
    #expect(timeline([100, 200]).display(at: 99).alt == "placeholder")
  }

  @Test func exactlyAtAnEntryDateThatEntryIsCurrent() {
    #expect(timeline([100, 200]).current(at: 100)?.date == 100)
    #expect(timeline([100, 200]).current(at: 200)?.date == 200)
  }

  @Test func betweenEntriesTheEarlierIsCurrent() {
    #expect(timeline([100, 200, 300]).current(at: 250)?.date == 200)
  }

  @Test func afterTheEndTheTimelineHasExpired() {
    let t = timeline([100, 200], end: 300)
    #expect(t.current(at: 299)?.date == 200)
    #expect(t.current(at: 300) == nil)
    #expect(t.display(at: 1000).alt == "placeholder")
  }

  @Test func withoutAnEndTheLastEntryStays() {
    #expect(timeline([100, 200]).current(at: 1_000_000)?.date == 200)
  }

  @Test func anEmptyTimelineShowsThePlaceholder() {
    #expect(timeline([]).current(at: 100) == nil)
  }

  @Test func entriesAreSortedWhateverTheInputOrder() {
    let t = timeline([300, 100, 200])
    #expect(t.entries.map(\.date) == [100, 200, 300])
    #expect(t.current(at: 150)?.date == 100)
  }

  @Test(arguments: [0, 1, 2, 7, 100])
  func binarySearchAgreesWithALinearScan(count: Int) {
    let dates = (0..<count).map { Int64($0 * 10) }
    for now in Int64(-5)...Int64(count * 10 + 5) {
      let linear = dates.lastIndex { $0 <= now }
      #expect(Selection.currentIndex(dates: dates.count, dateAt: { dates[$0] }, now: now) == linear)
    }
  }

  @Test func nextChangeIsTheNextEntryOrTheEnd() {
    let t = timeline([100, 200], end: 250, policy: .never)
    #expect(t.nextChange(after: 100) == 200)
    #expect(t.nextChange(after: 200) == 250)
    #expect(t.nextChange(after: 250) == nil)
  }

  /// One rule for staleness and the instant it starts, used by `Timeline` and the
  /// emitters alike: a negative grace counts as 0, and a due time at the end of time is
  /// never stale.
  @Test func theStaleBoundaryIsOneRuleWithGraceClampedAtZero() {
    #expect(Selection.staleFrom(due: 1000, grace: 60) == 1061)
    #expect(Selection.staleFrom(due: 1000, grace: -60) == 1001)
    #expect(Selection.staleFrom(due: Int64.max - 10, grace: 10) == nil)
    #expect(Selection.staleFrom(due: Int64.max - 10, grace: 20) == nil)
    #expect(Selection.staleFrom(due: nil, grace: 0) == nil)
    #expect(!Selection.isStale(due: 1000, grace: -60, now: 1000) && Selection.isStale(due: 1000, grace: -60, now: 1001))
    var t = timeline([100], end: nil, policy: .after(1000))
    t.grace = -60
    #expect(t.nextChange(after: 500) == 1001)
    #expect(t.isStale(at: 1001) && t.nextChange(after: 1001) == nil)
    #expect(Selection.nextChange(nextDate: 1200, end: 1100, due: 1000, grace: -60, now: 500) == 1001)
    #expect(Selection.nextChange(nextDate: 400, end: 1100, due: 1000, grace: 0, now: 500) == 1001)
  }
}
