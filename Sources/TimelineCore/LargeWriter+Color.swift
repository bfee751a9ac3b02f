/// Runs' colours. A bar's markup for a colour (conky's `${color #rrggbb}`, through
/// `Contrast` for a colour too dark for text) is made once per colour and written from a
/// small table after that: a forecast's lines alternate between a few level colours, and
/// making the markup anew at each change cost its conky large form a tenth of a `cat`.
/// The first colour is kept beside the table, so a file of one colour allocates none.
extension LargeWriter {
  /// The most colours the table keeps (a file with more makes the rest's markup per run).
  public static let colorTableSize = 32

  /// Gives the run written since `mark` its colour (already a valid colour): the markup
  /// before it, and after it.
  public mutating func color(_ color: String, since mark: Int) {
    guard style.colors && !leavesOutLine else { return }
    var color = color
    guard let key = color.withUTF8({ Self.colorKey(UnsafeRawBufferPointer($0), raw: false) }) else {
      if let markup = style.colorStart(color) { wrap(Array(markup.utf8), since: mark) }
      return
    }
    wrap(colorEntry(key) ?? remember(key, style.colorStart(color)), since: mark)
  }

  /// Gives the run written since `mark` the colour of the JSON string content `raw` (as
  /// the line reader and `TextRun` read it: invalid colours are none).
  public mutating func color(_ raw: UnsafeRawBufferPointer, json: Bool, since mark: Int) {
    guard style.colors && !leavesOutLine else { return }
    guard !json else {
      // An escape in a colour: decoded, and never remembered (no writer's file has one).
      var bytes: [UInt8] = []
      JSONText.unescape(raw, into: &bytes)
      if let markup = TextRun.validColor(String(decoding: bytes, as: UTF8.self)).flatMap(style.colorStart) {
        wrap(Array(markup.utf8), since: mark)
      }
      return
    }
    // Without escapes, only the seven bytes of `#rrggbb` can be a valid colour.
    guard let key = Self.colorKey(raw, raw: true) else { return }
    wrap(colorEntry(key) ?? remember(key, Self.validColor(raw).flatMap(style.colorStart)), since: mark)
  }

  /// A colour's seven bytes as one number, and whether they came from a file (its bytes,
  /// to be checked) or from a String already valid (given to the style as they are); nil
  /// for any other length.
  static func colorKey(_ bytes: UnsafeRawBufferPointer, raw: Bool) -> Int? {
    guard bytes.count == 7 else { return nil }
    var key = raw ? 1 << 56 : 0
    for index in 0..<7 { key |= Int(bytes[index]) << (index * 8) }
    return key
  }

  /// `TextRun.validColor` of a colour's seven bytes, read as bytes: `#rrggbb`, lower-cased.
  static func validColor(_ raw: UnsafeRawBufferPointer) -> String? {
    guard raw.count == 7, raw[0] == UInt8(ascii: "#") else { return nil }
    for index in 1..<7 {
      let byte = raw[index]
      guard (48...57).contains(byte) || (65...70).contains(byte) || (97...102).contains(byte) else { return nil }
    }
    return String(unsafeUninitializedCapacity: 7) { buffer in
      for index in 0..<7 { buffer[index] = (65...70).contains(raw[index]) ? raw[index] | 0x20 : raw[index] }
      return 7
    }
  }

  /// The markup of the colour `key` in `colorMarkup`: nil when not known yet, an empty
  /// range at -1 when the colour has none.
  private func colorEntry(_ key: Int) -> Range<Int>? {
    if firstColor.key == key && firstColor.start != -2 { return firstColor.start..<firstColor.end }
    var index = 0
    while index < colorTable.count {
      if colorTable[index] == key { return colorTable[index + 1]..<colorTable[index + 2] }
      index += 3
    }
    return nil
  }

  /// Keeps `markup` as the colour `key`'s (while there is room) and gives its range.
  private mutating func remember(_ key: Int, _ markup: String?) -> Range<Int> {
    guard var markup else {
      if firstColor.start == -2 {
        firstColor = (key, -1, -1)
      } else {
        keep(key, -1 ..< -1)
      }
      return -1 ..< -1
    }
    let start = colorMarkup.count
    markup.withUTF8 { colorMarkup.append(contentsOf: $0) }
    let range = start..<colorMarkup.count
    if firstColor.start == -2 {
      firstColor = (key, range.lowerBound, range.upperBound)
    } else {
      keep(key, range)
    }
    return range
  }

  /// A colour after the first in the table, while there is room.
  private mutating func keep(_ key: Int, _ range: Range<Int>) {
    guard colorTable.count < Self.colorTableSize * 3 else { return }
    if colorTable.isEmpty { colorTable.reserveCapacity(24) }
    colorTable.append(key)
    colorTable.append(range.lowerBound)
    colorTable.append(range.upperBound)
  }

  private mutating func wrap(_ entry: Range<Int>, since mark: Int) {
    guard entry.lowerBound >= 0 else { return }
    colorMarkup.withUnsafeBufferPointer { out.insert(contentsOf: UnsafeBufferPointer(rebasing: $0[entry]), at: mark) }
    append(style.colorEnd)
  }

  private mutating func wrap(_ markup: [UInt8], since mark: Int) {
    markup.withUnsafeBufferPointer { out.insert(contentsOf: $0, at: mark) }
    append(style.colorEnd)
  }
}
