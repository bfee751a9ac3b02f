import EmitRuntime
import Emitters
import Providers
import TimelineCache
import TimelineCore

/// `timeline preview`: every widget in every format without network and without a config
/// file. Each provider's `snapshot()` (bundled sample data) fills a cache directory, and
/// the lines are rendered by the same pipeline `timeline-emit` runs (`EmitPipeline`), so
/// what it prints is what the bars would show.
public enum Preview {
  /// The widgets previewed when no config is given: the embedded default's plus one of each
  /// other kind (friends and birthdays from the bundled sample cards) and a stack.
  static let toml =
    DefaultConfig.toml + """

      [widgets.favourites]
      kind = "favourites"
      shabads = [2565]

      [widgets.avalanche-se]
      kind = "avalanche"
      country = "se"
      area = 2

      [widgets.countdown]
      kind = "command"
      command = ["countdown.sh", "2026-12-31T00:00:00Z", "New Year"]

      [widgets.friends]
      kind = "friends"

      [widgets.birthdays]
      kind = "birthdays"

      [widgets.now]
      kind = "stack"
      widgets = ["avalanche", "hukamnama", "random-shabad"]

      """

  /// The preview config: the widgets above, default sources.
  public static func config() throws(ConfigError) -> AppConfig {
    try ConfigLoader.parse(toml, file: "<preview>")
  }

  /// One widget's snapshot, written to `store`.
  public struct Filled: Sendable, Equatable {
    /// The widget filled.
    public var widget: WidgetName
    var kind: String
    /// How many entries the snapshot wrote.
    var entries: Int
  }

  /// Writes each widget's snapshot timeline into `store`; throws `ConfigError` for a
  /// widget whose options its provider refuses.
  public static func fill(_ config: AppConfig, store: CacheStore, clock: any WallClock) throws -> [Filled] {
    try store.ensureDirectory()
    return try config.widgets.map { widget in
      let provider = try WidgetFactory.provider(for: widget)
      let context = ProviderContext(
        clock: clock, config: widget, sources: config.sources, http: OfflineHTTPClient(), previous: nil, force: false)
      let draft = provider.snapshot(context: context)
      let now = clock.now()
      let timeline = WidgetFactory.timeline(
        draft, widget: widget, provider: provider, now: now, grace: config.grace,
        hash: WidgetFactory.hash(widget, provider, sources: config.sources, bars: config.bars), bars: config.bars)
      try store.write(timeline)
      return Filled(widget: widget.name, kind: widget.kind, entries: timeline.entries.count)
    }
  }

  /// The line `timeline-emit FORMAT WIDGET` prints, without the newline.
  static func line(
    widget: WidgetName, format: OutputFormat, directory: String, now: Int64, options: RenderOptions = RenderOptions()
  ) -> String {
    let resolved = EmitPipeline.resolve(widget: widget, directory: directory, now: now)
    return EmitPipeline.line([resolved.state], format: format, options: options)
  }

  /// The report: for each widget a heading and one line per format, or, with a single
  /// format, one `widget  line` row each.
  public static func report(
    widgets: [Filled], formats: [OutputFormat], directory: String, now: Int64, options: RenderOptions = RenderOptions()
  ) -> String {
    let render = { (item: Filled, format: OutputFormat) in
      line(widget: item.widget, format: format, directory: directory, now: now, options: options)
    }
    if formats.count == 1, let format = formats.first {
      let width = widgets.map(\.widget.text.count).max() ?? 0
      return widgets.map { padded($0.widget.text, width) + "  " + render($0, format) }.joined(separator: "\n")
    }
    let width = formats.map(\.name.count).max() ?? 0
    return widgets.map { item in
      (["\(item.widget) (kind \(item.kind))"] + formats.map { "  " + padded($0.name, width) + "  " + render(item, $0) })
        .joined(separator: "\n")
    }.joined(separator: "\n\n")
  }

  /// The formats in the order the preview prints them: plain first (the text itself),
  /// then the bars in registry order.
  public static let formats: [OutputFormat] = [.plain] + OutputFormat.allCases.filter { $0 != .plain }
}

/// The HTTP client given to `snapshot()`: snapshots use bundled data, so any request is a
/// bug, and it fails instead of reaching the network.
struct OfflineHTTPClient: HTTPClient {
  func get(_ url: String, headers: [String: String]) async throws -> HTTPResponse {
    throw ProviderError("preview: no network (a snapshot asked for \(url))")
  }
}
