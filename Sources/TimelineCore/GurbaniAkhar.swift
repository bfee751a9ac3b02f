/// Unicode Gurmukhi → the ASCII encoding of the GurbaniAkhar font family (the AnmolLipi
/// layout BaniDB's `gurmukhi` fields use), for bars that draw glyphs without shaping but
/// can switch to such a font. The rules, checked against BaniDB's recorded pairs:
/// docs/emitters.md, "The converters' rules".
public enum GurbaniAkhar {
  /// `text` in the ASCII encoding; scalars outside Gurmukhi are kept as they are, so apply
  /// it to a Gurmukhi span (`GurmukhiSpans`) when the text may hold Latin letters or digits.
  public static func ascii(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    var out: [Unicode.Scalar] = []
    out.reserveCapacity(scalars.count + 4)
    // Where the consonant cluster the next sihari goes before starts in `out`.
    var cluster: Int?
    var at = 0
    while at < scalars.count {
      let scalar = scalars[at]
      let next = at + 1 < scalars.count ? scalars[at + 1] : nil
      if scalar == "\u{0A28}", next == "\u{0A42}", at + 2 < scalars.count, scalars[at + 2] == "\u{0A70}" {
        cluster = out.count
        out.append("\u{0192}")  // ਨੂੰ, one glyph
        at += 3
        continue
      }
      if let letter = consonant(scalar) {
        cluster = out.count
        if next == nukta {
          append(nuktaForm(scalar) ?? letter + "\u{00E6}", to: &out)
          at += 2
        } else {
          append(letter, to: &out)
          at += 1
        }
        continue
      }
      switch scalar {
      case virama:
        if let next, let subjoined = pairin(next) {
          append(subjoined, to: &out)
          at += 2
          continue
        }
        out.append("@")
        if let next, let letter = consonant(next) {
          // A half-form conjunct: the sihari still goes before the whole of it.
          append(letter, to: &out)
          at += 1
        }
      case "\u{0A3F}":
        if let start = cluster { out.insert("i", at: start) } else { out.append("i") }
        cluster = nil
      case "\u{0A02}":
        if out.last == "w" { out[out.count - 1] = "W" } else { out.append("N") }
      case "\u{0A71}":
        let afterUra = at > 0 && (scalars[at - 1] == "\u{0A09}" || scalars[at - 1] == "\u{0A0A}")
        out.append(afterUra ? "~" : "`")
      default:
        if let mapped = sign(scalar) {
          append(mapped, to: &out)
        } else {
          out.append(scalar)
          cluster = nil
        }
        if isLetter(scalar) { cluster = nil }
      }
      at += 1
    }
    var view = String.UnicodeScalarView()
    for scalar in out { view.append(scalar) }
    return String(view)
  }

  static let nukta: Unicode.Scalar = "\u{0A3C}"
  static let virama: Unicode.Scalar = "\u{0A4D}"

  private static func append(_ text: String, to out: inout [Unicode.Scalar]) {
    for scalar in text.unicodeScalars { out.append(scalar) }
  }

  /// Whether `scalar` is an independent vowel, digit or sign that is not a consonant (a
  /// sihari after it has no cluster to go before).
  private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
    (0x0A05...0x0A14).contains(scalar.value) || (0x0A66...0x0A74).contains(scalar.value)
  }

  /// The consonants, U+0A15–U+0A39 and the precomposed nukta letters.
  static func consonant(_ scalar: Unicode.Scalar) -> String? {
    let value = scalar.value
    if (0x0A15...0x0A39).contains(value) {
      let letter = consonants[Int(value - 0x0A15)]
      return letter == " " ? nil : String(letter)
    }
    switch value {
    case 0x0A59: return "^"
    case 0x0A5A: return "Z"
    case 0x0A5B: return "z"
    case 0x0A5C: return "V"
    case 0x0A5E: return "&"
    default: return nil
    }
  }

  /// U+0A15 ਕ … U+0A39 ਹ in order; a space where the block has no consonant.
  private static let consonants: [Character] = Array("kKgG|cCjJ\\tTfFxqQdDn pPbBmXr lL vS sh")

  /// The nukta letters BaniDB writes as one ASCII letter.
  private static func nuktaForm(_ scalar: Unicode.Scalar) -> String? {
    switch scalar.value {
    case 0x0A38: "S"
    case 0x0A16: "^"
    case 0x0A17: "Z"
    case 0x0A1C: "z"
    case 0x0A2B: "&"
    case 0x0A32: "L"
    default: nil
    }
  }

  /// The subjoined form of a consonant after a virama, where the font has one.
  private static func pairin(_ scalar: Unicode.Scalar) -> String? {
    switch scalar.value {
    case 0x0A30: "R"
    case 0x0A39: "H"
    case 0x0A35: "\u{00CD}"
    case 0x0A2F: "\u{00CE}"
    case 0x0A1A: "\u{00E7}"
    case 0x0A1F: "\u{2020}"
    case 0x0A24: "\u{0153}"
    case 0x0A28: "\u{02DC}"
    default: nil
    }
  }

  /// Vowel letters, vowel signs, marks, digits and dandas.
  private static func sign(_ scalar: Unicode.Scalar) -> String? {
    switch scalar.value {
    case 0x0A05: "A"
    case 0x0A06: "Aw"
    case 0x0A07: "ie"
    case 0x0A08: "eI"
    case 0x0A09: "au"
    case 0x0A0A: "aU"
    case 0x0A0F: "ey"
    case 0x0A10: "AY"
    case 0x0A13: "E"
    case 0x0A14: "AO"
    case 0x0A3E: "w"
    case 0x0A40: "I"
    case 0x0A41: "u"
    case 0x0A42: "U"
    case 0x0A47: "y"
    case 0x0A48: "Y"
    case 0x0A4B: "o"
    case 0x0A4C: "O"
    case 0x0A70: "M"
    case 0x0A03: "\u{00DA}"
    case 0x0A51: "@"
    case 0x0A3C: "\u{00E6}"
    case 0x0A72: "e"
    case 0x0A73: "a"
    case 0x0A74: "<>"
    case 0x0A66...0x0A6F: String(UnicodeScalar(UInt8(48 + scalar.value - 0x0A66)))
    case 0x0964: "["
    case 0x0965: "]"
    case 0x262C: "\u{00C7}"
    default: nil
    }
  }
}
