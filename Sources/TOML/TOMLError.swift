import TimelineCore

/// A document that is not valid TOML 1.0: where, and what is wrong, in plain words.
public struct TOMLError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Where the problem was found.
  public var position: TextPosition
  /// What is wrong, without the position.
  public var message: String

  init(_ message: String, at position: TextPosition) {
    self.message = message
    self.position = position
  }

  /// `LINE:COL: message`.
  public var description: String { "\(position): \(message)" }
}
