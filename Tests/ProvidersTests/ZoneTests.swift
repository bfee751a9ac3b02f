import Glibc
import Testing
import TimelineCore
import TimelineTestSupport

@testable import Providers

/// The zone against the system's database as glibc reads it: GNU `date` for every zone the
/// providers use and zones of both hemispheres (and half-hour ones) across 2026, every
/// quarter hour of each DST day, and `zdump -v` for the instants of each change in 2026
/// and in 2045 (past the files' listed changes, where the footer's rule speaks).
/// Serialized with the user's zone tests: those change the process's `TZ`.
@Suite(.serialized) struct ZoneTests {
  static let instants: [Int64] = {
    let year2026 = ISOTime.days(year: 2026, month: 1, day: 1) * 86_400
    // Every 7 h 13 min through the year: every hour of the day and every weekday comes up.
    var instants = Array(stride(from: year2026 - 86_400, to: year2026 + 367 * 86_400, by: 26_000))
    // Every quarter hour from two days before to two days after each EU switch, the US
    // ones (8 March, 1 November), Sydney's and Lord Howe's (5 April, 4 October) and
    // Santiago's (5 April, 6 September).
    for (month, day) in [(3, 29), (10, 25), (3, 8), (11, 1), (4, 5), (10, 4), (9, 6)] {
      let switchDay = ISOTime.days(year: 2026, month: Int64(month), day: Int64(day)) * 86_400
      instants += stride(from: switchDay - 2 * 86_400, to: switchDay + 2 * 86_400, by: 900)
    }
    return instants
  }()

  static let names = [
    "Europe/Oslo", "Europe/Stockholm", "Asia/Kolkata", "UTC", "Europe/Vienna", "Europe/Rome", "Europe/Ljubljana",
    "Europe/Zurich", "Europe/Berlin", "America/Denver", "America/Boise", "America/Los_Angeles", "America/Anchorage",
    "Australia/Sydney", "America/Santiago", "Australia/Lord_Howe", "Asia/Kathmandu", "America/St_Johns",
  ]

  /// `date` printing each instant in `tz` (nil: TZ unset, so /etc/localtime), one process.
  static func gnuDate(_ tz: String?, _ format: String, _ inputs: [String]) throws -> [String] {
    let dir = try TempDir()
    let file = try dir.write("inputs", inputs.joined(separator: "\n") + "\n")
    let zone = tz.map { ["TZ=" + $0] } ?? ["-u", "TZ"]
    let result = try run("/usr/bin/env", zone + ["LC_ALL=C", "date", "-f", file, "+" + format])
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout.split(separator: "\n").map(String.init)
  }

  /// Our text for each instant in `zone`, in the same shape as `format` below.
  static func ours(_ zone: Zone) -> [String] {
    instants.map { "\(TimeText.dateTime($0, in: zone)) \(zone.day(at: $0)) \(zone.offset(at: $0))" }
  }
  static let format = "%a %-d %b %Y, %H:%M %Y-%m-%d %::z"

  /// GNU's `%::z` (+05:30:00) as seconds, so both sides print the same thing.
  static func normalised(_ lines: [String]) -> [String] {
    lines.map { line in
      guard let space = line.lastIndex(of: " ") else { return line }
      let offset = line[line.index(after: space)...]
      let sign: Int64 = offset.first == "-" ? -1 : 1
      let parts = offset.dropFirst().split(separator: ":").compactMap { Int64($0) }
      guard parts.count == 3 else { return line }
      return line[..<space] + " \(sign * (parts[0] * 3600 + parts[1] * 60 + parts[2]))"
    }
  }

  static func expectSame(_ ours: [String], _ gnu: [String], _ name: String) {
    #expect(ours.count == gnu.count, "\(name)")
    let wrong = zip(ours, gnu).filter { $0 != $1 }
    #expect(wrong.isEmpty, "\(name): \(wrong.count) differ, first \(wrong.prefix(3))")
  }

  /// `zdump -v` for `year`: each change's last second and first second, as (UTC instant,
  /// offset) pairs.
  static func zdump(_ name: String, year: Int) throws -> [(Int64, Int64)] {
    let result = try run("/usr/bin/zdump", ["-v", "-c", "\(year),\(year + 1)", name])
    #expect(result.status == 0, "\(result.stderr)")
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    return result.stdout.split(separator: "\n").compactMap { line in
      // "Europe/Vienna  Sun Mar 29 00:59:59 2026 UT = Sun Mar 29 01:59:59 2026 CET isdst=0 gmtoff=3600"
      let words = line.split(separator: " ")
      guard words.count > 6, words[6] == "UT", let month = months.firstIndex(of: String(words[2])),
        let day = Int64(words[3]), let year = Int64(words[5]), let offset = words.last?.split(separator: "=").last,
        let seconds = Int64(offset)
      else { return nil }
      let clock = words[4].split(separator: ":").compactMap { Int64($0) }
      let epoch =
        ISOTime.days(year: year, month: Int64(month + 1), day: day) * 86_400 + clock[0] * 3600 + clock[1] * 60
        + clock[2]
      return (epoch, seconds)
    }
  }

  @Test(arguments: names)
  func aZoneMatchesGNUDateThroughTheYear(name: String) throws {
    let zone = try Zone(identifier: name)
    #expect(zone.name == name)
    Self.expectSame(
      Self.ours(zone), Self.normalised(try Self.gnuDate(name, Self.format, Self.instants.map { "@\($0)" })), name)
    // Every local midnight of the year, as `date` reads "2026-03-29 00:00" in that zone.
    // Where a change skips midnight (Santiago, 6 September), the day starts at the change.
    let all = (0..<366).map { LocalDay(year: 2026, month: 1, day: 1).adding(days: $0) }
    let days = all.filter { zone.clock(at: zone.start(of: $0)).hour == 0 }
    let midnights = try Self.gnuDate(name, "%s", days.map { "\($0) 00:00" })
    Self.expectSame(days.map { "\(zone.start(of: $0))" }, midnights, name + " midnights")
    for day in all where !days.contains(day) {
      let start = zone.start(of: day)
      #expect(zone.offset(at: start - 1) != zone.offset(at: start) && zone.day(at: start - 1) < day, "\(name) \(day)")
    }
    #expect(
      all.dropLast().allSatisfy { zone.nextMidnight(after: zone.start(of: $0)) == zone.start(of: $0.adding(days: 1)) })
  }

  @Test(arguments: names)
  func everyChangeIsWhereZdumpPutsIt(name: String) throws {
    let zone = try Zone(identifier: name)
    for year in [2026, 2045] {
      let changes = try Self.zdump(name, year: year)
      let wrong = changes.filter { zone.offset(at: $0.0) != $0.1 }
      #expect(wrong.isEmpty, "\(name) \(year): \(wrong.prefix(3))")
      // The footer's rule alone gives the same year as the listed changes.
      let rule = try #require(zone.rules.tail ?? PosixRule("UTC0"))
      #expect(changes.allSatisfy { rule.offset(at: $0.0) == $0.1 }, "\(name) \(year) by the rule")
    }
  }

  @Test func theProvidersZonesComeFromTheDatabase() throws {
    for (zone, name) in [
      (Zone.oslo, "Europe/Oslo"), (.stockholm, "Europe/Stockholm"), (.ist, "Asia/Kolkata"), (.utc, "UTC"),
    ] {
      #expect(zone == (try Zone(identifier: name)))
    }
    #expect(Zone.oslo.rules.transitions.count > 100)
  }

  @Test func wallTimesInTheGapAndTheOverlap() throws {
    let oslo = Zone.oslo
    // 29 March 2026, 02:30 does not exist in Oslo: read with winter time, it is 03:30 CEST.
    #expect(oslo.epoch(LocalDay(year: 2026, month: 3, day: 29), hour: 2, minute: 30) == 1_774_747_800)
    // 25 October 2026, 02:30 happens twice: the first (CEST, 00:30 UTC) wins.
    #expect(oslo.epoch(LocalDay(year: 2026, month: 10, day: 25), hour: 2, minute: 30) == 1_792_888_200)
    // Sydney's are the other way round: 4 October springs forward, 5 April falls back.
    let sydney = try Zone(identifier: "Australia/Sydney")
    #expect(sydney.epoch(LocalDay(year: 2026, month: 10, day: 4), hour: 2, minute: 30) == 1_791_045_000)
    #expect(sydney.epoch(LocalDay(year: 2026, month: 4, day: 5), hour: 2, minute: 30) == 1_775_316_600)
    for zone in [oslo, sydney] {
      for instant in Self.instants {
        let clock = zone.clock(at: instant)
        let back = zone.epoch(clock.day, hour: clock.hour, minute: clock.minute, second: clock.second)
        // Round trip everywhere but the repeated hour's second pass.
        #expect(back == instant || back == instant - 3600, "\(zone) \(instant)")
      }
    }
  }

  @Test func aNameThatLeavesTheDatabaseOrIsNotThereIsAnErrorNamingIt() {
    for name in ["", "../../etc/passwd", "/etc/localtime", "Europe/../UTC", "Europe//Oslo", "Europe/Oslo\n", "Europe/"]
    {
      #expect(throws: ZoneError.invalidName(name)) { try Zone(identifier: name) }
    }
    #expect(throws: ZoneError.missing("Mars/Olympus_Mons", directory: "/usr/share/zoneinfo")) {
      try Zone(identifier: "Mars/Olympus_Mons")
    }
    #expect("\(ZoneError.missing("Mars/Olympus_Mons", directory: "/usr/share/zoneinfo"))".contains("Mars/Olympus_Mons"))
    // A directory of the database is not a zone.
    #expect(throws: ZoneError.missing("America", directory: "/usr/share/zoneinfo")) { try Zone(identifier: "America") }
  }
}
