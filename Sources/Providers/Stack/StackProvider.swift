import TimelineCore

/// Kind `stack`: one bar slot for several widgets, showing whichever member's entry is the
/// most relevant now (docs/relevance.md). It fetches nothing: `timeline refresh` refreshes
/// its members and writes the stack's cache as a meta line alone, naming the members, so
/// the emitter, which never reads the config, knows them (any refresh writes it where it
/// is missing or out of date: `Refresher.writeStacks`).
///
/// Options: `widgets` (required, member widget names in order; ties go to the first),
/// `min_display` (default "10m": how long a shown member stays unless another one scores
/// clearly higher). Members that are unknown or stacks themselves are refused by the
/// config loader, which knows the other widgets.
public struct StackProvider: TimelineProvider {
  /// The kind name in config.
  public static let kind = StackRule.kind

  /// The member widgets, in config order.
  public let members: [String]
  /// `min_display` in seconds.
  public let minDisplay: Int64

  /// Reads and checks the widget's options; throws `ProviderError.config` naming a bad one.
  public init(config: WidgetConfig) throws {
    var options = Options(config)
    guard let members = try options.strings("widgets"), !members.isEmpty else {
      throw options.invalid(
        "widgets", expected: "a non-empty array of widget names, e.g. [\"avalanche\", \"hukamnama\"]")
    }
    var seen: [String] = []
    for member in members {
      if seen.contains(member) {
        throw options.invalid("widgets", expected: "each widget once (\"\(member)\" is listed twice)")
      }
      seen.append(member)
    }
    self.members = members
    minDisplay = try options.duration("min_display", default: StackRule.defaultMinDisplay, minimum: 0)
    try options.finish()
  }

  /// What the bars show before the first refresh; no I/O.
  public func placeholder() -> Entry {
    Entry(date: 0, relevance: Relevance(0), runs: [TextRun("…")], alt: "placeholder", classes: ["stack"])
  }

  /// The preview's timeline, made without the network.
  public func snapshot(context: ProviderContext) -> TimelineDraft { TimelineDraft(entries: [], policy: .never) }

  /// The widget's timeline at `context`'s time.
  public func timeline(context: ProviderContext) async throws -> TimelineDraft {
    TimelineDraft(entries: [], policy: .never)
  }
}
