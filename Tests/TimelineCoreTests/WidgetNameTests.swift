import Testing
import TimelineCore

/// The widget name rule (`[a-z0-9][a-z0-9-]*`, at most 64 characters), checked on the
/// string's bytes in place, against the rule spelled out here on its scalars.
@Suite struct WidgetNameTests {
  /// The rule as written in words, one scalar at a time.
  static func rule(_ text: String) -> Bool {
    let scalars = Array(text.unicodeScalars)
    guard !scalars.isEmpty, text.utf8.count <= 64 else { return false }
    return scalars.indices.allSatisfy { index in
      let scalar = scalars[index]
      return ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || (index > 0 && scalar == "-")
    }
  }

  /// Names of every length around the small-string limit (15 bytes) and the rule's (64),
  /// with each byte of ASCII and some beyond it at the start, in the middle and at the end.
  static func names() -> [String] {
    var out = ["", "-", "a", "0", "a-", "-a", "stack", "avalanche-no-5", "ÿ", "ਸ", "a\u{0}", "a\u{301}", "A", "a.b"]
    let odd: [String] = (0..<128).map { String(UnicodeScalar(UInt8($0))) } + ["é", "ਸ", "🙏", "\u{FEFF}", "ａ"]
    for length in [1, 2, 14, 15, 16, 17, 40, 63, 64, 65, 80] {
      let plain = String(repeating: "a", count: length)
      out.append(plain)
      out.append(String(repeating: "9", count: length))
      for piece in odd {
        out.append(piece + plain.dropFirst())
        out.append(String(plain.dropLast()) + piece)
        out.append(String(plain.prefix(length / 2)) + piece + String(plain.dropFirst(length / 2 + 1)))
      }
    }
    return out
  }

  @Test func theRuleHoldsForEveryName() {
    for name in Self.names() {
      #expect(WidgetName.isValid(name) == Self.rule(name), "\(name.debugDescription)")
      #expect((WidgetName(name) != nil) == Self.rule(name), "\(name.debugDescription)")
      // A string made from a slice of a longer one, as argv and file names give them.
      let sliced = String(("x" + name + "x").dropFirst().dropLast())
      #expect(WidgetName.isValid(sliced) == Self.rule(name), "sliced \(name.debugDescription)")
    }
  }
}
