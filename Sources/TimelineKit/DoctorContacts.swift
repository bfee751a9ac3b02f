import Providers
import TimelineCore

extension Doctor {
  /// Each card or friends log line that a contacts widget passed over, named.
  func contacts(_ config: AppConfig?) -> [Check] {
    guard let config else { return [] }
    var checks: [Check] = []
    for widget in config.widgets {
      guard let provider = try? WidgetFactory.provider(for: widget), let local = provider as? any LocalDiagnostics
      else {
        continue
      }
      let problems = local.diagnostics().map(Terminal.clean)
      if problems.isEmpty {
        checks.append(Check(name: "contacts (\(widget.name))", ok: true, detail: "every card read"))
      } else {
        let shown = problems.prefix(10).joined(separator: "\n    ")
        let more = problems.count > 10 ? "\n    … \(problems.count - 10) more" : ""
        checks.append(
          Check(
            name: "contacts (\(widget.name))", ok: false,
            detail: "\(problems.count) problem\(problems.count == 1 ? "" : "s"):\n    " + shown + more,
            fix: "correct or remove the cards named (timeline only reads them; the others still show)"))
      }
    }
    return checks
  }
}
