import TimelineCore

/// The first line of a cache file: everything about a timeline except its entries.
/// (Version 1 files also carry `lastError`, `failures` and `retryAt`; they were always
/// empty there, the state file holds them, and readers ignore them.)
public struct CacheMeta: Sendable, Equatable {
  /// The widget's name in the config (written as a string; a file whose name breaks the
  /// rule is refused here, as a corrupt one).
  public var widget: WidgetName
  /// The provider kind that wrote it (`stack` for a stack).
  public var kind: String
  /// When the file was written (UTC epoch seconds).
  public var generated: Int64
  /// When a fetch last succeeded; nil before the first one.
  public var lastSuccess: Int64?
  /// When the next refresh is due; nil for a policy that never reloads.
  public var due: Int64?
  /// Seconds past `due` before bars mark the timeline stale.
  public var grace: Int64
  /// When the last entry expires, if it does.
  public var end: Int64?
  /// The provider's reload policy.
  public var policy: ReloadPolicy
  /// The digest of the config that shaped the file (`ConfigHash`).
  public var configHash: String
  /// How many entries follow this line.
  public var count: Int
  /// The provider's placeholder, shown when no entry is current.
  public var placeholder: Entry?
  /// The line form bars show unless `--line` says otherwise; nil: the main text.
  public var line: LineForm?
  /// The polybar font index of a GurbaniAkhar font (`[bars] polybar_gurmukhi_font`).
  public var polybarFont: Int?
  /// A stack's members, in config order (meta `members`); empty for every other kind.
  public var members: [String] = []
  /// A stack's `min_display` in seconds (meta `minDisplay`).
  public var minDisplay: Int64?
  /// Whether the entries are days of one forecast (`Timeline.days`).
  public var days = false
  /// The widget's `hide_when_empty` (meta `hideWhenEmpty`).
  public var hideWhenEmpty = false
  /// Version 2: the byte length of the entry lines, where the `extra` section starts.
  var entryBytes: Int?

  /// The meta object `node`, nil where it lacks a valid `widget` or `kind`.
  /// `placeholder: false` leaves the placeholder for later (`LineLayout.placeholder`):
  /// bars need it only when no entry is current.
  static func decode<Node: JSONReading>(_ node: Node, placeholder: Bool = true) -> CacheMeta? {
    guard let text = node["widget"]?.string, let widget = WidgetName(text), let kind = node["kind"]?.string else {
      return nil
    }
    let policy: ReloadPolicy
    switch node["policy"]?.string {
    case "never": policy = .never
    case "after": policy = node["after"]?.int.map { .after($0) } ?? .atEnd
    default: policy = .atEnd
    }
    let stack = kind == StackRule.kind
    return CacheMeta(
      widget: widget, kind: kind, generated: node["generated"]?.int ?? 0, lastSuccess: node["lastSuccess"]?.int,
      due: node["due"]?.int, grace: node["grace"]?.int ?? Timeline.defaultGrace, end: node["end"]?.int, policy: policy,
      configHash: node["configHash"]?.string ?? "", count: Int(clamping: node["count"]?.int ?? 0),
      placeholder: placeholder ? node["placeholder"].flatMap { EntryDecoder.entry($0) } : nil,
      line: node["line"]?.string.flatMap(LineForm.named),
      polybarFont: node["polybarFont"]?.int.flatMap { (1...99).contains($0) ? Int($0) : nil },
      members: stack ? EntryDecoder.strings(node["members"]) : [],
      minDisplay: stack ? node["minDisplay"]?.int.flatMap { $0 >= 0 ? $0 : nil } : nil,
      days: node["days"]?.bool ?? false, hideWhenEmpty: node["hideWhenEmpty"]?.bool ?? false,
      entryBytes: node["entryBytes"]?.int.flatMap { $0 >= 0 ? Int(clamping: $0) : nil })
  }

  /// Whether the timeline is overdue by more than its grace at `now`.
  public func isStale(at now: Int64) -> Bool { Selection.isStale(due: due, grace: grace, now: now) }
}
