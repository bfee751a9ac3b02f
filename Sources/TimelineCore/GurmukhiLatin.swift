/// Unicode Gurmukhi → a Latin transliteration in BaniDB's English scheme, for bars that can
/// neither shape Gurmukhi nor switch to a GurbaniAkhar font. BaniDB's conventions, checked
/// against its recorded pairs: docs/emitters.md, "The converters' rules".
public enum GurmukhiLatin {
  /// `text` transliterated; scalars outside Gurmukhi are kept.
  public static func latin(_ text: String) -> String {
    guard GurmukhiSpans.contains(text) else { return text }
    var out = ""
    var word: [Unicode.Scalar] = []
    var mahalla = false  // the last word was ਮਃ or ਮਹਲਾ
    func flush() {
      guard !word.isEmpty else { return }
      if mahalla, word.count == 1, let ordinal = ordinal(word[0]) {
        out += ordinal
        mahalla = false
      } else {
        // ਮਃ is how Gurbani writes ਮਹਲਾ, and BaniDB says it so.
        let said = word == ["\u{0A2E}", "\u{0A03}"] ? "mahalaa" : Syllable.say(Syllable.parse(word))
        mahalla = said == "mahalaa"
        out += said
      }
      word.removeAll(keepingCapacity: true)
    }
    for scalar in text.unicodeScalars {
      if GurmukhiSpans.isCore(scalar) && scalar.value != 0x0964 && scalar.value != 0x0965 {
        word.append(scalar)
        continue
      }
      flush()
      switch scalar.value {
      case 0x0964: out += "|"
      case 0x0965: out += "||"
      default: out.unicodeScalars.append(scalar)
      }
      if scalar != " " { mahalla = false }
    }
    flush()
    return out
  }

  /// The ordinal BaniDB reads a Guru's number as after ਮਃ / ਮਹਲਾ.
  private static func ordinal(_ digit: Unicode.Scalar) -> String? {
    switch digit.value {
    case 0x0A67: "pahilaa"
    case 0x0A68: "doojaa"
    case 0x0A69: "teejaa"
    case 0x0A6A: "chauthaa"
    case 0x0A6B: "panjavaa"
    case 0x0A6F: "naavaa"
    default: nil
    }
  }

  /// The Latin letters of a consonant (nukta letters included), nil for anything else.
  static func consonant(_ scalar: Unicode.Scalar, nukta: Bool = false) -> String? {
    let value = scalar.value
    if nukta {
      switch value {
      case 0x0A38: return "sh"
      case 0x0A1C: return "z"
      case 0x0A2B: return "f"
      case 0x0A16: return "kh"
      case 0x0A17: return "g"
      case 0x0A32: return "l"
      default: break
      }
    }
    switch value {
    case 0x0A36: return "sh"
    case 0x0A33: return "l"
    case 0x0A59: return "kh"
    case 0x0A5A: return "g"
    case 0x0A5B: return "z"
    case 0x0A5C: return "R"
    case 0x0A5E: return "f"
    case 0x0A15...0x0A39:
      let letter = consonants[Int(value - 0x0A15)]
      return letter.isEmpty ? nil : letter
    default: return nil
    }
  }

  /// U+0A15 ਕ … U+0A39 ਹ in order; empty where the block has no consonant.
  private static let consonants = [
    "k", "kh", "g", "gh", "ng", "ch", "chh", "j", "jh", "ny", "T", "Th", "D", "Dh", "n", "t", "th", "dh", "dh", "n",
    "", "p", "ph", "b", "bh", "m", "y", "r", "", "l", "l", "", "v", "sh", "", "s", "h",
  ]
}
