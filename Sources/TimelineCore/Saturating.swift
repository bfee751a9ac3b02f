/// Arithmetic on values read from a file (a cache's `minDisplay`, a hold's `since`, a
/// hand-edited date): held at the type's bounds instead of trapping, so a damaged or hostile
/// number never ends the process. docs/reliability.md, "Arithmetic on read values".
extension Int64 {
  /// `self + other`, or the bound it passes.
  public func adding(saturating other: Int64) -> Int64 {
    let (sum, overflow) = addingReportingOverflow(other)
    return overflow ? (other > 0 ? .max : .min) : sum
  }

  /// `self - other`, or the bound it passes.
  public func subtracting(saturating other: Int64) -> Int64 {
    let (difference, overflow) = subtractingReportingOverflow(other)
    return overflow ? (other < 0 ? .max : .min) : difference
  }
}
