/// The markup `HTMLText.plain` removes, in one pass over the bytes (a regex engine would
/// add a megabyte to `timeline` for five patterns): comments, Word's `<![if …]>…<![endif]>`,
/// `<style>` and `<script>` blocks (each becomes a space), `<br>` and the ends of blocks
/// (`</p>`, `</div>`, `</li>`, `</h1>`…`</h6>`, `</tr>`, each a newline), and any other
/// tag, from `<` to the next `>` (nothing). Names are matched without regard to case. A `<`
/// with no `>` after it stays as text.
enum HTMLTags {
  static func strip(_ html: String) -> String {
    let bytes = Array(html.utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
      guard bytes[i] == UInt8(ascii: "<"), let (end, replacement) = markup(bytes, at: i) else {
        out.append(bytes[i])
        i += 1
        continue
      }
      out += replacement.utf8
      i = end
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Where the markup opening at `start` ends, and what replaces it; nil if no markup
  /// is complete there.
  private static func markup(_ bytes: [UInt8], at start: Int) -> (Int, String)? {
    // An unclosed comment falls through to the plain tag rule below.
    if has(bytes, start, "<!--"), let end = find(bytes, "-->", from: start + 4) { return (end, " ") }
    if has(bytes, start, "<![if"), let end = find(bytes, "<![endif]>", from: start + 5) { return (end, " ") }
    let closing = has(bytes, start, "</")
    var nameEnd = start + (closing ? 2 : 1)
    while nameEnd < bytes.count, isNameByte(bytes[nameEnd]) { nameEnd += 1 }
    let name = String(decoding: bytes[(start + (closing ? 2 : 1))..<nameEnd], as: UTF8.self).lowercased()
    guard let tagEnd = bytes[start...].firstIndex(of: UInt8(ascii: ">")).map({ $0 + 1 }) else { return nil }
    if !closing, name == "style" || name == "script" {
      // The block runs to its own closing tag; unclosed, it is just a tag.
      var search = tagEnd
      while let close = find(bytes, "</" + name, from: search) {
        if let end = closeAfter(bytes, close) { return (end, " ") }
        search = close
      }
      return (tagEnd, "")
    }
    let breaks = closing ? ["p", "div", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6"].contains(name) : name == "br"
    if breaks, let end = closeAfter(bytes, nameEnd, slash: !closing) { return (end, "\n") }
    return (tagEnd, "")
  }

  /// Just past the `>` at `index` after spaces (and one `/` where `slash`); nil if another
  /// byte comes first.
  private static func closeAfter(_ bytes: [UInt8], _ index: Int, slash: Bool = false) -> Int? {
    var after = index
    while after < bytes.count, isSpace(bytes[after]) { after += 1 }
    if slash, after < bytes.count, bytes[after] == UInt8(ascii: "/") { after += 1 }
    return after < bytes.count && bytes[after] == UInt8(ascii: ">") ? after + 1 : nil
  }

  /// Whether `text` (ASCII) is at `index`, ignoring case.
  private static func has(_ bytes: [UInt8], _ index: Int, _ text: String) -> Bool {
    let pattern = Array(text.utf8)
    guard index + pattern.count <= bytes.count else { return false }
    return pattern.indices.allSatisfy { lower(bytes[index + $0]) == lower(pattern[$0]) }
  }

  /// The index just past the first `text` at or after `from`.
  private static func find(_ bytes: [UInt8], _ text: String, from: Int) -> Int? {
    let count = text.utf8.count
    var index = from
    while index + count <= bytes.count {
      if has(bytes, index, text) { return index + count }
      index += 1
    }
    return nil
  }

  private static func lower(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lower(byte))
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
  }
}
