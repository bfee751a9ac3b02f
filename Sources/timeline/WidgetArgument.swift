import ArgumentParser
import TimelineCore

/// Widget names on the command line, checked as the arguments are parsed: past this, every
/// command holds a `WidgetName` and nothing checks it again. A name that breaks the rule is
/// a usage error (exit 2), before any file is named after it. (`timeline emit` keeps its
/// names as typed: the bars' emit shows a placeholder for a bad one and never fails.)
enum WidgetArgument {
  static func parse(_ text: String) throws -> WidgetName {
    guard let name = WidgetName(text) else { throw ValidationError("invalid widget name; \(WidgetName.rule)") }
    return name
  }
}
