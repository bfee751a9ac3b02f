/// A run of text with an optional colour and weight.
///
/// Content is kept as runs rather than markup so that each bar can apply its own
/// escaping to the text and its own syntax to the style.
public struct TextRun: Sendable, Hashable {
  /// The literal text; never markup.
  public var text: String
  /// A colour as `#rrggbb`, or nil for the bar's default.
  public var color: String?
  /// Whether the run is bold.
  public var bold: Bool

  /// Creates a run.
  public init(_ text: String, color: String? = nil, bold: Bool = false) {
    self.text = text
    self.color = color.flatMap(Self.validColor)
    self.bold = bold
  }

  /// Returns `color` if it is exactly `#rrggbb` (lower-cased), else nil, so that a colour
  /// from a cache file or a script can never smuggle markup into a bar.
  public static func validColor(_ color: String) -> String? {
    let bytes = Array(color.utf8)
    guard bytes.count == 7, bytes[0] == UInt8(ascii: "#") else { return nil }
    var out = "#"
    for byte in bytes.dropFirst() {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"):
        out.unicodeScalars.append(Unicode.Scalar(byte))
      case UInt8(ascii: "A")...UInt8(ascii: "F"):
        out.unicodeScalars.append(Unicode.Scalar(byte + 32))
      default: return nil
      }
    }
    return out
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
