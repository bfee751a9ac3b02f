/// Gurmukhi reordering for bars that do not shape text: each sihari (U+0A3F), stored after
/// its consonant, is moved in front of its whole consonant cluster (consonant, optional
/// nukta, any chain of virama + consonant), so ਪ੍ਰਿ becomes ਿਪ੍ਰ. Everything else keeps its order.
enum Gurmukhi {
  static let sihari: Unicode.Scalar = "\u{0A3F}"
  static let nukta: Unicode.Scalar = "\u{0A3C}"
  static let virama: Unicode.Scalar = "\u{0A4D}"

  static func isConsonant(_ scalar: Unicode.Scalar) -> Bool {
    (0x0A15...0x0A39).contains(scalar.value) || (0x0A59...0x0A5E).contains(scalar.value)
  }

  /// `text` with every sihari moved before its consonant cluster.
  /// A cluster holds at most `maxClusterConsonants`, so each insert moves a bounded tail and
  /// the whole is linear, however hostile the text.
  static func visualOrder(_ text: String) -> String {
    // Sihari is E0 A8 BF in UTF-8; most text has none and is returned as is.
    guard containsSihari(text) else { return text }
    var out: [Unicode.Scalar] = []
    out.reserveCapacity(text.utf8.count / 3 + 1)
    for scalar in text.unicodeScalars {
      if scalar == sihari, let start = clusterStart(out, before: out.count) {
        out.insert(sihari, at: start)
      } else {
        out.append(scalar)
      }
    }
    var view = String.UnicodeScalarView()
    for scalar in out { view.append(scalar) }
    return String(view)
  }

  /// The longest consonant cluster that a sihari moves over: far beyond any real
  /// conjunct, and what keeps `visualOrder` linear.
  static let maxClusterConsonants = 8

  private static func containsSihari(_ text: String) -> Bool {
    var previous: UInt8 = 0
    var beforePrevious: UInt8 = 0
    for byte in text.utf8 {
      if byte == 0xBF && previous == 0xA8 && beforePrevious == 0xE0 { return true }
      beforePrevious = previous
      previous = byte
    }
    return false
  }

  /// Where the consonant cluster that ends just before `index` starts, or nil if no
  /// consonant precedes (a stray sihari stays where it is).
  static func clusterStart(_ scalars: [Unicode.Scalar], before index: Int) -> Int? {
    guard let last = consonant(scalars, endingAt: index - 1) else { return nil }
    var start = last
    var consonants = 1
    while consonants < maxClusterConsonants, start >= 2, scalars[start - 1] == virama,
      let earlier = consonant(scalars, endingAt: start - 2)
    {
      start = earlier
      consonants += 1
    }
    return start
  }

  /// The index of a consonant (with its nukta) that ends at `index`, or nil.
  private static func consonant(_ scalars: [Unicode.Scalar], endingAt index: Int) -> Int? {
    var at = index
    if at >= 0, scalars[at] == nukta { at -= 1 }
    guard at >= 0, isConsonant(scalars[at]) else { return nil }
    return at
  }
}
