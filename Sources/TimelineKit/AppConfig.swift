import Providers
import TimelineCore

/// The whole config: base URLs, refresh settings, bar nudges and the widgets.
public struct AppConfig: Sendable, Equatable {
  /// The services' base URLs.
  public var sources: Sources
  /// Seconds past a timeline's due time before bars mark it stale.
  public var grace: Int64
  /// How `timeline reload` nudges running bars, and other bar settings.
  public var bars: BarsConfig
  /// The widgets, in file order.
  public var widgets: [WidgetConfig]
  /// What a refresh may notify.
  public var notify = NotifyConfig()
  /// The top-level `language`, over the locale's; nil: the locale's (`Language.resolve`).
  public var language: String?
  /// "<embedded default>" when no file exists.
  public var file: String
  /// Warnings that do not stop anything (e.g. plain-http sources).
  public var warnings: [String]

  /// The widget named `name`.
  public func widget(_ name: WidgetName) -> WidgetConfig? { widgets.first { $0.name == name } }

  /// The widget called `text` (a name from argv or a stack's list, which may break the
  /// rule: then no widget has it).
  func widget(named text: String) -> WidgetConfig? { widgets.first { $0.name.text == text } }

  /// A stack's member widgets in its order (none for other kinds; the loader has checked
  /// that each one exists).
  func stackMembers(_ stack: WidgetConfig) -> [WidgetConfig] {
    guard stack.kind == StackRule.kind, case .array(let items)? = stack.options["widgets"] else { return [] }
    return items.compactMap { item in
      guard case .string(let name) = item else { return nil }
      return widget(named: name)
    }
  }

  /// What every command says about a widget name the config does not have: which ones are
  /// configured (not "run `timeline refresh NAME`", which would fail the same way).
  func unknownWidget(_ name: String) -> String {
    let known = widgets.map(\.name.text).joined(separator: ", ")
    return "unknown widget \"\(name)\" in \(file) (configured: \(known.isEmpty ? "none" : known))"
  }
}

/// `[bars]` (see the README): which running bars `timeline reload` may nudge, how long a
/// browse lasts, and polybar's GurbaniAkhar font index, written into every cache.
public struct BarsConfig: Sendable, Equatable {
  var waybarSignal: Int?
  var polybarModules: [String] = []
  var tmux: Bool = true
  var browseTimeout: Int64 = 60
  var polybarGurmukhiFont: Int?
}

/// A config problem: always exit status 2, and the message names the file and key.
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The message, starting with the file (and key) it concerns.
  public var description: String
  /// Each line of `message` cleaned for a terminal (`CleanText.terminalLine`): the messages
  /// quote paths, keys and values a config can fill with terminal controls, and every path
  /// that prints a config error relies on this.
  init(_ message: String) {
    description = message.split(separator: "\n", omittingEmptySubsequences: false)
      .map { CleanText.terminalLine(String($0)) }.joined(separator: "\n")
  }

  /// A widget whose kind no provider has: checked when the config loads, and again for a
  /// `WidgetConfig` built in code.
  static func unknownKind(_ kind: String, widget: String, file: String) -> ConfigError {
    ConfigError(
      "\(file): [widgets.\(widget)] kind: unknown kind \"\(kind)\"; expected one of \(ProviderRegistry.kinds.joined(separator: ", "))"
    )
  }
}
