import Testing
import TimelineTestSupport

@testable import Providers

/// `Retry-After` dates in all three HTTP forms, checked against GNU `date` printing the
/// same instants: across a year, the leap day, both ends of the two-digit-year window.
@Suite struct HTTPDateTests {
  func gnuDate(_ epoch: Int64, _ format: String) throws -> String {
    let result = try run("/usr/bin/date", ["-u", "-d", "@\(epoch)", "+" + format], environment: ["LC_ALL": "C"])
    return result.stdout.split(separator: "\n").first.map(String.init) ?? ""
  }

  @Test func everyFormMatchesGNUDate() throws {
    var instants: [Int64] = [0, 951_782_400, 1_709_164_799, 2_147_483_647, 4_102_444_800 - 1]
    // Every 9 days and 7 hours through 2026, so every month and weekday appears.
    instants += stride(from: Int64(1_767_225_600), to: 1_798_761_600, by: 9 * 86_400 + 25_200)
    for epoch in instants {
      let imf = try gnuDate(epoch, "%a, %d %b %Y %H:%M:%S GMT")
      #expect(HTTPDate.parse(imf) == epoch, "\(imf)")
      let asctime = try gnuDate(epoch, "%a %b %e %H:%M:%S %Y")
      #expect(HTTPDate.parse(asctime) == epoch, "\(asctime)")
      // RFC 850's two-digit year reads 70–99 as 19xx and 00–69 as 20xx.
      let rfc850 = try gnuDate(epoch, "%A, %d-%b-%y %H:%M:%S GMT")
      if (1970..<2070).contains(epoch / 31_556_952 + 1970) {
        #expect(HTTPDate.parse(rfc850) == epoch, "\(rfc850)")
      }
    }
  }

  @Test func otherTextIsNotADate() {
    for text in [
      "", "120", "Wed, 21 Oct 2099 07:28:00", "Wed, 32 Oct 2099 07:28:00 GMT", "Wed, 21 Foo 2099 07:28:00 GMT",
      "Wed, 21 Oct 2099 24:28:00 GMT", "Wed 21 Oct 2099 07:28 GMT",
    ] {
      #expect(HTTPDate.parse(text) == nil, "\(text)")
    }
  }
}
