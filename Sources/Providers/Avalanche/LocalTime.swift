import Foundation
import TimelineCore

/// A calendar day, free of any time zone.
struct LocalDay: Sendable, Hashable, Comparable, CustomStringConvertible {
  var year: Int
  var month: Int
  var day: Int

  /// `yyyy-MM-dd`, as the APIs and varsom.no links want it.
  var description: String {
    String(format: "%04d-%02d-%02d", year, month, day)
  }

  /// Parses the leading `yyyy-MM-dd` of `text`.
  init?(_ text: some StringProtocol) {
    let parts = text.prefix(10).split(separator: "-")
    guard parts.count == 3, let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
      (1...12).contains(m), (1...31).contains(d)
    else { return nil }
    (year, month, day) = (y, m, d)
  }

  init(year: Int, month: Int, day: Int) {
    (self.year, self.month, self.day) = (year, month, day)
  }

  /// Days since 1970-01-01 (proleptic Gregorian), so day arithmetic needs no calendar.
  var ordinal: Int { Int(ISOTime.days(year: Int64(year), month: Int64(month), day: Int64(day))) }

  init(ordinal: Int) {
    let (y, m, d) = ISOTime.civil(fromDays: Int64(ordinal))
    self.init(year: Int(y), month: Int(m), day: Int(d))
  }

  func adding(days: Int) -> LocalDay { LocalDay(ordinal: ordinal + days) }

  /// 0 = Monday … 6 = Sunday.
  var weekday: Int { ((ordinal % 7) + 7 + 3) % 7 }

  static func < (a: LocalDay, b: LocalDay) -> Bool { a.ordinal < b.ordinal }
}

/// Wall-clock maths in one zone. The APIs speak local time without an offset, so every
/// instant we store (UTC epoch) is made here, DST included.
///
/// Both zones in use (Oslo, Stockholm) are Central European Time. When the system has no
/// tzdata for the zone, the EU rule is applied by arithmetic instead of a fixed offset:
/// UTC+1, and UTC+2 from the last Sunday of March 01:00 UTC to the last Sunday of
/// October 01:00 UTC. It gives the same answers as tzdata for these zones since 1996.
struct LocalZone: Sendable {
  /// The tzdata zone, or nil when the system lacks it (then `EURule` applies).
  let zone: TimeZone?
  private let calendar: Calendar?

  static let oslo = LocalZone("Europe/Oslo")
  static let stockholm = LocalZone("Europe/Stockholm")

  /// `tzdata: false` forces the arithmetic path (for tests).
  init(_ identifier: String, tzdata: Bool = true) {
    zone = tzdata ? TimeZone(identifier: identifier) : nil
    calendar = zone.map { zone in
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = zone
      return calendar
    }
  }

  /// The local calendar day at `epoch`.
  func day(at epoch: Int64) -> LocalDay { clock(at: epoch).0 }

  /// The local day, hour and minute at `epoch`.
  func clock(at epoch: Int64) -> (LocalDay, Int, Int) {
    guard let calendar else {
      let local = epoch + EURule.offset(at: epoch)
      let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
      let seconds = Int(local - days * 86_400)
      return (LocalDay(ordinal: Int(days)), seconds / 3600, seconds / 60 % 60)
    }
    let parts = calendar.dateComponents(
      [.year, .month, .day, .hour, .minute], from: Date(timeIntervalSince1970: TimeInterval(epoch)))
    let day = LocalDay(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    return (day, parts.hour ?? 0, parts.minute ?? 0)
  }

  /// The instant of a local wall-clock time. In the spring-forward gap the time is read
  /// with the winter offset (02:30 → 03:30 summer time); in the autumn overlap the first
  /// (summer) occurrence wins. Both match Foundation's choice; neither API publishes a
  /// time inside them.
  func epoch(_ day: LocalDay, hour: Int = 0, minute: Int = 0, second: Int = 0) -> Int64 {
    let local = Int64(day.ordinal) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    guard let calendar else { return EURule.epoch(local: local) }
    var parts = DateComponents()
    (parts.year, parts.month, parts.day) = (day.year, day.month, day.day)
    (parts.hour, parts.minute, parts.second) = (hour, minute, second)
    guard let date = calendar.date(from: parts) else { return EURule.epoch(local: local) }
    return Int64(date.timeIntervalSince1970.rounded(.down))
  }

  /// Local midnight starting `day`.
  func start(of day: LocalDay) -> Int64 { epoch(day) }

  /// Parses `yyyy-MM-ddTHH:mm[:ss[.f{0,7}]]` (or with a space) as local time; a trailing
  /// `Z` or `±hh:mm` is honoured if a server ever adds one.
  func parse(_ text: String) -> Int64? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard trimmed.count >= 10, let day = LocalDay(trimmed) else { return nil }
    var rest = Substring(trimmed.dropFirst(10))
    guard let separator = rest.first else { return start(of: day) }
    guard separator == "T" || separator == " " else { return nil }
    rest = rest.dropFirst()
    var offset: Int? = nil
    if rest.hasSuffix("Z") {
      offset = 0
      rest = rest.dropLast()
    } else if rest.count > 6, let sign = rest.dropLast(5).last.map({ $0 }), sign == "+" || sign == "-" {
      let tail = rest.suffix(5).split(separator: ":")
      guard tail.count == 2, let h = Int(tail[0]), let m = Int(tail[1]) else { return nil }
      offset = (sign == "-" ? -1 : 1) * (h * 3600 + m * 60)
      rest = rest.dropLast(6)
    }
    let wholeSeconds = rest.split(separator: ".", maxSplits: 1)
    if wholeSeconds.count == 2 {
      guard (1...7).contains(wholeSeconds[1].count), wholeSeconds[1].allSatisfy(\.isNumber) else { return nil }
    }
    let clock = (wholeSeconds.first ?? "").split(separator: ":")
    guard (2...3).contains(clock.count), let h = Int(clock[0]), let m = Int(clock[1]),
      (0...23).contains(h), (0...59).contains(m)
    else { return nil }
    let s = clock.count == 3 ? Int(clock[2]) : 0
    guard let s, (0...60).contains(s) else { return nil }
    if let offset {
      return Int64(day.ordinal) * 86_400 + Int64(h * 3600 + m * 60 + s - offset)
    }
    return epoch(day, hour: h, minute: m, second: s)
  }
}

/// Central European Time by the EU summer-time rule (Directive 2000/84/EC): UTC+1, and
/// UTC+2 from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of
/// October.
enum EURule {
  static let standard: Int64 = 3600
  static let summer: Int64 = 7200

  /// 01:00 UTC on the last Sunday of `month` in `year` (March or October: 31 days).
  static func lastSunday(_ year: Int, _ month: Int) -> Int64 {
    let last = LocalDay(year: year, month: month, day: 31)
    let sunday = last.adding(days: -((last.weekday + 1) % 7))
    return Int64(sunday.ordinal) * 86_400 + 3600
  }

  /// The UTC offset in seconds at `epoch`.
  static func offset(at epoch: Int64) -> Int64 {
    let days = epoch >= 0 ? epoch / 86_400 : (epoch - 86_399) / 86_400
    let year = LocalDay(ordinal: Int(days)).year
    return lastSunday(year, 3) <= epoch && epoch < lastSunday(year, 10) ? summer : standard
  }

  /// The instant of local seconds-since-epoch `local`.
  static func epoch(local: Int64) -> Int64 {
    if offset(at: local - summer) == summer { return local - summer }
    return local - standard
  }
}
