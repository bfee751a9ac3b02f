/// The large family's output (`--family large`) written straight from a cache file's bytes:
/// each run's text goes from its JSON string to the output buffer in one pass that
/// unescapes it, applies `CleanText`'s policy and the bar's escapes, with no String made on
/// the way. Building the lines as Strings (`LargeText`, then a bar's `largeBytes`) cost a
/// long shabad or a five-region forecast several times a `cat` of its file; this writes the
/// same bytes. The lines' structure (which lines, in which order) is the caller's; a bar
/// says what it does to a line and a run in its `Style`.
public struct LargeWriter {
  /// What a bar does to the large family's lines.
  public struct Style: Sendable {
    /// Up to two bytes among `"`, `#` and `$` the bar escapes (0 for none)…
    public var escaped: (UInt8, UInt8)
    /// …and what each becomes (conky: `$$` and `\#`).
    public var replacements: (StaticString, StaticString)
    /// Whether a line with a letter of the Gurmukhi block is left out (a bar that cannot
    /// draw the script); lines are separated by a newline either way.
    public var leavesOutGurmukhi: Bool
    /// Appends the markup before a run of `color` (a valid colour's bytes, `#rrggbb`) to
    /// `markup`; false for none. Bytes, not a String: a conky forecast makes markup for each
    /// of its level colours, and a String per colour cost two thirds of that markup's writing.
    public var colorStart: ColorMarkup
    /// `colorStart`'s form.
    public typealias ColorMarkup = @Sendable (_ color: UnsafeRawBufferPointer, _ markup: inout [UInt8]) -> Bool
    /// The markup after a run `colorStart` gave markup for.
    public var colorEnd: StaticString
    /// Whether runs' colours show (false: a file's colours are not even read).
    public var colors: Bool
    /// The markup around a line drawn in its runs' ASCII twins (`TextRun.ascii`), for a
    /// bar that cannot shape Gurmukhi but can switch to a GurbaniAkhar font (conky's
    /// `${font OpenGurbaniAkhar}` and `${font}`); nil: twins are not drawn.
    public var asciiFont: (start: StaticString, end: StaticString)?

    /// A style whose colour markup is made from the colour's String (`#rrggbb`, lower-cased)
    /// or nil for none.
    public init(
      escaped: (UInt8, UInt8) = (0, 0), replacements: (StaticString, StaticString) = ("", ""),
      leavesOutGurmukhi: Bool = false, colorStart: @escaping @Sendable (String) -> String? = { _ in nil },
      colorEnd: StaticString = "", asciiFont: (start: StaticString, end: StaticString)? = nil
    ) {
      self.init(
        escaped: escaped, replacements: replacements, leavesOutGurmukhi: leavesOutGurmukhi,
        colorBytes: { color, markup in
          guard let start = colorStart(String(decoding: color, as: UTF8.self)) else { return false }
          markup.append(contentsOf: start.utf8)
          return true
        }, colorEnd: colorEnd, asciiFont: asciiFont)
    }

    /// A style. Plain values, no arrays: a one-shot emit builds it once, and array
    /// metadata cost more than the rest of a small cache's large form.
    public init(
      escaped: (UInt8, UInt8) = (0, 0), replacements: (StaticString, StaticString) = ("", ""),
      leavesOutGurmukhi: Bool = false, colorBytes: @escaping ColorMarkup,
      colorEnd: StaticString = "", asciiFont: (start: StaticString, end: StaticString)? = nil
    ) {
      // The hot loop finds only these bytes a word at a time (`LargeWriter.skipPlain`).
      precondition(escaped.0 == 0 || (0x22...0x24).contains(escaped.0))
      precondition(escaped.1 == 0 || (0x22...0x24).contains(escaped.1))
      self.escaped = escaped
      self.replacements = replacements
      self.leavesOutGurmukhi = leavesOutGurmukhi
      colorStart = colorBytes
      self.colorEnd = colorEnd
      colors = colorEnd.utf8CodeUnitCount > 0
      self.asciiFont = asciiFont
    }
  }

  /// The bytes written so far (`bytes` hands them on).
  public internal(set) var out = OutputBytes()
  /// The bytes written, as an array (no copy when nothing is written after).
  public var bytes: [UInt8] { mutating get { out.bytes } }
  let style: Style
  /// The escaped bytes (0, which is never kept, for none).
  let special: (UInt8, UInt8)
  /// Whether a line was written, so the next one starts with a newline.
  var started = false
  var lineStart = 0
  /// Whether the current line has a Gurmukhi letter (before cleaning, as `isGurmukhi` sees it).
  var lineGurmukhi = false
  /// Whether the current line is drawn in the style's `asciiFont` (a run's twin was written).
  public internal(set) var lineTwin = false
  /// The link the lines are searched for (`LargeText.names`), and the current line's text
  /// unescaped (not cleaned), runs joined.
  var needle: [UInt8] = []
  var lineText: [UInt8] = []
  /// Whether a run of the line, read from a file's bytes, has the needle's `anchor` byte
  /// or an escape (`note`): only then is the line's text asked for (`wantsLineText`).
  var lineHasAnchor = false
  /// Where the needle's `anchor` was last looked for in the record being read
  /// (`lookAhead`), as addresses: no anchor in `from..<next`, and `next` is one unless it is
  /// `limit`; a run within them is told at once whether it has one (`note`). `limit` 0: no
  /// record, each run is scanned.
  var ahead = (from: 0, next: 0, limit: 0)
  /// Whether this line's runs are copied into `lineText` as they come (`copy`).
  var copying = false
  /// The needle's rarest-looking byte (`find`), which any text holding it holds too.
  public private(set) var anchor: UInt8 = 0
  /// Set while lines are written that cannot have the link (`skipSearch`).
  var searchSkipped = false
  /// Whether the link has U+FFFD, which a text's invalid UTF-8 becomes in the String path:
  /// a text only searched, not written (a twin's run), must then be checked as written
  /// text is (elsewhere a link is found in raw bytes exactly where in the repaired text).
  public private(set) var searchesReplacement = false
  /// The markup of each colour met so far (`LargeWriter+Color`): per colour its key and
  /// the range of its markup in `colorMarkup` (a start of -1: none), the first in
  /// `firstColor` (a start of -2: none yet), the others three `Int`s each in `colorTable`.
  var firstColor = (key: 0, start: -2, end: 0)
  var colorTable: [Int] = []
  var colorMarkup: [UInt8] = []

  /// Whether the style shows colours (`Style.colors`).
  public var colors: Bool { style.colors }
  /// Whether a line written since `search(for:)` has the link in its text.
  public private(set) var named = false

  /// A writer for `style`.
  public init(style: Style) {
    self.style = style
    special = style.escaped
    out.reserve(4096)
  }

  /// Room for `count` bytes of output (a file's size: the output is about as long).
  public mutating func reserve(_ count: Int) { out.reserve(count) }

  /// From now on, `named` tells whether a line's text has `link` (UTF-8 bytes) in it.
  public mutating func search(for link: [UInt8]) {
    needle = link
    anchor = link.first { !Self.isWordByte($0) && !Self.isJSONSyntax($0) } ?? link.first ?? 0
    // An empty link is in every text (as `LargeText.names` finds it).
    named = link.isEmpty
    searchesReplacement = Self.hasReplacement(link)
  }

  /// Whether `link` has U+FFFD (EF BF BD), looked for at its lead bytes only.
  static func hasReplacement(_ link: [UInt8]) -> Bool {
    link.withUnsafeBufferPointer { bytes in
      var at = 0
      while at + 3 <= bytes.count {
        if bytes[at] == 0xEF && bytes[at + 1] == 0xBF && bytes[at + 2] == 0xBD { return true }
        at += 1
      }
      return false
    }
  }

  /// Stops the search of `search(for:)`.
  public mutating func endSearch() {
    needle = []
    named = false
  }

  /// Starts a line.
  public mutating func beginLine() {
    lineStart = out.count
    if started { out.append(0x0A) }
    lineGurmukhi = false
    lineTwin = false
    if !lineText.isEmpty { lineText.removeAll(keepingCapacity: true) }
    lineHasAnchor = false
    copying = false
  }

  /// Ends the line begun last: it stays unless the style leaves it out.
  public mutating func endLine() {
    // A line of noted runs has been given its text by now where it may have the link
    // (`wantsLineText`); the others cannot have it.
    if copying && !needle.isEmpty && !named && !searchSkipped {
      named = lineText.withUnsafeBytes { Self.find(needle, in: $0) }
    }
    if style.leavesOutGurmukhi && lineGurmukhi {
      // Such a line's text is not written (`append`): mostly its newline is left to drop.
      out.removeSubrange(lineStart...)
      lineGurmukhi = false
    } else {
      if lineTwin, let font = style.asciiFont { append(font.end) }
      started = true
    }
  }

  /// An empty line: `beginLine` then `endLine` in one call (a shabad's verses are one
  /// apart), what `endLine` does to a line without text left out.
  public mutating func emptyLine() {
    beginLine()
    started = true
  }

  /// A run of `text`: the content of a JSON string (`json`: its backslash escapes are
  /// decoded; false: the bytes are the text) in `color` (already a valid colour, or nil).
  /// False when the text is not valid UTF-8, which the caller answers another way.
  public mutating func run(_ text: UnsafeRawBufferPointer, json: Bool, color: String?) -> Bool {
    copy(text, json: json)
    let mark = out.count
    guard write(text, json: json) else { return false }
    if let color { self.color(color, since: mark) }
    return true
  }

  /// Whether the style draws runs' ASCII twins.
  public var drawsTwins: Bool { style.asciiFont != nil }

  /// Starts drawing the current line in the style's `asciiFont`: its markup goes before the
  /// line's first run (once a line), and its end after the line.
  public mutating func beginTwin() {
    guard !lineTwin, let font = style.asciiFont else { return }
    lineTwin = true
    let start = started ? lineStart + 1 : lineStart
    if start == out.count {
      append(font.start)
    } else {
      out.insert(
        contentsOf: UnsafeBufferPointer(start: font.start.utf8Start, count: font.start.utf8CodeUnitCount), at: start)
    }
  }

  /// A twin's JSON string from `start` (after its quote) in `line`, as
  /// `string(line, from: start, noted: false)` writes it: a twin is most often printable
  /// ASCII the bar does not escape up to its quote, found by `skipPlain` and copied at once;
  /// any other stop and `string` reads it.
  public mutating func twin(_ line: UnsafeRawBufferPointer, from start: Int) -> (end: Int, escaped: Bool)? {
    guard let base = line.baseAddress else { return nil }
    let stop = Self.skipPlain(base, start, line.count)
    guard stop < line.count, base.load(fromByteOffset: stop, as: UInt8.self) == UInt8(ascii: "\"") else {
      return string(line, from: start, noted: false)
    }
    append(base.assumingMemoryBound(to: UInt8.self), start, stop)
    return (stop + 1, false)
  }

  /// A run drawn as its ASCII twin `ascii` in the style's font, where `text` is what the
  /// link is searched for in (`LargeText.names` reads a line's text, whatever a bar draws).
  public mutating func run(_ text: String, ascii: String, color: String?) {
    var text = text
    var ascii = ascii
    text.withUTF8 { copy(UnsafeRawBufferPointer($0), json: false) }
    beginTwin()
    let mark = out.count
    _ = ascii.withUTF8 { write(UnsafeRawBufferPointer($0), json: false) }
    if let color { self.color(color, since: mark) }
  }

  /// A run of a String's text.
  public mutating func run(_ text: String, color: String?) {
    var text = text
    // A String is valid UTF-8: `run` cannot fail on it.
    _ = text.withUTF8 { run(UnsafeRawBufferPointer($0), json: false, color: color) }
  }

  /// `LargeForm.rule`, without making its lines.
  public mutating func rule() {
    emptyLine()
    beginLine()
    // The rule's text is one the text policy and every bar's escapes leave as it is
    // (box-drawing lines): its bytes go out as they are (LargeWriterTests compares it with
    // `LargeForm.rule` through each bar's renderer).
    let text = UnsafeRawBufferPointer(start: LargeForm.ruleText.utf8Start, count: LargeForm.ruleText.utf8CodeUnitCount)
    copy(text, json: false)
    let mark = out.count
    append(LargeForm.ruleText)
    color(LargeForm.ruleColor, since: mark)
    endLine()
    emptyLine()
  }

  /// Lines of runs made elsewhere (a stack's ranking, an entry without a detail record).
  public mutating func lines(_ lines: [[TextRun]]) {
    for line in lines {
      beginLine()
      for run in line {
        if drawsTwins, let ascii = run.ascii {
          self.run(run.text, ascii: ascii, color: run.color)
        } else {
          self.run(run.text, color: run.color)
        }
      }
      endLine()
    }
  }

  /// Whether `bytes` are valid UTF-8.
  public static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { raw in
      var at = 0
      // ASCII (a link nearly always is) eight bytes at a time.
      while at + 8 <= raw.count && raw.loadUnaligned(fromByteOffset: at, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
        at += 8
      }
      while at < raw.count {
        if raw[at] < 0x80 {
          at += 1
          continue
        }
        let length = sequenceLength(raw, at)
        guard length > 0 else { return false }
        at += length
      }
      return true
    }
  }

  /// Whether `haystack` has `needle` in it. The scan looks for the needle's first byte
  /// that is not a letter or a digit (a link's `:`), rare in text, skipping words without it.
  static func find(_ needle: [UInt8], in haystack: UnsafeRawBufferPointer) -> Bool {
    guard !needle.isEmpty else { return true }
    guard needle.count <= haystack.count, let base = haystack.baseAddress else { return false }
    return needle.withUnsafeBytes { pattern in
      let anchor = pattern.firstIndex { !isWordByte($0) && !isJSONSyntax($0) } ?? 0
      let byte = pattern[anchor]
      // The anchor's position in the haystack runs from `anchor` to `last`.
      let last = haystack.count - pattern.count + anchor
      var index = anchor
      while index <= last {
        if index + 8 <= haystack.count && !ByteScan.hasByte(ByteScan.word(base, at: index), equalTo: byte) {
          index += 8
          continue
        }
        if haystack[index] == byte && memoryEqual(haystack, index - anchor, pattern) { return true }
        index += 1
      }
      return false
    }
  }

  /// JSON's own bytes (and space), which a file holds everywhere: a poor anchor to look for
  /// in its lines (`skipSearch`).
  static func isJSONSyntax(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "{"), UInt8(ascii: "}"),
      UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: " "):
      true
    default: false
    }
  }

  /// Whether a link is being searched for (`search(for:)`) and not found yet. A mutating
  /// getter, as `wantsLineText` is: a plain one hands another module's caller a copy.
  public var searching: Bool { mutating get { !needle.isEmpty && !named } }

  /// While `skip` is set, lines are not searched: the caller found neither the `anchor`
  /// byte nor a backslash in the JSON they come from, so no line's text can have the link.
  public mutating func skipSearch(_ skip: Bool) { searchSkipped = skip }

  static func isWordByte(_ byte: UInt8) -> Bool {
    (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || byte >= 0x80
  }

  private static func memoryEqual(_ hay: UnsafeRawBufferPointer, _ at: Int, _ pattern: UnsafeRawBufferPointer) -> Bool {
    for offset in 0..<pattern.count where hay[at + offset] != pattern[offset] { return false }
    return true
  }
}
