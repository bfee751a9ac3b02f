import Foundation

/// Recorded replies moved onto the test's calendar, shared by the provider and reliability
/// tests: every `yyyy-MM-dd` moves by the whole days from `from` to `to` (both
/// `yyyy-MM-dd`), so dates such as ValidFrom, PublishTime or valid_to keep their relations
/// and their times of day. Plain UTC calendar arithmetic, independent of the providers'
/// own code. A `yyyy-MM-dd` that is no date throws rather than pass unshifted.
public enum DateShift {
  public static func shift(_ text: String, from: String, to: String) throws -> String {
    let days = Int((try day(to).timeIntervalSince(try day(from)) / 86_400).rounded())
    let regex = try NSRegularExpression(pattern: "(?<![0-9])[0-9]{4}-[0-9]{2}-[0-9]{2}(?![0-9])")
    let source = text as NSString
    var out = ""
    var last = 0
    for match in regex.matches(in: text, range: NSRange(location: 0, length: source.length)) {
      out += source.substring(with: NSRange(location: last, length: match.range.location - last))
      let date = try day(source.substring(with: match.range)).addingTimeInterval(Double(days) * 86_400)
      out += formatter.string(from: date)
      last = match.range.location + match.range.length
    }
    return out + source.substring(from: last)
  }

  /// Midnight UTC of a `yyyy-MM-dd` day.
  public static func day(_ text: String) throws -> Date {
    guard let date = formatter.date(from: text) else { throw TestSupportError("bad date \(text)") }
    return date
  }

  private static let formatter: DateFormatter = {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd"
    return formatter
  }()
}
