import TimelineCore

/// Words for the signs the contact widgets start their text with, for a bar whose fonts do
/// not draw them (`BarTraits.drawsEmoji` false): "🎂 Alice · Friday" reads "Birthday: Alice
/// · Friday".
enum Pictographs {
  static let table: [(sign: [UInt8], word: Phrase)] = [
    (Array("\u{1F382}".utf8), .birthday), (Array("\u{1F48D}".utf8), .anniversary), (Array("\u{260E}".utf8), .call),
  ]

  /// `text` with each sign of `table` written as its word; text that `mayHaveSign` rules out
  /// is returned as it is.
  static func words(in text: String, words: Words = .english) -> String {
    guard mayHaveSign(text) else { return text }
    let bytes = Array(text.utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + 16)
    var at = 0
    var skipSpace = false
    while at < bytes.count {
      if skipSpace {
        skipSpace = false
        if bytes[at] == UInt8(ascii: " ") {
          at += 1
          continue
        }
      }
      if let match = table.first(where: { bytes[at...].starts(with: $0.sign) }) {
        out += words(match.word).utf8
        out += ": ".utf8
        at += match.sign.count
        skipSpace = true
      } else {
        out.append(bytes[at])
        at += 1
      }
    }
    // A sign at the very end is its word alone.
    if skipSpace { out.removeLast(2) }
    return String(decoding: out, as: UTF8.self)
  }

  /// Whether `text` holds the bytes that end a sign of `table`: 9F 8E 82 (🎂), 9F 92 8D (💍) or
  /// E2 98 8E (☎). A word of eight bytes without 8E or 8D is skipped whole.
  static func mayHaveSign(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return false }
      func sign(from start: Int) -> Bool {
        guard start >= 0, start + 2 < bytes.count else { return false }
        let window = UInt32(bytes[start]) << 16 | UInt32(bytes[start + 1]) << 8 | UInt32(bytes[start + 2])
        return window == 0x9F8E82 || window == 0x9F928D || window == 0xE2988E
      }
      var at = 0
      while at < bytes.count {
        var stop = bytes.count
        if at + 8 <= bytes.count {
          let word = ByteScan.word(base, at: at)
          if !ByteScan.hasByte(word, equalTo: 0x8E) && !ByteScan.hasByte(word, equalTo: 0x8D) {
            at += 8
            continue
          }
          stop = at + 8
        }
        while at < stop {
          if bytes[at] == 0x8E || bytes[at] == 0x8D, sign(from: at - 1) || sign(from: at - 2) { return true }
          at += 1
        }
      }
      return false
    }
  }
}
