extension StringProtocol {
  /// Without leading and trailing white space (Unicode's, newlines included): the
  /// providers' trim, in the standard library (Foundation's `trimmingCharacters(in:)`
  /// would link the whole of it, ICU included).
  public var trimmed: String {
    guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}
