import Foundation
import Testing
import TimelineCore
import TimelineTestSupport

@testable import Providers

/// Numbers from BaniDB are checked against what they can be: an ang is 1 to 1430; out
/// of range, no ang is shown and the shabad still is.
@Suite struct BaniDBRangeTests {
  /// The real random shabad with every pageNo replaced by `page`.
  static func shabad(page: String) throws -> Shabad {
    let text = try String(contentsOfFile: BaniDBFixture.path("random-3492.json"), encoding: .utf8)
      .replacingOccurrences(of: "\"pageNo\": 954", with: "\"pageNo\": \(page)")
    let json = try #require(JSONValue.parse(Array(text.utf8)))
    return try #require(Shabad(json))
  }

  @Test(arguments: ["-9223372036854775808", "9223372036854775807", "0", "-1", "1431"])
  func anAngOutOfRangeIsNotShown(page: String) throws {
    let shabad = try Self.shabad(page: page)
    #expect(shabad.page == nil)
    let about = BaniDBRender.about(shabad)
    #expect(!about.hasPrefix("Ang") && !about.contains(page), "\(about)")
    #expect(!shabad.verses.isEmpty)
  }

  @Test(arguments: [1, 954, 1430])
  func anAngInRangeIsShown(page: Int) throws {
    let shabad = try Self.shabad(page: "\(page)")
    #expect(shabad.page == page)
    #expect(BaniDBRender.about(shabad).hasPrefix("Ang \(page)"))
  }
}
