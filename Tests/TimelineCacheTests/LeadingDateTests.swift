import Testing

@testable import TimelineCache

/// The date the binary search reads from an entry line's bytes (`LineLayout.leadingDate`,
/// which reads up to 18 digits without overflow checks) against a reading that checks
/// every digit, on dates of every length, sign, leading zero and end, and on cut lines.
@Suite struct LeadingDateTests {
  /// The checked reading: digit by digit, nil at the first overflow.
  static func checked(_ text: [UInt8]) -> Int64? {
    let prefix = Array(#"{"date":"#.utf8)
    guard text.count > prefix.count, Array(text[..<prefix.count]) == prefix else { return nil }
    var at = prefix.count
    let negative = text[at] == UInt8(ascii: "-")
    if negative { at += 1 }
    var value: Int64 = 0
    var digits = 0
    while at < text.count, (48...57).contains(text[at]) {
      let (times, o1) = value.multipliedReportingOverflow(by: 10)
      let (sum, o2) = times.addingReportingOverflow(Int64(text[at] - 48))
      if o1 || o2 { return nil }
      value = sum
      digits += 1
      at += 1
    }
    guard digits > 0, digits == 1 || text[at - digits] != 48, at < text.count,
      text[at] == UInt8(ascii: ",") || text[at] == UInt8(ascii: "}")
    else { return nil }
    return negative ? -value : value
  }

  static func expectAgreement(_ line: String) {
    let bytes = Array(line.utf8)
    bytes.withUnsafeBytes { raw in
      #expect(LineLayout.leadingDate(raw, from: 0, to: raw.count) == Self.checked(bytes), "\(line)")
    }
  }

  @Test(arguments: [
    "0", "-0", "7", "-7", "00", "01", "-01", "1795647600", "-1795647600", "999999999999999999", "1000000000000000000",
    "9223372036854775807", "9223372036854775808", "-9223372036854775807", "-9223372036854775808",
    "99999999999999999999", "18446744073709551616", String(repeating: "9", count: 400), "1.5", "1e3", "-", "", "+1",
    " 1", "1 ", "0x10",
  ])
  func aDateReadsAsTheCheckedReadingReadsIt(_ date: String) {
    for end in [",\"alt\":\"a\"}", "}", "", ",", "x", " ,"] {
      Self.expectAgreement(#"{"date":"# + date + end)
    }
  }

  /// Random digit strings of 1 to 25 digits, with and without a sign, every one cut at
  /// every length.
  @Test func generatedDatesAgree() {
    var seed: UInt64 = 5
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(seed >> 33) % bound
    }
    for _ in 0..<400 {
      let digits = String((0..<(1 + next(25))).map { _ in Character(String(next(10))) })
      let line = #"{"date":"# + (next(3) == 0 ? "-" : "") + digits + (next(2) == 0 ? "," : "}")
      for cut in 0...line.utf8.count { Self.expectAgreement(String(decoding: Array(line.utf8)[..<cut], as: UTF8.self)) }
    }
  }
}
