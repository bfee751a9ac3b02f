import TimelineCore

extension WidgetName {
  /// `text` as a widget name, for tests that spell names out: a name that breaks the rule
  /// fails the test with the name in the message.
  public static func named(_ text: String) throws -> WidgetName {
    guard let name = WidgetName(text) else { throw TestSupportError("not a widget name: \"\(text)\"") }
    return name
  }
}

/// Tests spell widget names as literals (`Timeline(widget: "w", …)`). A literal that breaks
/// the rule stops the test run at once, naming it: a test's own typo, never data under test.
/// So a test of the rule itself passes its names as values (`WidgetName(name)` with `name` a
/// variable): `WidgetName("A")` with a literal is this initialiser, not the failable one.
extension WidgetName: ExpressibleByStringLiteral {
  /// The name `text`; stops the test run when it breaks the rule.
  public init(stringLiteral text: String) {
    guard let name = WidgetName(text) else { preconditionFailure("not a widget name: \"\(text)\"") }
    self = name
  }
}
