import Glibc
import TimelineCore

/// An `extra` record in the form the cache writer gives it, read straight into a
/// `LargeWriter`: `{"url":…,"key":…,"detail":[[{"a":…,"t":…,"c":…,"b":true},…],…]}`,
/// members in that order, each optional but `t`, no space. Anything else (another order, a
/// repeated or unknown member, a space, a value of another type) is not refused but left
/// to the line reader (`nil` from here, and the caller reads the file the other way), so
/// what this reader accepts is valid JSON that `FlatJSON` reads the same.
struct DetailRecord {
  /// The record's line (without its newline).
  let line: UnsafeRawBufferPointer
  var at = 0
  /// Tokens as `FlatJSON` counts them, kept well under its limit (a bigger record is left
  /// to it).
  var tokens = 0
  static let maxTokens = 200_000

  /// A string's content.
  struct Text {
    var range: Range<Int>
    var escaped: Bool
  }

  var url: Text?
  var key: Text?
  /// Whether `detail` has at least one line; `at` is then at its `[`.
  var hasDetail = false
  /// The text of the run read last without writing it (`giveText`).
  private var lastText: Text?

  /// Reads the members before the detail; nil for a record not in the writer's form.
  init?(_ line: UnsafeRawBufferPointer) {
    self.line = line
    guard take(UInt8(ascii: "{")) else { return nil }
    tokens = 1
    if take(UInt8(ascii: "}")) { return }
    var member = 0
    while true {
      guard let name = string(), !name.escaped else { return nil }
      let order = Self.order(UnsafeRawBufferPointer(rebasing: line[name.range]))
      guard order > member, take(UInt8(ascii: ":")) else { return nil }
      member = order
      tokens += 2
      if order == 3 {
        // `[]` has no line: the record has no detail, as the line reader sees it.
        guard at + 1 < line.count, line[at] == UInt8(ascii: "[") else { return nil }
        if line[at + 1] == UInt8(ascii: "]") {
          at += 2
          guard take(UInt8(ascii: "}")) else { return nil }
          return
        }
        hasDetail = true
        return
      }
      guard let value = string() else { return nil }
      if order == 1 { url = value } else { key = value }
      if take(UInt8(ascii: "}")) { return }
      guard take(UInt8(ascii: ",")) else { return nil }
    }
  }

  /// `{"t":` and `{"a":` as the five low bytes of a little-endian word.
  static var textOpening: UInt64 { 0x3A_2274_227B }
  static var twinOpening: UInt64 { 0x3A_2261_227B }

  /// 1 for `url`, 2 for `key`, 3 for `detail`, 0 for any other name.
  static func order(_ name: UnsafeRawBufferPointer) -> Int {
    // Byte by byte: `elementsEqual` on a `String.UTF8View` is a generic call per name.
    switch name.count {
    case 3 where name[0] == UInt8(ascii: "u") && name[1] == UInt8(ascii: "r") && name[2] == UInt8(ascii: "l"): 1
    case 3 where name[0] == UInt8(ascii: "k") && name[1] == UInt8(ascii: "e") && name[2] == UInt8(ascii: "y"): 2
    // `deta` and `il` as little-endian words.
    case 6
    where name.loadUnaligned(as: UInt32.self) == 0x6174_6564
      && name.loadUnaligned(fromByteOffset: 4, as: UInt16.self) == 0x6C69:
      3
    default: 0
    }
  }

  /// Reads the detail (when `write`, into `writer`, line by line) and the rest of the
  /// record; false if it is not in the writer's form or a text is not valid UTF-8.
  mutating func detail(into writer: inout LargeWriter, write: Bool) -> Bool {
    // A detail without the link's anchor byte and without an escape cannot have the link
    // in a line: two `memchr`s instead of a search of every line.
    if write && writer.searching && hasDetail, let base = line.baseAddress {
      let rest = line.count - at
      let anchor = memchr(base + at, Int32(writer.anchor), rest)
      writer.skipSearch(anchor == nil && memchr(base + at, 0x5C, rest) == nil)
      writer.lookAhead(UnsafeRawBufferPointer(rebasing: line[at...]), first: anchor.map { UnsafeRawPointer($0) })
    }
    defer {
      if write {
        writer.skipSearch(false)
        writer.endLookAhead()
      }
    }
    if hasDetail {
      guard take(UInt8(ascii: "[")) else { return false }
      tokens += 1
      repeat {
        tokens += 1
        // An empty line (a verse's gap) in one compare of two bytes.
        if at + 2 <= line.count, let base = line.baseAddress,
          base.loadUnaligned(fromByteOffset: at, as: UInt16.self) == 0x5D5B
        {
          at += 2
          if write { writer.emptyLine() }
        } else {
          if write { writer.beginLine() }
          let start = at
          guard take(UInt8(ascii: "[")) else { return false }
          if !take(UInt8(ascii: "]")) {
            repeat {
              guard run(into: &writer, write: write) else { return false }
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "]")) else { return false }
          }
          if write {
            if writer.wantsLineText { giveText(from: start, to: &writer) }
            writer.endLine()
          }
        }
        guard tokens < Self.maxTokens else { return false }
      } while take(UInt8(ascii: ","))
      guard take(UInt8(ascii: "]")), take(UInt8(ascii: "}")) else { return false }
    }
    // One value, then at most the comma before the next record.
    return at == line.count || (at == line.count - 1 && line[at] == UInt8(ascii: ","))
  }

  /// `{"t":…}` with `"c":…` and `"b":true|false` after it, each optional, and before it
  /// optionally `"a":…`, the text's ASCII twin. When writing, the text goes out as it is
  /// read (or its twin, for a style that draws twins, and the text is only searched), and
  /// its colour markup is put before it after.
  private mutating func run(into writer: inout LargeWriter, write: Bool) -> Bool {
    // `{"t":` (or a twin's `{"a":`) in one compare of five bytes.
    var opening: UInt64 = 0
    if at + 8 <= line.count, let base = line.baseAddress {
      opening = base.loadUnaligned(fromByteOffset: at, as: UInt64.self) & 0xFF_FFFF_FFFF
    }
    var mark = writer.out.count
    var twin = false
    var named = false
    var twinned = false
    if opening == Self.textOpening {
      at += 5
      named = true
    } else if opening == Self.twinOpening {
      at += 5
      twinned = true
    } else {
      guard take(UInt8(ascii: "{")) else { return false }
      twinned = member("a")
    }
    if twinned {
      if write && writer.drawsTwins {
        // Once a line (a call each run cost a long shabad more than its check).
        if !writer.lineTwin { writer.beginTwin() }
        mark = writer.out.count
        guard take(UInt8(ascii: "\"")), let (end, _) = writer.twin(line, from: at) else {
          return false
        }
        at = end
        twin = true
      } else {
        guard skipped() != nil else { return false }
      }
      tokens += 2
      guard take(UInt8(ascii: ",")) else { return false }
    }
    guard named || member("t") else { return false }
    if twin {
      guard let text = skipped() else { return false }
      let raw = UnsafeRawBufferPointer(rebasing: line[text.range])
      // A link with U+FFFD: invalid UTF-8 in the text would be found as the String path
      // repairs it; such a file takes that path.
      if writer.searchesReplacement && (text.escaped || !LargeWriter.isValidUTF8(Array(raw))) { return false }
      writer.note(raw, json: text.escaped)
    } else if write {
      guard take(UInt8(ascii: "\"")), let (end, _) = writer.string(line, from: at) else { return false }
      at = end
    } else {
      guard let text = string() else { return false }
      lastText = text
    }
    tokens += 3
    var color: Text?
    // Most runs end here.
    if take(UInt8(ascii: "}")) { return true }
    if take(UInt8(ascii: ",")) {
      if member("c") {
        guard let value = string() else { return false }
        tokens += 2
        if write && writer.colors { color = value }
        if take(UInt8(ascii: ",")) {
          guard member("b"), bool() else { return false }
          tokens += 2
        }
      } else {
        guard member("b"), bool() else { return false }
        tokens += 2
      }
    }
    guard take(UInt8(ascii: "}")) else { return false }
    if let color { writer.color(UnsafeRawBufferPointer(rebasing: line[color.range]), json: color.escaped, since: mark) }
    return true
  }

  /// The texts of the line at `start`, read once already (so in the writer's form), given
  /// to the writer's search in order: asked for only where a run may hold the link.
  private func giveText(from start: Int, to writer: inout LargeWriter) {
    var again = self
    again.at = start
    guard again.take(UInt8(ascii: "[")), !again.take(UInt8(ascii: "]")) else { return }
    repeat {
      guard again.run(into: &writer, write: false), let text = again.lastText else { return }
      writer.copy(UnsafeRawBufferPointer(rebasing: line[text.range]), json: text.escaped)
    } while again.take(UInt8(ascii: ","))
  }

  /// The content of `value` as a String (invalid UTF-8 repaired, as the line reader does).
  func text(_ value: Text) -> String {
    let raw = UnsafeRawBufferPointer(rebasing: line[value.range])
    guard value.escaped else { return String(decoding: raw, as: UTF8.self) }
    var bytes: [UInt8] = []
    JSONText.unescape(raw, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The content of `value` as UTF-8 bytes.
  func bytes(_ value: Text) -> [UInt8] {
    let raw = UnsafeRawBufferPointer(rebasing: line[value.range])
    guard value.escaped else { return Array(raw) }
    var bytes: [UInt8] = []
    JSONText.unescape(raw, into: &bytes)
    return bytes
  }

  private mutating func take(_ byte: UInt8) -> Bool {
    guard at < line.count, line[at] == byte else { return false }
    at += 1
    return true
  }

  /// `"name":` for a one-letter name, compared as one 32-bit word.
  private mutating func member(_ name: Unicode.Scalar) -> Bool {
    guard at + 4 <= line.count, let base = line.baseAddress else { return false }
    let expected = UInt32(0x3A22_0022) | UInt32(name.value) << 8
    guard base.loadUnaligned(fromByteOffset: at, as: UInt32.self) == expected else { return false }
    at += 4
    return true
  }

  /// `true` or `false`, each compared as one word (a bold run's `"b":true` is in most
  /// forecast lines).
  private mutating func bool() -> Bool {
    guard let base = line.baseAddress else { return false }
    if at + 4 <= line.count && base.loadUnaligned(fromByteOffset: at, as: UInt32.self) == 0x6575_7274 {
      at += 4
      return true
    }
    return literal("false")
  }

  private mutating func literal(_ word: StaticString) -> Bool {
    let length = word.utf8CodeUnitCount
    guard line.count - at >= length else { return false }
    for offset in 0..<length where line[at + offset] != word.utf8Start[offset] { return false }
    at += length
    return true
  }

  /// `string()` for the form of a twinned run that is not written (the twin in a style
  /// that does not draw it, the text in one that does): a verse or a few words, most often
  /// ended by its quote within a block or three of sixteen bytes, told by the block's first
  /// stop; any other stop (an escape, a control) and the string is read by `string()`.
  private mutating func skipped() -> Text? {
    guard at + 1 < line.count, line[at] == UInt8(ascii: "\""), let base = line.baseAddress else { return string() }
    let start = at + 1
    let end = ByteScan.plainStringBlocks(base, start, line.count)
    guard end < line.count, line[end] == UInt8(ascii: "\"") else { return string() }
    at = end + 1
    return Text(range: start..<end, escaped: false)
  }

  /// A JSON string at `at`, checked as `FlatJSON` checks it (no raw control character, only
  /// JSON's escapes): its scan, `FlatScan.stringEnd`, after the sixteen-byte blocks that
  /// cannot end it (a twin's text, only searched, is a verse long).
  private mutating func string() -> Text? {
    guard take(UInt8(ascii: "\"")), let raw = line.baseAddress else { return nil }
    let start = at
    var escaped = false
    let from = ByteScan.plainStringBlocks(raw, start, line.count)
    let end = FlatScan.stringEnd(raw.assumingMemoryBound(to: UInt8.self), from, line.count, escaped: &escaped)
    guard end >= 0 else { return nil }
    at = end + 1
    return Text(range: start..<end, escaped: escaped)
  }
}
