/// Where Gurmukhi script is in a text: the quick test a bar line takes before anything is
/// converted, and the spans a bar that cannot shape Gurmukhi draws in another form. A span
/// starts and ends with a scalar of the Gurmukhi block or a danda and holds nothing but
/// those, spaces and the punctuation the GurbaniAkhar fonts share (`isInner`): an ASCII
/// letter or digit inside the font would be drawn as a Gurmukhi glyph.
public enum GurmukhiSpans {
  /// Whether `text` has a scalar of the Gurmukhi block (E0 A8 xx and E0 A9 xx in UTF-8): a
  /// byte test, ASCII skipped a word at a time.
  public static func contains(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return false }
      var at = 0
      while at + 1 < bytes.count {
        if at + 8 <= bytes.count && ByteScan.word(base, at: at) & 0x8080_8080_8080_8080 == 0 {
          at += 8
          continue
        }
        if bytes[at] == 0xE0 && (bytes[at + 1] == 0xA8 || bytes[at + 1] == 0xA9) { return true }
        at += 1
      }
      return false
    }
  }

  /// `text` cut into pieces, in order, each marked whether it is a Gurmukhi span; joined
  /// they are `text`.
  public static func split(_ text: String) -> [(text: String, gurmukhi: Bool)] {
    guard contains(text) else { return [(text, false)] }
    let scalars = Array(text.unicodeScalars)
    var pieces: [(text: String, gurmukhi: Bool)] = []
    var plainStart = 0
    var at = 0
    while at < scalars.count {
      guard isCore(scalars[at]) else {
        at += 1
        continue
      }
      // A span from here to its last core scalar before anything that may not be inside.
      var end = at + 1
      var probe = at + 1
      while probe < scalars.count, isCore(scalars[probe]) || isInner(scalars[probe]) {
        if isCore(scalars[probe]) { end = probe + 1 }
        probe += 1
      }
      if plainStart < at { pieces.append((string(scalars[plainStart..<at]), false)) }
      pieces.append((string(scalars[at..<end]), true))
      plainStart = end
      at = end
    }
    if plainStart < scalars.count { pieces.append((string(scalars[plainStart...]), false)) }
    return pieces
  }

  /// A scalar that starts, ends and makes a span: the Gurmukhi block and the dandas.
  static func isCore(_ scalar: Unicode.Scalar) -> Bool {
    (0x0A01...0x0A7F).contains(scalar.value) || scalar.value == 0x0964 || scalar.value == 0x0965
  }

  /// A scalar that may sit inside a span, between two core ones.
  static func isInner(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case " ", "!", "(", ")", ",", "-", ".", ":", ";", "?", "\u{2018}", "\u{2019}", "\u{262C}": true
    default: false
    }
  }

  private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
    var view = String.UnicodeScalarView()
    for scalar in scalars { view.append(scalar) }
    return String(view)
  }
}
