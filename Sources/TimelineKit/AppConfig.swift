import Providers
import TimelineCore

/// The whole config: base URLs, refresh settings, bar nudges and the widgets.
public struct AppConfig: Sendable, Equatable {
  /// The services' base URLs.
  public var sources: Sources
  /// Seconds past a timeline's due time before bars mark it stale.
  public var grace: Int64
  /// How `timeline reload` nudges running bars.
  public var bars: BarsConfig
  /// The widgets, in file order.
  public var widgets: [WidgetConfig]
  /// `[notify]` and the widgets' `notify` switches: what a refresh may notify.
  public var notify = NotifyConfig()
  /// The top-level `language` ("nb", "de_AT"): the words' and the services' language,
  /// over the locale's; nil: the locale's (`Language.resolve`).
  public var language: String?
  /// Where it came from; "<embedded default>" when no file exists.
  public var file: String
  /// Warnings that do not stop anything (e.g. plain-http sources).
  public var warnings: [String]

  /// The widget named `name`.
  public func widget(_ name: WidgetName) -> WidgetConfig? { widgets.first { $0.name == name } }

  /// The widget called `text` (a name from argv or a stack's list, which may break the
  /// rule: then no widget has it).
  public func widget(named text: String) -> WidgetConfig? { widgets.first { $0.name.text == text } }

  /// A stack's member widgets in its order (none for other kinds; the loader has checked
  /// that each one exists).
  public func stackMembers(_ stack: WidgetConfig) -> [WidgetConfig] {
    guard stack.kind == StackRule.kind, case .array(let items)? = stack.options["widgets"] else { return [] }
    return items.compactMap { item in
      guard case .string(let name) = item else { return nil }
      return widget(named: name)
    }
  }

  /// What every command says about a widget name the config does not have: that it is
  /// unknown, and which ones are configured (not "run `timeline refresh NAME`", which would
  /// fail the same way).
  public func unknownWidget(_ name: String) -> String {
    let known = widgets.map(\.name.text).joined(separator: ", ")
    return "unknown widget \"\(name)\" in \(file) (configured: \(known.isEmpty ? "none" : known))"
  }
}

/// `[bars]`: which running bars `timeline reload` may nudge.
public struct BarsConfig: Sendable, Equatable {
  /// waybar's `signal` number: `pkill -x -RTMIN+n waybar`.
  public var waybarSignal: Int?
  /// polybar ipc module names for `polybar-msg action "#NAME.hook.0"`.
  public var polybarModules: [String] = []
  /// Whether to run `tmux refresh-client -S` on this user's tmux servers.
  public var tmux: Bool = true
  /// Seconds after the last `timeline browse` before the view returns to now.
  public var browseTimeout: Int64 = 60
  /// polybar's font index (`%{TN}`, 1-based) of a GurbaniAkhar font: written into every
  /// cache, so polybar draws Gurmukhi lines in their ASCII form (`--gurmukhi-font`).
  public var polybarGurmukhiFont: Int?

  /// Creates the settings; the defaults are the config's.
  public init(
    waybarSignal: Int? = nil, polybarModules: [String] = [], tmux: Bool = true, browseTimeout: Int64 = 60,
    polybarGurmukhiFont: Int? = nil
  ) {
    self.waybarSignal = waybarSignal
    self.polybarModules = polybarModules
    self.tmux = tmux
    self.browseTimeout = browseTimeout
    self.polybarGurmukhiFont = polybarGurmukhiFont
  }
}

/// A config problem: always exit status 2, and the message names the file and key.
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The message, starting with the file (and key) it concerns.
  public var description: String
  /// An error that says `message`, each of its lines cleaned as any terminal line of
  /// outside text (`CleanText.terminalLine`): the messages quote the file's path, keys,
  /// widget names and values, which a config can fill with terminal controls and
  /// bidirectional overrides, and every path that prints a config error relies on this.
  public init(_ message: String) {
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
