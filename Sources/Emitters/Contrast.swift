import TimelineCore

/// Colour contrast as WCAG 2 defines it. The emitters use it for one decision: a colour too
/// dark to read as text on a dark bar is drawn as a badge (docs/emitters.md, "What every
/// format shares").
enum Contrast {
  /// A colour's contrast against black below this is too dark for text on a dark bar.
  static let badgeBelow = 3.0

  /// The relative luminance of `#rrggbb`, 0 to 1; nil for anything else.
  static func luminance(_ color: String) -> Double? {
    TextRun.rgb(color).map { luminance($0) }
  }

  /// The luminance of a 24-bit colour; `lowerBound` uses x³ for x^2.4 (smaller on 0…1),
  /// a bound cheap enough to settle most questions without the power series.
  private static func luminance(_ value: UInt32, lowerBound: Bool = false) -> Double {
    func linear(_ channel: UInt32) -> Double {
      let srgb = Double(channel & 0xff) / 255
      if srgb <= 0.04045 { return srgb / 12.92 }
      let base = (srgb + 0.055) / 1.055
      return lowerBound ? base * base * base : pow(base, 2.4)
    }
    return 0.2126 * linear(value >> 16) + 0.7152 * linear(value >> 8) + 0.0722 * linear(value)
  }

  /// The contrast ratio of two `#rrggbb` colours (order does not matter); nil if either is
  /// not one.
  static func ratio(_ a: String, _ b: String) -> Double? {
    guard let la = luminance(a), let lb = luminance(b) else { return nil }
    return ratio(la, lb)
  }

  private static func ratio(_ la: Double, _ lb: Double) -> Double {
    (Swift.max(la, lb) + 0.05) / (Swift.min(la, lb) + 0.05)
  }

  /// Whether a run in `color` is drawn as a badge (see above). Black's luminance is 0.
  static func needsBadge(_ color: String) -> Bool {
    TextRun.rgb(color).map(needsBadge) ?? false
  }

  static func needsBadge(_ value: UInt32) -> Bool {
    // Every run of a bar asks this: the lower bound settles every colour bright enough for text.
    if ratio(luminance(value, lowerBound: true), 0) >= badgeBelow { return false }
    return ratio(luminance(value), 0) < badgeBelow
  }

  /// White or black, whichever reads better on a ground of `color`.
  static func text(on color: String) -> String {
    guard let value = TextRun.rgb(color) else { return "#ffffff" }
    return text(on: value)
  }

  static func text(on value: UInt32) -> String {
    let lum = luminance(value)
    return ratio(lum, 1) >= ratio(lum, 0) ? "#ffffff" : "#000000"
  }

  /// x^y for x > 0, without Foundation (Emitters import no Foundation): exp(y · ln x) by
  /// series, exact enough for colour maths (relative error < 1e-12 on 0…1).
  static func pow(_ x: Double, _ y: Double) -> Double {
    guard x > 0 else { return 0 }
    return exp(y * log(x))
  }

  private static func log(_ x: Double) -> Double {
    // ln x = 2·atanh((x−1)/(x+1)) after scaling x into [0.5, 2) by powers of two.
    var m = x
    var k = 0.0
    while m >= 2 {
      m /= 2
      k += 1
    }
    while m < 0.5 {
      m *= 2
      k -= 1
    }
    let t = (m - 1) / (m + 1)
    var term = t
    var sum = 0.0
    var n = 1.0
    while Swift.abs(term / n) > 1e-17 {
      sum += term / n
      term *= t * t
      n += 2
    }
    return 2 * sum + k * 0.6931471805599453
  }

  private static func exp(_ x: Double) -> Double {
    // e^x = (e^(x/2^8))^(2^8), with the Taylor series for the small exponent.
    let r = x / 256
    var term = 1.0
    var sum = 1.0
    var n = 1.0
    while Swift.abs(term) > 1e-17 {
      term *= r / n
      sum += term
      n += 1
    }
    for _ in 0..<8 { sum *= sum }
    return sum
  }
}
