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
    color.withUTF8 { utf8 in
      let bytes = UnsafeRawBufferPointer(utf8)
      guard let key = Self.colorKey(bytes, raw: false) else { return wrapOnce(bytes, since: mark) }
      wrap(colorEntry(key) ?? remember(key, bytes), since: mark)
    }
  }

  /// Gives the run written since `mark` the colour of the JSON string content `raw` (as
  /// the line reader and `TextRun` read it: invalid colours are none).
  public mutating func color(_ raw: UnsafeRawBufferPointer, json: Bool, since mark: Int) {
    guard style.colors && !leavesOutLine else { return }
    guard !json else {
      // An escape in a colour: decoded, and never remembered (no writer's file has one).
      var bytes: [UInt8] = []
      JSONText.unescape(raw, into: &bytes)
      guard var valid = bytes.withUnsafeBytes(Self.validColor) else { return }
      withUnsafeBytes(of: &valid) { wrapOnce(UnsafeRawBufferPointer(rebasing: $0[0..<7]), since: mark) }
      return
    }
    // Without escapes, only the seven bytes of `#rrggbb` can be a valid colour.
    guard let key = Self.colorKey(raw, raw: true) else { return }
    if let entry = colorEntry(key) { return wrap(entry, since: mark) }
    guard var valid = Self.validColor(raw) else { return wrap(remember(key, nil), since: mark) }
    withUnsafeBytes(of: &valid) { wrap(remember(key, UnsafeRawBufferPointer(rebasing: $0[0..<7])), since: mark) }
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

  /// `TextRun.validColor` of a colour's bytes, read as bytes: `#rrggbb` lower-cased, its
  /// seven bytes in memory order in a word (no String made); nil for anything else.
  static func validColor(_ raw: UnsafeRawBufferPointer) -> UInt64? {
    guard rgb(raw) != nil else { return nil }
    var word: UInt64 = 0
    // Only A-F have the bit 0x20 clear among hex digits: setting it lower-cases them alone.
    for index in 0..<7 { word |= UInt64(index == 0 ? raw[0] : raw[index] | 0x20) << (8 * index) }
    return UInt64(littleEndian: word)
  }

  /// `TextRun.rgb` of a colour's bytes: the value of `#rrggbb` (either case), else nil.
  public static func rgb(_ raw: UnsafeRawBufferPointer) -> UInt32? {
    guard raw.count == 7, raw[0] == UInt8(ascii: "#") else { return nil }
    var value: UInt32 = 0
    for index in 1..<7 {
      let byte = raw[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte &- UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): digit = (byte | 0x20) &- 87
      default: return nil
      }
      value = value << 4 | UInt32(digit)
    }
    return value
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
  private mutating func remember(_ key: Int, _ color: UnsafeRawBufferPointer?) -> Range<Int> {
    // Room for a few colours' markup at once (conky's is 16 bytes each).
    if colorMarkup.isEmpty { colorMarkup.reserveCapacity(64) }
    let start = colorMarkup.count
    guard let color, style.colorStart(color, &colorMarkup) else {
      colorMarkup.removeSubrange(start...)
      if firstColor.start == -2 {
        firstColor = (key, -1, -1)
      } else {
        keep(key, -1 ..< -1)
      }
      return -1 ..< -1
    }
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

  /// The markup of `color` made for this run alone (a colour the table does not key).
  private mutating func wrapOnce(_ color: UnsafeRawBufferPointer, since mark: Int) {
    var markup: [UInt8] = []
    guard style.colorStart(color, &markup) else { return }
    markup.withUnsafeBufferPointer { out.insert(contentsOf: $0, at: mark) }
    append(style.colorEnd)
  }

}
