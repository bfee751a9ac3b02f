import Providers
import TimelineCore

/// A widget's provider, config hash and timeline: the one place every command makes them,
/// so they check a config the same way and word its errors the same.
enum WidgetFactory {
  /// A bad kind or option is a `ConfigError` naming the file, the widget and the key.
  static func provider(for widget: WidgetConfig) throws(ConfigError) -> any TimelineProvider {
    guard let type = ProviderRegistry.type(for: widget.kind) else {
      throw ConfigError.unknownKind(widget.kind, widget: widget.name.text, file: widget.file)
    }
    do {
      _ = try RelevanceBoost.of(widget)
      _ = try HideWhenEmpty.of(widget)
      return try type.init(config: widget)
    } catch let error as ProviderError {
      throw ConfigError(error.message)
    } catch {
      throw ConfigError("\(widget.place()): \(error)")
    }
  }

  static func hash(
    _ widget: WidgetConfig, _ provider: any TimelineProvider, sources: Sources, bars: BarsConfig
  ) -> String {
    ConfigHash.of(widget, sources: sources, bars: bars, inputs: provider.inputs, services: provider.servicesUsed)
  }

  /// The timeline a draft becomes, stamped at `now`.
  static func timeline(
    _ draft: TimelineDraft, widget: WidgetConfig, provider: any TimelineProvider, now: Int64, grace: Int64,
    hash: String, bars: BarsConfig
  ) -> Timeline {
    let stack = provider as? StackProvider
    var timeline = Timeline(
      widget: widget.name, kind: widget.kind,
      entries: RelevanceBoost.apply((try? RelevanceBoost.of(widget)) ?? 0, to: draft.entries), end: draft.end,
      policy: draft.policy, placeholder: provider.placeholder(), generated: now, lastSuccess: now, grace: grace,
      configHash: hash, line: draft.line, polybarFont: bars.polybarGurmukhiFont, members: stack?.members ?? [],
      minDisplay: stack?.minDisplay, days: type(of: provider).entriesAreDays)
    timeline.hideWhenEmpty = (try? HideWhenEmpty.of(widget)) ?? false
    return timeline
  }
}
