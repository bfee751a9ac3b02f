import TimelineCore

extension WidgetName {
  /// `text` as a widget name, for tests that spell names out: a name that breaks the rule
  /// fails the test with the name in the message.
  public static func named(_ text: String) throws -> WidgetName {
    guard let name = WidgetName(text) else { throw TestSupportError("not a widget name: \"\(text)\"") }
    return name
  }
}
