/// An integer in decimal, built from its digits: what the emitter writes of a number (a
/// percentage, a user id in a path) without the standard library's generic formatting,
/// whose code and tables are pages a one-shot emit would otherwise load for one number.
public enum DecimalText {
  /// `value` in decimal, with a leading `-` when negative.
  public static func string(_ value: Int64) -> String {
    var digits: [UInt8] = []
    var rest = value.magnitude
    repeat {
      digits.append(UInt8(ascii: "0") + UInt8(rest % 10))
      rest /= 10
    } while rest > 0
    if value < 0 { digits.append(UInt8(ascii: "-")) }
    digits.reverse()
    return String(decoding: digits, as: UTF8.self)
  }
}
