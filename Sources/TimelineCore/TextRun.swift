/// A run of text with an optional colour and weight: content is kept as runs rather than
/// markup so that each bar applies its own escaping and its own syntax for the style.
public struct TextRun: Sendable, Hashable {
  /// The literal text; never markup.
  public var text: String
  /// A colour as `#rrggbb`, or nil for the bar's default.
  public var color: String?
  /// Whether the run is bold.
  public var bold: Bool
  /// A Gurbani detail line's run in the ASCII encoding of the GurbaniAkhar fonts, which a bar
  /// that cannot shape Gurmukhi but can switch fonts draws instead of `text`.
  public var ascii: String?

  /// Creates a run.
  public init(_ text: String, color: String? = nil, bold: Bool = false, ascii: String? = nil) {
    self.text = text
    self.color = color.flatMap(Self.validColor)
    self.bold = bold
    self.ascii = ascii
  }

  /// Returns `color` if it is exactly `#rrggbb` (lower-cased), else nil, so that a colour
  /// from a cache file or a script can never smuggle markup into a bar.
  static func validColor(_ color: String) -> String? {
    guard rgb(color) != nil else { return nil }
    // Every run a bar shows passes here: an already lower-case colour is returned as it is.
    return color.utf8.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "F") } ? color.lowercased() : color
  }

  /// The 24-bit value of `#rrggbb` (either case), else nil.
  public static func rgb(_ color: String) -> UInt32? {
    var value: UInt32 = 0
    var count = 0
    for byte in color.utf8 {
      count += 1
      if count == 1 {
        guard byte == UInt8(ascii: "#") else { return nil }
        continue
      }
      guard count <= 7 else { return nil }
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value << 4 | UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): value = value << 4 | UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): value = value << 4 | UInt32(byte - UInt8(ascii: "A") + 10)
      default: return nil
      }
    }
    return count == 7 ? value : nil
  }
}

extension Array where Element == TextRun {
  /// The runs' text joined, without style. A plain loop: `map(…).joined()` costs the
  /// one-shot emitter generic metadata lookups worth more than the rest of its rendering.
  public var plainText: String {
    var out = ""
    for run in self { out += run.text }
    return out
  }
}
