import TimelineCore

/// HTTP dates (RFC 9110 §5.6.7), as `Retry-After` may carry them: the preferred
/// `Sun, 06 Nov 1994 08:49:37 GMT` and the two obsolete forms a recipient must still read,
/// `Sunday, 06-Nov-94 08:49:37 GMT` and asctime's `Sun Nov  6 08:49:37 1994`. All are UTC.
enum HTTPDate {
  static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

  /// Epoch seconds, or nil when `text` is none of the three forms.
  static func parse(_ text: String) -> Int64? {
    let words = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
    guard words.count >= 4 else { return nil }
    var day: Int64?
    var month: Int64?
    var year: Int64?
    var clock: [Int64]?
    if words.count == 5, let m = monthNumber(words[1]) {
      // asctime: weekday month day time year
      (month, day, clock, year) = (m, Int64(words[2]), time(words[3]), Int64(words[4]))
    } else if words.count == 6, words[5].uppercased() == "GMT" {
      // IMF-fixdate: weekday, day month year time GMT
      (day, month, year, clock) = (Int64(words[1]), monthNumber(words[2]), Int64(words[3]), time(words[4]))
    } else if words.count == 4, words[3].uppercased() == "GMT" {
      // RFC 850: weekday day-month-yy time GMT; a two-digit year within 50 years ahead.
      let parts = words[1].split(separator: "-")
      guard parts.count == 3, let yy = Int64(parts[2]) else { return nil }
      (day, month, clock) = (Int64(parts[0]), monthNumber(parts[1]), time(words[2]))
      year = parts[2].count == 2 ? (yy < 70 ? 2000 + yy : 1900 + yy) : yy
    }
    guard let day, let month, let year, let clock, (1...31).contains(day), year >= 1900, year <= 9999 else {
      return nil
    }
    return ISOTime.days(year: year, month: month, day: day) * 86_400 + clock[0] * 3600 + clock[1] * 60 + clock[2]
  }

  private static func monthNumber(_ word: Substring) -> Int64? {
    months.firstIndex(of: word.lowercased()).map { Int64($0 + 1) }
  }

  private static func time(_ word: Substring) -> [Int64]? {
    let parts = word.split(separator: ":").compactMap { Int64($0) }
    guard parts.count == 3, (0...23).contains(parts[0]), (0...59).contains(parts[1]), (0...60).contains(parts[2])
    else { return nil }
    return parts
  }
}
