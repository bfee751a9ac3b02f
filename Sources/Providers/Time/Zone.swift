import TimelineCore

/// A time zone from the system's time-zone database (`ZoneDatabase`), with its whole history
/// of offsets. Every local-time computation of the package is here, without ICU or the C
/// library's local time, so a service's zone never depends on the viewer's `TZ`.
public struct Zone: Sendable, Equatable, CustomStringConvertible {
  /// The IANA name ("Europe/Vienna"), or what `TZ` said when it named no file.
  let name: String
  let rules: ZoneRules

  /// A constant offset, `seconds` east of UTC (tests, and a context that gives only one).
  static func fixed(seconds: Int64) -> Zone {
    Zone(name: "UTC" + ZoneRules.offsetText(seconds), rules: ZoneRules(fixed: seconds))
  }

  /// India Standard Time (BaniDB dates the Hukamnama by Amritsar's calendar).
  static let ist = named("Asia/Kolkata", else: "IST-5:30")
  static let utc = named("UTC", else: "UTC0")
  /// Varsom's zone.
  static let oslo = named("Europe/Oslo", else: "CET-1CEST,M3.5.0,M10.5.0/3")
  /// lavinprognoser.se's zone.
  static let stockholm = named("Europe/Stockholm", else: "CET-1CEST,M3.5.0,M10.5.0/3")

  /// The user's own zone, as the C library reads it (`UserZone`).
  public static var user: Zone { UserZone.current() }

  /// A zone the package names itself; where the database is missing (a bare container),
  /// `rule`, the POSIX rule its file ends with, stands in (right for current dates).
  static func named(_ name: String, else rule: String) -> Zone {
    if let zone = try? ZoneDatabase.load(name) { return zone }
    return Zone(name: name, rules: ZoneRules(tail: PosixRule(rule)))
  }

  /// The name.
  public var description: String { name }

  /// Seconds east of UTC at `epoch`.
  func offset(at epoch: Int64) -> Int64 { rules.offset(at: epoch) }

  /// The local day, hour, minute and second at `epoch`.
  func clock(at epoch: Int64) -> LocalClock {
    let (day, second) = ISOTime.dayAndSecond(epoch + offset(at: epoch))
    return LocalClock(
      day: LocalDay(ordinal: Int(day)), hour: Int(second / 3600), minute: Int(second / 60 % 60),
      second: Int(second % 60))
  }

  /// The local calendar day at `epoch`.
  func day(at epoch: Int64) -> LocalDay { clock(at: epoch).day }

  /// The instant of local wall-clock seconds `local`. A time in a spring-forward gap is read
  /// with the offset before the change; in an autumn overlap the first occurrence wins.
  /// Assumes at most one change of offset within a day, true of every zone.
  func epoch(local: Int64) -> Int64 {
    let before = offset(at: local - 86_400)
    let after = offset(at: local + 86_400)
    let candidates = [before, after].filter { offset(at: local - $0) == $0 }
    // Both valid: the overlap; the larger offset is the earlier instant.
    if let offset = candidates.max() { return local - offset }
    return local - before
  }

  /// The instant of a local date and time.
  func epoch(_ day: LocalDay, hour: Int = 0, minute: Int = 0, second: Int = 0) -> Int64 {
    epoch(local: Int64(day.ordinal) * 86_400 + Int64(hour * 3600 + minute * 60 + second))
  }

  /// Local midnight starting `day` (the first instant after it where a change skips it).
  func start(of day: LocalDay) -> Int64 { epoch(day) }

  /// Local midnight starting the day of `epoch`.
  func startOfDay(at epoch: Int64) -> Int64 { start(of: day(at: epoch)) }

  /// The next local midnight after `epoch`.
  func nextMidnight(after epoch: Int64) -> Int64 { start(of: day(at: epoch).adding(days: 1)) }
}

/// A local date and time of day.
struct LocalClock: Sendable, Equatable {
  var day: LocalDay
  /// 0 to 23.
  var hour: Int
  /// 0 to 59.
  var minute: Int
  /// 0 to 59.
  var second: Int
}

/// Why a zone could not be read.
public enum ZoneError: Error, Equatable, CustomStringConvertible {
  /// The name is not a database name (empty, absolute, `..`, odd characters).
  case invalidName(String)
  /// The database has no such zone (or no database is installed).
  case missing(String, directory: String)
  /// The file is there but is not a TZif file this reader understands.
  case damaged(String, why: String)

  /// One line naming the zone.
  public var description: String {
    switch self {
    case .invalidName(let name): "\"\(name)\" is not a time-zone name (like Europe/Vienna)"
    case .missing(let name, let directory):
      "time zone \(name) is not in \(directory) (is the tzdata package installed?)"
    case .damaged(let name, let why): "time zone \(name): the database file is damaged (\(why))"
    }
  }
}

extension Zone {
  /// The zone named `identifier` ("Europe/Vienna") from the database. Throws for a name
  /// that is not a plain relative one (it may come from a server) and for a zone the
  /// database lacks.
  public init(identifier: String) throws(ZoneError) {
    self = try ZoneDatabase.load(identifier)
  }
}
