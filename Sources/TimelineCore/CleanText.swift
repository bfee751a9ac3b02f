/// The one policy for text from outside (a provider, a command, an API, a cache file, the
/// user's files) printed anywhere: a bar, a tooltip, a terminal, an error message. Bars and
/// terminals treat control characters as commands, and bidi controls can make text spoof
/// other text, so the rule (docs/emitters.md, "What every format shares") turns line breaks
/// into spaces and drops the rest; each use adds only its length cap.
public enum CleanText {
  /// Where the text goes.
  enum Use: Sendable {
    /// A bar's text (capped by the emitters' own `Caps`, which know the bar's limits).
    case barLine
    /// One line of a tooltip (capped by the emitters' `Caps`).
    case tooltip
    /// A line printed to a terminal by `status`, `regions`, `doctor`, `show`, reports: at
    /// most `terminalLimit` characters.
    case terminalLine
    /// A one-line error message (`lastError`, a provider's failure): at most `errorLimit`
    /// characters, runs of spaces from controls collapsed.
    case oneLineError
  }

  /// The most characters a terminal line of outside text keeps: a tooltip line's cap, so
  /// `show` prints what a tooltip shows, while a 20 MB string still cannot flood a terminal.
  static let terminalLimit = 16_384
  /// The most characters of a one-line error.
  static let errorLimit = 300

  /// `text` as `use` allows it.
  static func clean(_ text: String, for use: Use) -> String {
    switch use {
    case .barLine, .tooltip: return clean(text)
    case .terminalLine: return cap(clean(text), limit: terminalLimit)
    case .oneLineError: return oneLine(text, limit: errorLimit)
    }
  }

  /// A bar's text.
  public static func barLine(_ text: String) -> String { clean(text) }
  /// One line of a tooltip.
  public static func tooltip(_ text: String) -> String { clean(text) }
  /// A terminal line of outside text.
  public static func terminalLine(_ text: String) -> String { clean(text, for: .terminalLine) }
  /// A one-line error message.
  public static func oneLineError(_ text: String) -> String { oneLine(text, limit: errorLimit) }

  /// A one-line error of at most `limit` characters: a space for each run of characters
  /// the policy acts on, and `…` where it was cut.
  public static func oneLine(_ text: String, limit: Int) -> String {
    var out = String.UnicodeScalarView()
    var count = 0
    var lastIsSpace = false
    for scalar in text.unicodeScalars {
      if count >= limit {
        out.append("…")
        break
      }
      if action(scalar) != .keep {
        if !lastIsSpace { out.append(" ") }
        lastIsSpace = true
      } else {
        out.append(scalar)
        lastIsSpace = scalar == " "
      }
      count += 1
    }
    return String(out)
  }

  /// What the policy does with one character.
  public enum Action: Sendable, Equatable {
    case keep, space, drop
  }

  /// The rule itself, for code that escapes rather than drops (the config printer).
  public static func action(_ scalar: Unicode.Scalar) -> Action {
    switch scalar.value {
    case 0x09, 0x0A, 0x0D, 0x2028, 0x2029: .space
    case 0..<0x20, 0x7F, 0x80..<0xA0, 0x202A...0x202E, 0x2066...0x2069: .drop
    default: .keep
    }
  }

  /// `text` with the rule applied and no cap.
  public static func clean(_ text: String) -> String {
    if !needsWork(text) { return text }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch action(scalar) {
      case .space: out.append(" ")
      case .drop: continue
      case .keep: out.append(scalar)
      }
    }
    return String(out)
  }

  /// At most `limit` characters (Unicode scalars), `…` where it was cut.
  static func cap(_ text: String, limit: Int) -> String {
    guard text.utf8.count > limit else { return text }
    var out = String.UnicodeScalarView()
    var count = 0
    for scalar in text.unicodeScalars {
      if count == limit {
        out.append("…")
        break
      }
      out.append(scalar)
      count += 1
    }
    return String(out)
  }

  /// A byte scan so that clean text (the common case) is returned without copying.
  private static func needsWork(_ text: String) -> Bool {
    // `withUTF8` gives a small string's bytes without allocating, a native string's in place.
    var text = text
    return text.withUTF8 { needsWork(bytes: $0) }
  }

  private static func needsWork(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    let count = bytes.count
    var index = 0
    while index < count {
      // A word without a control, DEL or the lead byte of a character dropped below
      // (C2: C1 controls; E2: line separators, bidi controls) is skipped whole.
      var end = count
      if index + 8 <= count {
        let word = ByteScan.word(base, at: index)
        if !ByteScan.hasByte(word, below: 0x20) && !ByteScan.hasByte(word, equalTo: 0x7F)
          && !ByteScan.hasByte(word, equalTo: 0xC2) && !ByteScan.hasByte(word, equalTo: 0xE2)
        {
          index += 8
          continue
        }
        end = index + 8
      }
      while index < end {
        let byte = bytes[index]
        if byte < 0x20 || byte == 0x7F { return true }
        // C1 controls are C2 80…C2 9F; U+2028/2029 and the bidi embeddings and overrides
        // U+202A–U+202E are E2 80 A8…AE, the isolates U+2066–U+2069 E2 81 A6…A9.
        if byte == 0xC2, index + 1 < count, bytes[index + 1] < 0xA0 { return true }
        if byte == 0xE2, index + 2 < count {
          let second = bytes[index + 1]
          let third = bytes[index + 2]
          if second == 0x80 && (0xA8...0xAE).contains(third) { return true }
          if second == 0x81 && (0xA6...0xA9).contains(third) { return true }
        }
        index += 1
      }
    }
    return false
  }
}
