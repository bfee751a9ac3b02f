import Testing

@testable import Emitters

/// `ClassName.clean` returns an already clean name as it is: the answer must be the one the
/// byte-by-byte rule gives, for names that are clean, nearly clean and not clean at all.
@Suite struct ClassNameTests {
  /// The rule, byte by byte (`clean`'s general path).
  static func rule(_ name: String) -> String? {
    var bytes: [UInt8] = []
    for byte in name.utf8 {
      if bytes.count == Caps.classBytes { break }
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
        bytes.append(byte)
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes.append(byte + 32)
      case UInt8(ascii: " "), UInt8(ascii: "_"), UInt8(ascii: "."): bytes.append(UInt8(ascii: "-"))
      default: continue
      }
    }
    while bytes.first == UInt8(ascii: "-") { bytes.removeFirst() }
    while bytes.last == UInt8(ascii: "-") { bytes.removeLast() }
    return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
  }

  @Test(arguments: [
    "stack", "hukamnama", "level-3", "a--b", "-a", "a-", "-", "--", "", "A", "aB", "a b", "a_b", "a.b", "ਸ",
    "a\u{0}b", "avalanche-no-5", String(repeating: "a", count: 64), String(repeating: "a", count: 65),
    String(repeating: "a", count: 63) + "-", String(repeating: "a", count: 64) + "-b", "9", "0-0", "a\"b", "<b>",
  ])
  func aCleanNameIsReturnedAsTheRuleGivesIt(_ name: String) {
    #expect(ClassName.clean(name) == Self.rule(name), "\(name)")
  }

  @Test func generatedNamesAgreeWithTheRule() {
    var seed: UInt64 = 99
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(seed >> 33) % bound
    }
    let pieces = ["a", "z", "0", "9", "-", "A", " ", "_", ".", "ਸ", "\u{7F}", "\"", "aaaaaaaaaaaaaaaa"]
    for _ in 0..<5000 {
      let name = (0..<next(12)).map { _ in pieces[next(pieces.count)] }.joined()
      #expect(ClassName.clean(name) == Self.rule(name), "\(name)")
    }
  }
}
