import Testing

/// A text argument of a parameterized test, named in the run's output in one short line:
/// swift-testing names each case by its arguments as they are, and a text with line ends
/// (a config, a file's lines) or a megabyte of it would spill over the output of a run that
/// passes. The name is the text as a Swift literal (escaped), cut after 60 characters.
public struct TextArgument: Sendable, ExpressibleByStringLiteral, CustomTestStringConvertible {
  /// The text itself.
  public let text: String

  /// Wraps `text`.
  public init(_ text: String) { self.text = text }

  /// Wraps a literal.
  public init(stringLiteral text: String) { self.text = text }

  /// The escaped text, cut after 60 characters with its length in bytes.
  public var testDescription: String {
    let literal = text.debugDescription
    guard literal.count > 62 else { return literal }
    return literal.prefix(60) + "…\" (\(text.utf8.count) bytes)"
  }
}
