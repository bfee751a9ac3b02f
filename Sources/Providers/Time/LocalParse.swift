import TimelineCore

extension Zone {
  /// Parses `yyyy-MM-ddTHH:mm[:ss[.f{0,7}]]` (or with a space) as local time; a trailing
  /// `Z` or `±hh:mm` is honoured if a server ever adds one.
  func parse(_ text: String) -> Int64? {
    let trimmed = String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
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
