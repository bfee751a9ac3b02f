/// A widget's dated entries plus what the engine knows about fetching them.
public struct Timeline: Sendable, Equatable {
  /// The config name of the widget, e.g. `hukamnama`.
  public var widget: WidgetName
  /// The provider kind, e.g. `random-shabad`.
  public var kind: String
  /// Entries sorted by date.
  public private(set) var entries: [Entry]
  /// After this instant the last entry has expired and the placeholder shows.
  public var end: Int64?
  /// When the provider wants to be asked again.
  public var policy: ReloadPolicy
  /// The entry shown when no entry is current.
  public var placeholder: Entry
  /// When this timeline was produced (epoch seconds).
  public var generated: Int64
  /// The last successful refresh, if any.
  public var lastSuccess: Int64?
  /// Seconds past the due time before the timeline counts as stale.
  public var grace: Int64
  /// The grace when the config sets none (`[refresh] grace`), and when a file has none.
  public static let defaultGrace: Int64 = 3600
  /// A digest of the widget's config, so a changed config makes a refresh due.
  public var configHash: String
  /// The line form bars show when not told otherwise (the BaniDB kinds' `line` option).
  public var line: LineForm?
  /// `[bars] polybar_gurmukhi_font`: the polybar font index of a GurbaniAkhar font.
  public var polybarFont: Int?
  /// A stack's member widgets in config order (docs/relevance.md); empty for other kinds.
  public var members: [String] = []
  /// A stack's `min_display`.
  public var minDisplay: Int64?
  /// Whether the entries are consecutive days of one forecast (`entriesAreDays`).
  public var days = false
  /// The widget's `hide_when_empty`.
  public var hideWhenEmpty = false

  /// Creates a timeline; entries are sorted by date (stable for equal dates).
  public init(
    widget: WidgetName, kind: String, entries: [Entry], end: Int64? = nil,
    policy: ReloadPolicy = .atEnd, placeholder: Entry, generated: Int64,
    lastSuccess: Int64? = nil, grace: Int64 = Timeline.defaultGrace, configHash: String = "", line: LineForm? = nil,
    polybarFont: Int? = nil, members: [String] = [], minDisplay: Int64? = nil, days: Bool = false
  ) {
    self.widget = widget
    self.kind = kind
    self.entries = Self.sorted(entries)
    self.end = end
    self.policy = policy
    self.placeholder = placeholder
    self.generated = generated
    self.lastSuccess = lastSuccess
    self.grace = grace
    self.configHash = configHash
    self.line = line
    self.polybarFont = polybarFont
    self.members = members
    self.minDisplay = minDisplay
    self.days = days
  }

  private static func sorted(_ entries: [Entry]) -> [Entry] {
    entries.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }
      .map(\.element)
  }

  /// When the policy says the provider is due again; nil for `.never`.
  public var due: Int64? {
    switch policy {
    case .atEnd: return end ?? entries.last?.date ?? generated
    case .after(let date): return date
    case .never: return nil
    }
  }

  /// The full content of `entry`: its own, else that of another entry with the same key
  /// (a provider that shows a shabad again stores its text once).
  public func detail(of entry: Entry) -> [[TextRun]] {
    guard entry.detail.isEmpty, let key = entry.key else { return entry.detail }
    return entries.first { $0.key == key && !$0.detail.isEmpty }?.detail ?? []
  }
}
