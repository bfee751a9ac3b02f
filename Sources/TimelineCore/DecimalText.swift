/// An integer in decimal, built from its digits: what the emitter writes of a number (a
/// percentage, a user id in a path) without the standard library's generic formatting,
/// whose code and tables are pages a one-shot emit would otherwise load for one number.
public enum DecimalText {
  /// `value` in decimal, with a leading `-` when negative.
  public static func string(_ value: Int64) -> String {
    var digits: [UInt8] = []
    append(value, to: &digits)
    return String(decoding: digits, as: UTF8.self)
  }

  /// Appends `value` in decimal to `out`, with no String made (a bar's text writes one per run).
  public static func append(_ value: Int64, to out: inout [UInt8]) {
    if value < 0 { out.append(UInt8(ascii: "-")) }
    let start = out.count
    var rest = value.magnitude
    repeat {
      out.append(UInt8(ascii: "0") + UInt8(rest % 10))
      rest /= 10
    } while rest > 0
    var low = start
    var high = out.count - 1
    while low < high {
      out.swapAt(low, high)
      low += 1
      high -= 1
    }
  }
}
