import Glibc
import TimelineCore

/// A time zone, without ICU or a time-zone database of our own. The package's zones, the
/// rules they follow and every local-time computation live in this folder.
///
/// - `.fixed`: a constant offset. India Standard Time (BaniDB dates the Hukamnama by
///   Amritsar's calendar) is UTC+05:30 with no DST since 1945; UTC is the other.
/// - `.centralEurope`: Oslo and Stockholm, by the EU summer-time rule (`EURule`), which
///   gives the same answers as tzdata for both since 1996. The avalanche APIs speak their
///   local time without an offset.
/// - `.user`: the user's own zone as the C library reads it (`TZ`, else /etc/localtime),
///   for text that names a local time (browse's day words, a shabad's slot).
public enum Zone: Sendable, Equatable {
  case fixed(seconds: Int64)
  case centralEurope
  case user

  /// India Standard Time.
  public static let ist = Zone.fixed(seconds: 19_800)
  /// Coordinated Universal Time.
  public static let utc = Zone.fixed(seconds: 0)
  /// Norway's zone (Varsom).
  public static let oslo = Zone.centralEurope
  /// Sweden's zone (lavinprognoser.se).
  public static let stockholm = Zone.centralEurope

  /// The zones known by IANA name: the ones above. Nil for any other name.
  public init?(identifier: String) {
    switch identifier {
    case "Asia/Kolkata", "Asia/Calcutta": self = .ist
    case "Europe/Oslo", "Europe/Stockholm", "Arctic/Longyearbyen": self = .centralEurope
    case "UTC", "Etc/UTC", "GMT", "Etc/GMT", "Z": self = .utc
    default: return nil
    }
  }

  /// Seconds east of UTC at `epoch`.
  public func offset(at epoch: Int64) -> Int64 {
    switch self {
    case .fixed(let seconds): seconds
    case .centralEurope: EURule.offset(at: epoch)
    case .user: UserZone.offset(at: epoch)
    }
  }

  /// The local day, hour, minute and second at `epoch`.
  public func clock(at epoch: Int64) -> LocalClock {
    let (day, second) = ISOTime.dayAndSecond(epoch + offset(at: epoch))
    return LocalClock(
      day: LocalDay(ordinal: Int(day)), hour: Int(second / 3600), minute: Int(second / 60 % 60),
      second: Int(second % 60))
  }

  /// The local calendar day at `epoch`.
  public func day(at epoch: Int64) -> LocalDay { clock(at: epoch).day }

  /// The instant of local wall-clock seconds `local` (seconds since 1970-01-01 00:00 on
  /// the local clock). In a spring-forward gap the time is read with the offset before
  /// the change (02:30 → 03:30 summer time); in an autumn overlap the first occurrence
  /// wins. Neither avalanche API publishes a time inside them. Assumes at most one
  /// change of offset within a day, true of every zone.
  public func epoch(local: Int64) -> Int64 {
    let before = offset(at: local - 86_400)
    let after = offset(at: local + 86_400)
    let candidates = [before, after].filter { offset(at: local - $0) == $0 }
    // Both valid: the overlap; the larger offset is the earlier instant.
    if let offset = candidates.max() { return local - offset }
    return local - before
  }

  /// The instant of a local date and time.
  public func epoch(_ day: LocalDay, hour: Int = 0, minute: Int = 0, second: Int = 0) -> Int64 {
    epoch(local: Int64(day.ordinal) * 86_400 + Int64(hour * 3600 + minute * 60 + second))
  }

  /// Local midnight starting `day`.
  public func start(of day: LocalDay) -> Int64 { epoch(day) }

  /// Local midnight starting the day of `epoch`.
  public func startOfDay(at epoch: Int64) -> Int64 { start(of: day(at: epoch)) }

  /// The next local midnight after `epoch`.
  public func nextMidnight(after epoch: Int64) -> Int64 { start(of: day(at: epoch).adding(days: 1)) }
}

/// A local date and time of day.
public struct LocalClock: Sendable, Equatable {
  /// The local day.
  public var day: LocalDay
  /// 0 to 23.
  public var hour: Int
  /// 0 to 59.
  public var minute: Int
  /// 0 to 59.
  public var second: Int
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
    let year = LocalDay(ordinal: Int(ISOTime.dayAndSecond(epoch).day)).year
    return lastSunday(year, 3) <= epoch && epoch < lastSunday(year, 10) ? summer : standard
  }
}

/// The C library's local time: `localtime_r` reads `TZ` (a zone name, a path or a POSIX
/// rule) and otherwise /etc/localtime, with the system's own tzdata.
enum UserZone {
  /// `tzset` once, before the first conversion (localtime_r need not call it).
  private static let ready: Bool = {
    tzset()
    return true
  }()

  static func offset(at epoch: Int64) -> Int64 {
    _ = ready
    var time = time_t(clamping: epoch)
    var parts = tm()
    guard localtime_r(&time, &parts) != nil else { return 0 }
    return Int64(parts.tm_gmtoff)
  }
}
