/// The logical lines of a vCard file, one at a time, in one pass over its bytes: folding,
/// vCard 2.1 soft breaks, any line end and a byte order mark as docs/providers/birthdays.md
/// lists them; the large values (`PHOTO` and the like) passed over without being copied.
///
/// Linear in the file's size, whatever its shape: each byte is copied at most once, the
/// colon that ends a line's name and parameters is looked for only in bytes not yet
/// searched, and whether the value is quoted-printable is decided once per line, when
/// that colon is found. A caller also bounds what is copied (`next(limit:)`), so a
/// card of one endless line costs no more memory than its budget.
struct VCardUnfold {
  struct Line {
    /// The line's bytes, unfolded, at most the limit asked for.
    var bytes: ArraySlice<UInt8>
    /// The physical line it starts on, from 1.
    var number: Int
    /// Whether bytes were left out because the line was longer than the limit.
    var truncated: Bool
    /// Whether it is a property whose value is passed over (its bytes are then empty).
    var passedOver: Bool
  }

  /// Properties whose values can be large and are never needed.
  private static let passedOver: Set<String> = ["PHOTO", "LOGO", "SOUND", "KEY"]

  private let bytes: [UInt8]
  private var position: Int
  private var lineNumber = 0
  private var buffer: [UInt8] = []

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    position = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
  }

  /// The next logical line, keeping at most `limit` of its bytes; nil at the end.
  mutating func next(limit: Int) -> Line? {
    guard position < bytes.count else { return nil }
    buffer.removeAll(keepingCapacity: true)
    var (start, stop) = physicalLine()
    let number = lineNumber
    let skip = isPassedOver(from: start, to: stop)
    var truncated = false
    var colon: Int?
    var quotedPrintable = false
    while true {
      if !skip {
        let searched = buffer.count
        let room = max(0, limit - buffer.count)
        if stop - start > room { truncated = true }
        buffer.append(contentsOf: bytes[start..<(start + min(room, stop - start))])
        if colon == nil, let found = buffer[searched...].firstIndex(of: UInt8(ascii: ":")) {
          colon = found
          quotedPrintable = Self.marksQuotedPrintable(buffer[..<found])
        }
      }
      guard position < bytes.count else { break }
      let first = bytes[position]
      let softBreak = quotedPrintable && !truncated && buffer.last == UInt8(ascii: "=")
      if softBreak {
        buffer.removeLast()
        (start, stop) = physicalLine()
      } else if first == 0x20 || first == 0x09 {
        (start, stop) = physicalLine()
        start += 1
      } else {
        break
      }
    }
    return Line(bytes: buffer[...], number: number, truncated: truncated, passedOver: skip)
  }

  /// Consumes the physical line at `position`: its bounds without the line end.
  private mutating func physicalLine() -> (start: Int, stop: Int) {
    let start = position
    var end = start
    while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
    position = end + 1
    if end + 1 < bytes.count, bytes[end] == 0x0D, bytes[end + 1] == 0x0A { position += 1 }
    lineNumber += 1
    return (start, end)
  }

  /// Whether the line from `start` names a property in `passedOver` (after any group).
  private func isPassedOver(from start: Int, to stop: Int) -> Bool {
    var nameStart = start
    var index = start
    while index < stop, index - start < 64 {
      let byte = bytes[index]
      if byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":") { break }
      if byte == UInt8(ascii: ".") { nameStart = index + 1 }
      index += 1
    }
    let length = index - nameStart
    guard length >= 3, length <= 5 else { return false }
    return Self.passedOver.contains(String(decoding: bytes[nameStart..<index], as: UTF8.self).uppercased())
  }

  /// Whether a line's name and parameters mark its value quoted-printable (any case,
  /// `ENCODING=QUOTED-PRINTABLE` or vCard 2.1's bare `;QUOTED-PRINTABLE`).
  static func marksQuotedPrintable(_ head: ArraySlice<UInt8>) -> Bool {
    let word = Array("QUOTED-PRINTABLE".utf8)
    guard head.count >= word.count else { return false }
    var index = head.startIndex
    while index <= head.endIndex - word.count {
      var matched = 0
      // ASCII upper-casing: clearing bit 5 of a letter; '-' is compared as it is.
      while matched < word.count {
        let byte = head[index + matched]
        let upper = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte & 0xDF : byte
        guard upper == word[matched] else { break }
        matched += 1
      }
      if matched == word.count { return true }
      index += 1
    }
    return false
  }
}
