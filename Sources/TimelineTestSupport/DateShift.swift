import TimelineCore

/// Recorded replies moved onto the test's calendar, shared by the provider and reliability
/// tests: every `yyyy-MM-dd` moves by the whole days from `from` to `to` (both
/// `yyyy-MM-dd`), so dates such as ValidFrom, PublishTime or valid_to keep their relations
/// and their times of day. Plain UTC calendar arithmetic (TimelineCore's `ISOTime`),
/// independent of the providers' own time code. A `yyyy-MM-dd` that is no date throws
/// rather than pass unshifted.
public enum DateShift {
  /// `text` with every date moved by the days from `from` to `to` (both `yyyy-MM-dd`).
  public static func shift(_ text: String, from: String, to: String) throws -> String {
    let days = try day(to) - day(from)
    let bytes = Array(text.utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      if isDate(bytes, at: index) {
        let shifted = try day(String(decoding: bytes[index..<index + 10], as: UTF8.self)) + days
        let (y, m, d) = ISOTime.civil(fromDays: shifted)
        out += Array("\(ISOTime.pad(y, 4))-\(ISOTime.pad(m, 2))-\(ISOTime.pad(d, 2))".utf8)
        index += 10
      } else {
        out.append(bytes[index])
        index += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Days since 1970-01-01 of a `yyyy-MM-dd` day.
  public static func day(_ text: String) throws -> Int64 {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int64($0) }
    guard text.utf8.count == 10, parts.count == 3, let y = parts[0], let m = parts[1], let d = parts[2],
      (1...12).contains(m), (1...31).contains(d)
    else { throw TestSupportError("bad date \(text)") }
    let days = ISOTime.days(year: y, month: m, day: d)
    // 2026-02-30 is no date: it would come back as 2 March.
    guard ISOTime.civil(fromDays: days) == (y, m, d) else { throw TestSupportError("bad date \(text)") }
    return days
  }

  /// `dddd-dd-dd` at `index`, with no digit just before or after.
  private static func isDate(_ bytes: [UInt8], at index: Int) -> Bool {
    func digit(_ i: Int) -> Bool { i >= 0 && i < bytes.count && (0x30...0x39).contains(bytes[i]) }
    guard index + 10 <= bytes.count, !digit(index - 1), !digit(index + 10) else { return false }
    return (0..<10).allSatisfy { offset in
      offset == 4 || offset == 7 ? bytes[index + offset] == UInt8(ascii: "-") : digit(index + offset)
    }
  }
}

/// Today's date in `zone` (an IANA name) as GNU `date` prints it, `yyyy-MM-dd`: an oracle
/// apart from the package's own time code.
public func today(in zone: String) throws -> String {
  let result = try run("/usr/bin/env", ["TZ=" + zone, "LC_ALL=C", "date", "+%F"])
  guard result.status == 0, let line = result.stdout.split(separator: "\n").first else {
    throw TestSupportError("date failed: \(result.stderr)")
  }
  return String(line)
}

/// `yyyy-MM-dd` moved by `days`.
public func isoDay(_ day: String, plus days: Int) throws -> String {
  let (y, m, d) = ISOTime.civil(fromDays: try DateShift.day(day) + Int64(days))
  return "\(ISOTime.pad(y, 4))-\(ISOTime.pad(m, 2))-\(ISOTime.pad(d, 2))"
}
