import Testing

@testable import TimelineCore

@Suite struct ByteScanTests {
  /// The word tests against a byte-by-byte reference, for every byte value at every
  /// position among neighbours that matter (0x00, 0x7F, 0x80, 0xFF sit next to borrows).
  @Test func agreesWithAByteLoop() {
    let fillers: [UInt8] = [0x00, 0x1F, 0x20, 0x41, 0x7F, 0x80, 0xC2, 0xE2, 0xFF]
    for filler in fillers {
      for position in 0..<8 {
        for value in 0...255 {
          var bytes = [UInt8](repeating: filler, count: 8)
          bytes[position] = UInt8(value)
          let word = bytes.withUnsafeBytes { ByteScan.word($0.baseAddress!, at: 0) }
          for limit: UInt8 in [0x20, 0x80] {
            #expect(ByteScan.hasByte(word, below: limit) == bytes.contains { $0 < limit })
          }
          for probe: UInt8 in [0x00, 0x22, 0x5C, 0x7F, 0xC2, 0xE2] {
            #expect(ByteScan.hasByte(word, equalTo: probe) == bytes.contains(probe))
          }
        }
      }
    }
  }

  @Test func readsAnyAlignment() {
    let bytes: [UInt8] = Array(0..<16)
    let word = bytes.withUnsafeBytes { ByteScan.word($0.baseAddress!, at: 3) }
    #expect(word == 0x0A09_0807_0605_0403)
  }
}
