import TimelineCore

/// Kind `stack`: one bar slot for several widgets, showing whichever member's entry is the
/// most relevant now (docs/relevance.md). It fetches nothing: the refresh writes its cache
/// as a meta line naming the members (`Refresher.writeStacks`). The config loader, which
/// knows the other widgets, refuses members that are unknown or stacks themselves.
public struct StackProvider: TimelineProvider {
  /// `stack`.
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
    var seen = Set<String>()
    for member in members where !seen.insert(member).inserted {
      throw options.invalid("widgets", expected: "each widget once (\"\(member)\" is listed twice)")
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
