/// Where something starts in a text file, 1-based: the config's TOML reader gives one to every
/// key, value and error. The column counts `Character`s from the start of the line (so "é" as
/// e + U+0301 and a tab each count one), not bytes or UTF-16 units.
public struct TextPosition: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The line, from 1.
  var line: Int
  /// The column in characters, from 1.
  var column: Int

  /// A position at `line`:`column`.
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// `LINE:COL`, the form that follows a file name in messages.
  public var description: String { "\(line):\(column)" }

  /// Earlier in the document sorts first.
  public static func < (lhs: TextPosition, rhs: TextPosition) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }
}
