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
  /// What shapes the timeline besides the widget's own options (the shabads of an imported
  /// file), folded into the config hash so a change makes the widget due.
  var inputs: String { get }
  /// The services this kind may call (their `[sources]` keys and default URLs).
  static var services: [Service] { get }
  /// The services this widget calls, of `services`; the config hash covers only these.
  var servicesUsed: [Service] { get }
  /// Whether the entries are consecutive days of one forecast (the large family shows them).
  static var entriesAreDays: Bool { get }
  /// The IANA zone whose days this widget's entries are keyed to; nil for the user's own
  /// clock. Browsing names a day-keyed entry by its day in this zone.
  var dayZone: String? { get }
  /// How a link a click may open starts.
  static var linkPrefixes: [String] { get }
  /// How the kind's `[notify]` key is written; nil for a kind that notifies nothing.
  static var notifyRule: NotifyRule? { get }
  /// One notification from one subject's new facts, in the order the provider reported them.
  static func notice(_ facts: [NoticeFact]) -> Notice
}

extension TimelineProvider {
  /// Most providers read nothing but their options.
  public var inputs: String { "" }
  /// Most providers call no service.
  public static var services: [Service] { [] }
  /// Every service of the kind, unless a provider says which this widget calls.
  public var servicesUsed: [Service] { Self.services }
  /// Most providers' entries are different content, not days of one forecast.
  public static var entriesAreDays: Bool { false }
  /// Most providers' entries follow the user's clock.
  public var dayZone: String? { nil }
  /// The web only.
  public static var linkPrefixes: [String] { ["https://", "http://"] }
  /// Most kinds notify nothing.
  public static var notifyRule: NotifyRule? { nil }
  /// "TITLE: WHAT WHEN, …" (`Notice.plain`).
  public static func notice(_ facts: [NoticeFact]) -> Notice { Notice.plain(facts) }
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
  /// What the fetch found that a notification may tell; never set by a snapshot, never cached.
  public var facts: [NoticeFact] = []

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
  /// The timeline in the cache before this refresh, if any, so providers can keep entries.
  public var previous: Timeline?
  /// True for `--force`: ignore anything reusable in `previous`.
  public var force: Bool
  /// The user's time zone (IANA) for text that names a local time; nil is the system's.
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
