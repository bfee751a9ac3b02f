extension GurmukhiLatin {
  /// One written syllable of a word: a consonant cluster with its vowel sign and marks, or a
  /// vowel letter, or anything else (a digit) kept as its own piece.
  struct Syllable {
    /// The cluster's consonants in Latin (ਪ੍ਰ: "p", "r"); empty for a vowel letter.
    var consonants: [String] = []
    /// The dependent vowel sign (the first, when signs are stacked as in ਗੋੁ).
    var sign: Unicode.Scalar?
    /// The vowel letter (ਅ–ਔ, ੲ, ੳ), or another scalar said on its own (a digit).
    var letter: Unicode.Scalar?
    /// Whether the first consonant is ਹ (for the said final ਹੁ).
    var isHa = false
    var nasal = false
    var udaat = false
    var doubled = false

    /// `word` (Gurmukhi scalars only) in syllables.
    static func parse(_ word: [Unicode.Scalar]) -> [Syllable] {
      var out: [Syllable] = []
      var joins = false  // a virama waits for its consonant
      var doubles = false  // an addak waits for its consonant
      var at = 0
      while at < word.count {
        let scalar = word[at]
        let nukta = at + 1 < word.count && word[at + 1] == "\u{0A3C}"
        if let letters = consonant(scalar, nukta: nukta) ?? consonant(scalar) {
          if joins, !out.isEmpty, out[out.count - 1].letter == nil {
            out[out.count - 1].consonants.append(letters)
          } else {
            out.append(Syllable(consonants: [letters], isHa: scalar == "\u{0A39}", doubled: doubles))
          }
          joins = false
          doubles = false
          at += nukta ? 2 : 1
          continue
        }
        switch scalar.value {
        case 0x0A4D: joins = true
        case 0x0A71: doubles = true
        case 0x0A02, 0x0A70: if !out.isEmpty { out[out.count - 1].nasal = true }
        case 0x0A51: if !out.isEmpty { out[out.count - 1].udaat = true }
        case 0x0A3C, 0x0A03, 0x0A75: break
        case 0x0A3E...0x0A4C:
          if let last = out.indices.last, out[last].letter == nil, out[last].sign == nil {
            out[last].sign = scalar
          }
        default: out.append(Syllable(letter: scalar))
        }
        at += 1
      }
      return out
    }

    /// The syllables said in BaniDB's scheme (docs/emitters.md, "The converters' rules").
    static func say(_ syllables: [Syllable]) -> String {
      var out = ""
      for (index, syllable) in syllables.enumerated() {
        let last = index == syllables.count - 1
        let next = last ? nil : syllables[index + 1].letter
        let previous = index == 0 ? nil : syllables[index - 1]
        if let letter = syllable.letter {
          out += vowelLetter(letter, afterVowel: previous != nil)
          if syllable.nasal { out += "(n)" }
          continue
        }
        var onset = syllable.consonants.joined()
        if syllable.doubled, let first = onset.first { onset = String(first) + onset }
        var sign = syllable.sign
        if sign == "\u{0A3F}", syllable.consonants.count > 1, syllable.consonants.last == "r",
          !last, syllables[index + 1].letter == nil
        {
          // A sihari on a subjoined ra is said before the ra: ਕ੍ਰਿ kir(a).
          onset = syllable.consonants.dropLast().joined() + "ir"
          sign = nil
        }
        out += onset
        if syllable.udaat { out += "(h)" }
        out += vowel(sign, syllable: syllable, last: last, next: next, previous: previous)
        if syllable.nasal { out += "(n)" }
      }
      return out
    }

    /// The vowel after a cluster: its sign's, else the inherent one where it is said.
    private static func vowel(
      _ sign: Unicode.Scalar?, syllable: Syllable, last: Bool, next: Unicode.Scalar?, previous: Syllable?
    ) -> String {
      let beforeI = next == "\u{0A07}" || next == "\u{0A08}"
      switch sign?.value {
      case nil:
        if syllable.nasal { return "a" }
        return last || syllable.udaat || next == "\u{0A07}" ? "" : "a"
      case 0x0A3E: return beforeI ? "a" : "aa"
      case 0x0A3F: return last && !syllable.nasal ? "" : "i"
      case 0x0A40: return "ee"
      case 0x0A41:
        guard last, !syllable.nasal else { return "u" }
        let bare = previous.map { $0.letter == nil && $0.sign == nil } ?? false
        return syllable.isHa && bare ? "u" : ""
      case 0x0A42: return "oo"
      case 0x0A47: return "e"
      case 0x0A48: return "ai"
      case 0x0A4B: return "o"
      case 0x0A4C: return "au"
      default: return ""
      }
    }

    /// A vowel letter, or a digit or other scalar of the block.
    private static func vowelLetter(_ letter: Unicode.Scalar, afterVowel: Bool) -> String {
      switch letter.value {
      case 0x0A05: return "a"
      case 0x0A06: return "aa"
      case 0x0A07: return "i"
      case 0x0A08: return afterVowel ? "iee" : "ee"
      case 0x0A09: return "u"
      case 0x0A0A: return "oo"
      case 0x0A0F: return "e"
      case 0x0A10: return "aai"
      case 0x0A13: return "o"
      case 0x0A14: return "au"
      case 0x0A66...0x0A6F: return String(UnicodeScalar(UInt8(48 + letter.value - 0x0A66)))
      case 0x0A74: return "ik oa(n)kaar"
      case 0x0A72, 0x0A73: return ""
      default: return ""
      }
    }
  }
}
