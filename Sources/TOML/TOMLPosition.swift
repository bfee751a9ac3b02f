/// Where something starts in a TOML document.
///
/// Both numbers are 1-based. The column counts characters as a user sees them (Swift
/// `Character`s, extended grapheme clusters) from the start of the line, so "é" written as
/// e + U+0301 and a tab each count as one column; it is not a byte or UTF-16 offset.
public struct TOMLPosition: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The line, from 1.
  public var line: Int
  /// The column in characters, from 1.
  public var column: Int

  /// A position at `line`:`column`.
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// `LINE:COL`, the form that follows a file name in messages.
  public var description: String { "\(line):\(column)" }

  /// Earlier in the document sorts first.
  public static func < (lhs: TOMLPosition, rhs: TOMLPosition) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }
}

/// A document that is not valid TOML 1.0: where, and what is wrong, in plain words.
public struct TOMLError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Where the problem was found.
  public var position: TOMLPosition
  /// What is wrong, without the position.
  public var message: String

  /// An error at `position`.
  public init(_ message: String, at position: TOMLPosition) {
    self.message = message
    self.position = position
  }

  /// `LINE:COL: message`.
  public var description: String { "\(position): \(message)" }
}
