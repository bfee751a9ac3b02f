import Testing
import TimelineCore
import TimelineTestSupport

@Suite struct ISO8601Tests {
  @Test(arguments: [
    ("2026-03-01T19:00:00Z", Int64(1_772_391_600)),
    ("2026-03-01T19:00:00z", 1_772_391_600),
    ("2026-03-01t19:00:00Z", 1_772_391_600),
    ("2026-03-01 19:00:00Z", 1_772_391_600),
    ("2026-03-01T19:00:00", 1_772_391_600),
    ("2026-03-01T19:00", 1_772_391_600),
    ("2026-03-01T19:00:00.750Z", 1_772_391_600),
    ("2026-03-01T19:00:00,5+00:00", 1_772_391_600),
    ("2026-03-02T00:30:00+05:30", 1_772_391_600),
    ("2026-03-02T00:30:00+0530", 1_772_391_600),
    ("2026-03-01T14:00:00-05", 1_772_391_600),
    ("2026-03-01", 1_772_323_200),
    ("1970-01-01T00:00:00Z", 0),
    ("2024-02-29T12:00:00Z", 1_709_208_000),
    ("@1772391600", 1_772_391_600),
  ])
  func parses(_ text: String, _ expected: Int64) {
    #expect(ISO8601.parse(text) == expected)
  }

  @Test(arguments: [
    "", "2026", "2026-3-1", "2026-13-01", "2026-02-29", "2026-04-31", "2026-03-01T24:00:00Z",
    "2026-03-01T19:60", "2026-03-01T19:00:00.Z", "2026-03-01T19:00:00+5", "2026-03-01T19:00:00Zjunk",
    "2026-03-01T19", "yesterday", "@", "@12x", "2026-03-01T19:00:00+05:30:00",
  ])
  func rejects(_ text: String) {
    #expect(ISO8601.parse(text) == nil)
  }

  /// The grammar of a command's output: the same reader, but a zone is required (a local
  /// time must not be taken for UTC) and `@SECONDS` is `--at`'s alone.
  @Test func commandOutputNeedsAZone() {
    #expect(ISO8601.parse("2026-03-01T19:00:00Z", requireZone: true) == 1_772_391_600)
    #expect(ISO8601.parse("2026-03-01T19:00:00.250+00:00", requireZone: true) == 1_772_391_600)
    #expect(ISO8601.parse("2026-03-02T00:30+0530", requireZone: true) == 1_772_391_600)
    for text in ["2026-03-01", "2026-03-01T19:00:00", "2026-03-01T19:00", "@1772391600"] {
      #expect(ISO8601.parse(text, requireZone: true) == nil, "\(text)")
    }
  }

  /// Formatting is total: Int64's limits give a string, not an overflow trap.
  @Test func formattingNeverTraps() {
    #expect(ISOTime.format(0) == "1970-01-01T00:00:00Z")
    #expect(ISOTime.format(-1) == "1969-12-31T23:59:59Z")
    #expect(ISOTime.format(ISOTime.validRange.lowerBound) == "0001-01-01T00:00:00Z")
    #expect(ISOTime.format(ISOTime.validRange.upperBound) == "9999-12-31T23:59:59Z")
    #expect(ISOTime.format(Int64.min).hasSuffix("Z"))
    #expect(ISOTime.format(Int64.max).hasSuffix("Z"))
  }

  /// Near Int64's limits the next change and staleness neither trap nor go backwards.
  @Test func timelineArithmeticAtTheLimits() {
    let placeholder = Entry(date: 0, runs: [TextRun("…")], alt: "placeholder")
    for (date, grace) in [(Int64.max, Int64.max), (Int64.max - 1, 1), (Int64.min, Int64.min), (Int64.min, Int64.max)] {
      let timeline = Timeline(
        widget: "w", kind: "command", entries: [Entry(date: date, runs: [TextRun("x")], alt: "x")],
        policy: .after(date), placeholder: placeholder, generated: 0, grace: grace)
      for now in [Int64.min, 0, Int64.max - 1, Int64.max] {
        _ = timeline.isStale(at: now)
        if let next = timeline.nextChange(after: now) { #expect(next > now) }
      }
      #expect(timeline.fieldOutOfRange != nil)
    }
  }
}
