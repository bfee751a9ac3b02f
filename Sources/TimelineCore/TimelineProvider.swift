/// A source of timelines, mirroring WidgetKit's `TimelineProvider`.
public protocol TimelineProvider: Sendable {
  /// The kind name used in config, e.g. `hukamnama`.
  static var kind: String { get }
  /// Builds the provider from its config; throws `ProviderError.config` on a bad option.
  init(config: WidgetConfig) throws
  /// A static entry shown before any data exists. No I/O.
  func placeholder() -> Entry
  /// Bundled sample data for previews. No network.
  func snapshot(context: ProviderContext) -> TimelineDraft
  /// The real timeline. Throws `ProviderError` on failure.
  func timeline(context: ProviderContext) async throws -> TimelineDraft
  /// What shapes the timeline besides the widget's own options, read when the provider
  /// was built (e.g. the shabads of an imported file). The engine folds it into the
  /// config hash, so a change makes the widget due as an edit of its config does.
  var inputs: String { get }
  /// The services (`[sources]` base URLs) the provider reads; nil means all of them.
  /// The config hash covers only these, so editing one service's URL makes no other
  /// service's widget due.
  var sourceKeys: [Source]? { get }
}

extension TimelineProvider {
  /// Most providers read nothing but their options.
  public var inputs: String { "" }
  /// All of them, unless a provider says which it reads.
  public var sourceKeys: [Source]? { nil }
}

/// What a provider returns: entries, an optional end and a reload policy.
public struct TimelineDraft: Sendable, Equatable {
  /// The entries, any order.
  public var entries: [Entry]
  /// When the last entry expires, if it does.
  public var end: Int64?
  /// When to ask again.
  public var policy: ReloadPolicy
  /// The line form bars show by default (BaniDB's `line` option); nil for other kinds.
  public var line: LineForm?

  /// Creates a draft.
  public init(entries: [Entry], end: Int64? = nil, policy: ReloadPolicy, line: LineForm? = nil) {
    self.entries = entries
    self.end = end
    self.policy = policy
    self.line = line
  }
}

/// What a provider may use while building a timeline.
public struct ProviderContext: Sendable {
  /// The clock; providers never read the system time themselves.
  public var clock: any WallClock
  /// The widget's config.
  public var config: WidgetConfig
  /// The services' base URLs: the config's `[sources]` over the defaults.
  public var sources: Sources
  /// The HTTP client.
  public var http: any HTTPClient
  /// The timeline in the cache before this refresh, if any, so providers can keep
  /// entries they already fetched.
  public var previous: Timeline?
  /// True for `--force`: ignore anything reusable in `previous`.
  public var force: Bool
  /// The user's time zone (an IANA identifier) for text that names a local time; nil is
  /// the system's. Injected like the clock, so tests and previews are reproducible.
  public var timeZone: String?

  /// Creates a context.
  public init(
    clock: any WallClock, config: WidgetConfig, sources: Sources = Sources(), http: any HTTPClient,
    previous: Timeline? = nil, force: Bool = false, timeZone: String? = nil
  ) {
    self.clock = clock
    self.config = config
    self.sources = sources
    self.http = http
    self.previous = previous
    self.force = force
    self.timeZone = timeZone
  }
}
