import Testing
import TimelineCore

/// `DecimalText` writes what the standard library's own formatting writes, at the edges too.
@Suite struct DecimalTextTests {
  @Test(arguments: [0, 7, 9, 10, 20, 100, 1000, 4_294_967_295, -1, -10, Int64.max, Int64.min])
  func writesWhatStringWrites(_ value: Int64) {
    #expect(DecimalText.string(value) == String(value))
  }
}
