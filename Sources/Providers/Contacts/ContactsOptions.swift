import Platform
import TimelineCore

/// The options the two address-book kinds share, and the diagnostics `status` and
/// `doctor` ask them for.
struct ContactsOptions: Sendable {
  static let defaultPath = "~/.local/share/contacts"

  /// The folder or file, `~/` expanded.
  var path: String
  /// `private = true`: initials instead of names, for screen sharing.
  var isPrivate: Bool

  init(_ options: inout Options) throws {
    let raw = try options.string("contacts", default: Self.defaultPath) ?? Self.defaultPath
    guard !raw.isEmpty else { throw options.invalid("contacts", expected: "the path of a vCard folder or .vcf file") }
    path = Self.expand(raw)
    isPrivate = try options.bool("private", default: false)
  }

  static func expand(_ path: String) -> String {
    guard path == "~" || path.hasPrefix("~/") else { return path }
    return (Environment.get("HOME") ?? "") + path.dropFirst()
  }

  /// How a contact is named in the bar.
  func shown(_ contact: Contact) -> String { isPrivate ? contact.initials : contact.name }
}

/// A provider that reads local files and can say what it passed over: `timeline status`
/// and `timeline doctor` print these lines (skipped cards, damaged log lines).
public protocol LocalDiagnostics {
  /// One line per problem, read now from the files (no network).
  func diagnostics() -> [String]
}

/// A number of days, weeks, months or years: "14d", "2w", "1m", "1y". Months and years
/// are calendar months (a period of "1m" from 31 January ends on the last of February).
public struct Period: Sendable, Equatable, CustomStringConvertible {
  /// Days, weeks, months or years.
  enum Unit: String, Sendable { case d, w, m, y }
  /// How many units (1 to 3650).
  var count: Int
  var unit: Unit

  /// Parses "14d", "2w", "1m" or "1y"; nil for anything else.
  public init?(_ text: String) {
    guard let last = text.last, let unit = Unit(rawValue: String(last)), let count = Int(text.dropLast()),
      count > 0, count <= 3650
    else { return nil }
    self.count = count
    self.unit = unit
  }

  /// The period as the config writes it ("2w").
  public var description: String { "\(count)\(unit.rawValue)" }

  /// The day one period after `day`.
  public func after(_ day: Int) -> Int {
    switch unit {
    case .d: return day + count
    case .w: return day + 7 * count
    case .m, .y:
      let (year, month, date) = ISOTime.civil(fromDays: Int64(day))
      let months = Int(month) - 1 + (unit == .m ? count : 12 * count)
      let targetYear = Int(year) + months / 12
      let targetMonth = months % 12 + 1
      let last = [31, ContactDate.isLeap(targetYear) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][targetMonth - 1]
      return Int(ISOTime.days(year: Int64(targetYear), month: Int64(targetMonth), day: Int64(min(Int(date), last))))
    }
  }

  /// The period's length in days from `day`, for the overdue fraction.
  func days(from day: Int) -> Int { after(day) - day }
}
