import TimelineCore

/// A widget's `hide_when_empty`: while the widget has nothing to say (its placeholder, or
/// a `quiet` entry: no birthday within the window, nobody due), every format prints what
/// its bar hides instead of a line (docs/emitters.md). The emitter reads no config, so the
/// refresh records it in the cache's meta line. Every kind takes it.
public enum HideWhenEmpty {
  /// The config key.
  public static let key = "hide_when_empty"

  /// The widget's setting; a value that is not true or false is a config error naming the key.
  public static func of(_ config: WidgetConfig) throws -> Bool {
    switch config.options[key] {
    case nil: return false
    case .bool(let value)?: return value
    default: throw ProviderError.config("\(config.place(of: key)) \(key): expected true or false")
    }
  }
}
