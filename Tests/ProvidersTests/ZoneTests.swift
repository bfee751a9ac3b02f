import Glibc
import Testing
import TimelineCore
import TimelineTestSupport

@testable import Providers

/// The time room against GNU `date` (glibc and the system's tzdata): every zone the
/// providers use and the user's own zone under several `TZ` values, across 2026 and every
/// quarter hour of both DST days. Serialized: the user's zone is read from the process's
/// `TZ`, which the last test changes and restores.
@Suite(.serialized) struct ZoneTests {
  static let instants: [Int64] = {
    let year2026 = ISOTime.days(year: 2026, month: 1, day: 1) * 86_400
    // Every 7 h 13 min through the year: every hour of the day and every weekday comes up.
    var instants = Array(stride(from: year2026 - 86_400, to: year2026 + 367 * 86_400, by: 26_000))
    // Every quarter hour from two days before to two days after each EU switch, the US
    // ones (8 March, 1 November) and Lord Howe's (5 April, 4 October).
    for (month, day) in [(3, 29), (10, 25), (3, 8), (11, 1), (4, 5), (10, 4)] {
      let switchDay = ISOTime.days(year: 2026, month: Int64(month), day: Int64(day)) * 86_400
      instants += stride(from: switchDay - 2 * 86_400, to: switchDay + 2 * 86_400, by: 900)
    }
    return instants
  }()

  /// `date` printing each instant in `tz` (nil: TZ unset, so /etc/localtime), one process.
  func gnuDate(_ tz: String?, _ format: String, _ inputs: [String]) throws -> [String] {
    let dir = try TempDir()
    let file = try dir.write("inputs", inputs.joined(separator: "\n") + "\n")
    let zone = tz.map { ["TZ=" + $0] } ?? ["-u", "TZ"]
    let result = try run("/usr/bin/env", zone + ["LC_ALL=C", "date", "-f", file, "+" + format])
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout.split(separator: "\n").map(String.init)
  }

  /// Our text for each instant in `zone`, in the same shape as `format` below.
  func ours(_ zone: Zone) -> [String] {
    Self.instants.map { "\(TimeText.dateTime($0, in: zone)) \(zone.day(at: $0)) \(zone.offset(at: $0))" }
  }
  let format = "%a %-d %b %Y, %H:%M %Y-%m-%d %::z"

  /// GNU's `%::z` (+05:30:00) as seconds, so both sides print the same thing.
  func normalised(_ lines: [String]) -> [String] {
    lines.map { line in
      guard let space = line.lastIndex(of: " ") else { return line }
      let offset = line[line.index(after: space)...]
      let sign: Int64 = offset.first == "-" ? -1 : 1
      let parts = offset.dropFirst().split(separator: ":").compactMap { Int64($0) }
      guard parts.count == 3 else { return line }
      return line[..<space] + " \(sign * (parts[0] * 3600 + parts[1] * 60 + parts[2]))"
    }
  }

  func expectSame(_ ours: [String], _ gnu: [String], _ name: String) {
    #expect(ours.count == gnu.count, "\(name)")
    let wrong = zip(ours, gnu).filter { $0 != $1 }
    #expect(wrong.isEmpty, "\(name): \(wrong.count) differ, first \(wrong.prefix(3))")
  }

  @Test(arguments: [
    ("Europe/Oslo", Zone.oslo), ("Europe/Stockholm", .stockholm), ("Asia/Kolkata", .ist), ("UTC", .utc),
  ])
  func aProviderZoneMatchesGNUDate(name: String, zone: Zone) throws {
    #expect(Zone(identifier: name) == zone)
    let gnu = normalised(try gnuDate(name, format, Self.instants.map { "@\($0)" }))
    expectSame(ours(zone), gnu, name)
    // Every local midnight of the year, as `date` reads "2026-03-29 00:00" in that zone.
    let days = (0..<366).map { LocalDay(year: 2026, month: 1, day: 1).adding(days: $0) }
    let midnights = try gnuDate(name, "%s", days.map { "\($0) 00:00" })
    expectSame(days.map { "\(zone.start(of: $0))" }, midnights, name + " midnights")
    #expect(
      days.dropLast().allSatisfy { zone.nextMidnight(after: zone.start(of: $0)) == zone.start(of: $0.adding(days: 1)) })
  }

  @Test func wallTimesInTheGapAndTheOverlap() {
    let oslo = Zone.oslo
    // 29 March 2026, 02:30 does not exist in Oslo: read with winter time, it is 03:30 CEST.
    #expect(oslo.epoch(LocalDay(year: 2026, month: 3, day: 29), hour: 2, minute: 30) == 1_774_747_800)
    // 25 October 2026, 02:30 happens twice: the first (CEST, 00:30 UTC) wins.
    #expect(oslo.epoch(LocalDay(year: 2026, month: 10, day: 25), hour: 2, minute: 30) == 1_792_888_200)
    for instant in Self.instants {
      let clock = oslo.clock(at: instant)
      let back = oslo.epoch(clock.day, hour: clock.hour, minute: clock.minute, second: clock.second)
      // Round trip everywhere but the repeated hour's second pass.
      #expect(back == instant || back == instant - 3600, "\(instant)")
    }
  }

  @Test func theUsersZoneFollowsTZAsGNUDateDoes() throws {
    let saved = getenv("TZ").map { String(cString: $0) }
    defer {
      if let saved { setenv("TZ", saved, 1) } else { unsetenv("TZ") }
      tzset()
    }
    let values: [String?] = [
      nil, "UTC", "Europe/Oslo", ":Europe/Stockholm", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata",
      "EST5EDT,M3.2.0,M11.1.0", "/usr/share/zoneinfo/America/Sao_Paulo",
    ]
    for tz in values {
      if let tz { setenv("TZ", tz, 1) } else { unsetenv("TZ") }
      tzset()
      let mine = ours(.user)
      expectSame(mine, normalised(try gnuDate(tz, format, Self.instants.map { "@\($0)" })), tz ?? "TZ unset")
    }
  }
}
