/// Words for the signs the contact widgets start their text with, for a bar whose fonts
/// do not draw them (`BarTraits.drawsEmoji` false): polybar draws only from the fonts its
/// configuration names and drops a character none has (🎂 under the snippet's DejaVu Sans
/// and OpenGurbaniAkhar), lemonbar's X core font and conky's Xft font show a box. A sign
/// and the space after it become a word and a colon: "🎂 Alice · Friday" reads
/// "Birthday: Alice · Friday".
enum Pictographs {
  /// Each sign with its word.
  static let table: [(sign: Unicode.Scalar, word: String)] = [
    ("\u{1F382}", "Birthday"), ("\u{1F48D}", "Anniversary"), ("\u{260E}", "Call"),
  ]

  /// `text` with each sign of `table` written as its word. Text with none of their lead
  /// bytes (F0 for the cake and the ring, E2 for the telephone) is returned as it is,
  /// after one pass over its bytes.
  static func words(in text: String) -> String {
    guard text.utf8.contains(where: { $0 == 0xF0 || $0 == 0xE2 }) else { return text }
    var out = String.UnicodeScalarView()
    var skipSpace = false
    for scalar in text.unicodeScalars {
      if skipSpace {
        skipSpace = false
        if scalar == " " { continue }
      }
      if let word = table.first(where: { $0.sign == scalar })?.word {
        out.append(contentsOf: (word + ": ").unicodeScalars)
        skipSpace = true
      } else {
        out.append(scalar)
      }
    }
    // A sign at the very end is its word alone.
    var result = String(out)
    if skipSpace { result.removeLast(2) }
    return result
  }
}
