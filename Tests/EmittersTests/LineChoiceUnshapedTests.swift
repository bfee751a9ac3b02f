import Testing

@testable import Emitters

/// `LineChoice.drawsUnshaped` takes ASCII text a word at a time before it walks scalars:
/// it must answer as the scalar rule alone does, for ASCII of every length and for any
/// scalar outside ASCII at every offset (the word's and the tail's bytes alike).
@Suite struct LineChoiceUnshapedTests {
  /// The rule itself, scalar by scalar.
  static func rule(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { scalar in
      let value = scalar.value
      return value < 0x0590 || (0x1E00...0x1FFF).contains(value) || (0x2010...0x2BFF).contains(value)
    }
  }

  @Test func answersAsTheScalarRuleDoes() {
    // Drawn unshaped (Latin-1, Latin Extended Additional, a dash, Cyrillic) and not
    // (Gurmukhi, Hebrew, Arabic, Devanagari, an emoji, a bidi override).
    let others = ["é", "ḥ", "—", "Ж", "ਸ", "א", "ع", "क", "🙏", "\u{202E}", "\u{7F}", "\u{0}"]
    var cases = [""]
    for length in 1...20 { cases.append(String(repeating: "a", count: length)) }
    for other in others {
      for length in 0...18 {
        for at in 0...length {
          let ascii = String(repeating: "x", count: length)
          cases.append(String(ascii.prefix(at)) + other + String(ascii.dropFirst(at)))
        }
      }
    }
    cases.append("jap tap sabh kichh ma(n)niaai avar kaaraa sabh baadh ||")
    cases.append("Ik Oa(n)kaar sat naam karataa purakh nirabhau niravair akaal moorat ajoonee saibha(n)")
    var unshaped = 0
    for text in cases {
      let answer = LineChoice.drawsUnshaped(text)
      #expect(answer == Self.rule(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
      if answer { unshaped += 1 }
    }
    // Both answers occur.
    #expect(unshaped > 0 && unshaped < cases.count)
  }
}
