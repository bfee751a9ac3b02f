extension Parser {
  /// An integer or float: the run of characters numbers are made of, checked as a whole.
  mutating func number() throws(TOMLError) -> TOMLValue {
    let start = index
    var token: [Unicode.Scalar] = []
    while let scalar = peek(), Parser.isBareKey(scalar) || scalar == "+" || scalar == "." {
      token.append(scalar)
      index += 1
    }
    let text = String(String.UnicodeScalarView(token))
    guard !token.isEmpty else { throw error("expected a value, found \(describe(peek()))") }
    if let special = Parser.specialFloats[text] { return .float(special) }
    if let radix = ["0x": 16, "0o": 8, "0b": 2][String(text.prefix(2))] {
      let digits = Array(token.dropFirst(2))
      guard Parser.isDigitRun(digits[...], radix: radix) else {
        throw error("\"\(text)\" is not a valid number", at: start)
      }
      guard let value = Int64(String(text.dropFirst(2).filter { $0 != "_" }), radix: radix) else {
        throw error("\(text) does not fit in a 64-bit integer", at: start)
      }
      return .integer(value)
    }
    guard let isFloat = Parser.decimalShape(token) else {
      throw error("\"\(text)\" is not a valid number", at: start)
    }
    let plain = text.filter { $0 != "_" }
    if isFloat {
      guard let value = Double(plain) else { throw error("\"\(text)\" is not a valid number", at: start) }
      return .float(value)
    }
    guard let value = Int64(plain) else { throw error("\(text) does not fit in a 64-bit integer", at: start) }
    return .integer(value)
  }

  static let specialFloats: [String: Double] = [
    "inf": .infinity, "+inf": .infinity, "-inf": -.infinity, "nan": .nan, "+nan": .nan, "-nan": -.nan,
  ]

  /// Digits of `radix`, at least one, with single underscores only between digits.
  static func isDigitRun(_ run: ArraySlice<Unicode.Scalar>, radix: Int = 10) -> Bool {
    guard let first = run.first, let last = run.last, first != "_", last != "_" else { return false }
    var previous: Unicode.Scalar = "_"
    for scalar in run {
      if scalar == "_" {
        guard previous != "_" else { return false }
      } else {
        guard scalar.isASCII, let digit = Int(String(scalar), radix: 36), digit < radix else { return false }
      }
      previous = scalar
    }
    return true
  }

  /// Whether `token` is a decimal integer (false) or float (true); nil when it is neither.
  /// Integer part without leading zeros, then an optional fraction and exponent.
  static func decimalShape(_ token: [Unicode.Scalar]) -> Bool? {
    var rest = token[...]
    if let sign = rest.first, sign == "+" || sign == "-" { rest = rest.dropFirst() }
    let integerEnd = rest.firstIndex { $0 == "." || $0 == "e" || $0 == "E" } ?? rest.endIndex
    let integer = rest[..<integerEnd]
    guard isDigitRun(integer), integer.first != "0" || integer.count == 1 else { return nil }
    rest = rest[integerEnd...]
    guard !rest.isEmpty else { return false }
    if rest.first == "." {
      let fractionEnd = rest.firstIndex { $0 == "e" || $0 == "E" } ?? rest.endIndex
      guard isDigitRun(rest[rest.index(after: rest.startIndex)..<fractionEnd]) else { return nil }
      rest = rest[fractionEnd...]
    }
    if !rest.isEmpty {
      rest = rest.dropFirst()
      if let sign = rest.first, sign == "+" || sign == "-" { rest = rest.dropFirst() }
      guard isDigitRun(rest) else { return nil }
    }
    return true
  }

  /// A date, perhaps followed by a time (after "T", "t" or a space) and an offset.
  mutating func dateTime() throws(TOMLError) -> TOMLDateTime {
    let start = index
    // Year 0 is refused as Python refuses it (RFC 3339 allows it; no config needs it).
    let year = try field(4, upTo: 9999, "year", from: 1)
    try expect("-", in: "date")
    let month = try field(2, upTo: 12, "month", from: 1)
    try expect("-", in: "date")
    let day = try field(2, upTo: 31, "day", from: 1)
    guard day <= Parser.days(inMonth: month, year: year) else {
      throw error("\(year)-\(Parser.two(month))-\(Parser.two(day)) is not a day of the calendar", at: start)
    }
    let date = TOMLDateTime.Date(year: year, month: month, day: day)
    let separated = peek() == "T" || peek() == "t" || (peek() == " " && digits(2, from: 1) && peek(3) == ":")
    guard separated else { return TOMLDateTime(date: date, time: nil, offsetMinutes: nil) }
    index += 1
    let time = try timeOfDay()
    var offset: Int?
    switch peek() {
    case "Z", "z":
      index += 1
      offset = 0
    case "+", "-":
      let negative = peek() == "-"
      index += 1
      let hours = try field(2, upTo: 23, "offset hour")
      try expect(":", in: "offset")
      let minutes = try field(2, upTo: 59, "offset minute")
      offset = (negative ? -1 : 1) * (hours * 60 + minutes)
    default: break
    }
    return TOMLDateTime(date: date, time: time, offsetMinutes: offset)
  }

  /// `HH:MM:SS` with an optional fraction of a second.
  mutating func timeOfDay() throws(TOMLError) -> TOMLDateTime.Time {
    let hour = try field(2, upTo: 23, "hour")
    try expect(":", in: "time")
    let minute = try field(2, upTo: 59, "minute")
    try expect(":", in: "time")
    let second = try field(2, upTo: 59, "second")
    var nanosecond = 0
    if peek() == "." {
      index += 1
      guard digits(1) else { throw error("expected the digits of a fraction of a second, found \(describe(peek()))") }
      var scale = 100_000_000
      while let scalar = peek(), ("0"..."9").contains(scalar) {
        nanosecond += Int(scalar.value - 48) * scale
        scale /= 10
        index += 1
      }
    }
    return TOMLDateTime.Time(hour: hour, minute: minute, second: second, nanosecond: nanosecond)
  }

  /// Exactly `count` digits making a number from `lowest` to `highest`.
  mutating func field(_ count: Int, upTo highest: Int, _ name: String, from lowest: Int = 0) throws(TOMLError) -> Int {
    guard digits(count) else { throw error("expected \(count) digits for the \(name), found \(describe(peek()))") }
    let start = index
    var value = 0
    for _ in 0..<count {
      value = value * 10 + Int((peek()?.value ?? 48) - 48)
      index += 1
    }
    guard (lowest...highest).contains(value) else {
      throw error("\(value) is not a valid \(name) (\(lowest) to \(highest))", at: start)
    }
    return value
  }

  mutating func expect(_ scalar: Unicode.Scalar, in what: String) throws(TOMLError) {
    guard peek() == scalar else { throw error("expected \"\(scalar)\" in the \(what), found \(describe(peek()))") }
    index += 1
  }

  static func days(inMonth month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
