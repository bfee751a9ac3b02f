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
  /// Version 2: the byte length of the entry lines, where the `extra` section starts.
  var entryBytes: Int?

  /// `placeholder: false` leaves the placeholder for later (`LineLayout.placeholder`):
  /// bars need it only when no entry is current.
  static func decode<Node: JSONReading>(_ node: Node, placeholder: Bool = true) -> CacheMeta? {
    decode(placeholder: placeholder) { node[$0.name] }
  }

  /// `decode` of a meta line read by `FlatJSON` (the bars' path), its keys found in one pass.
  static func decode(_ node: FlatNode, placeholder: Bool = true) -> CacheMeta? {
    FlatFields<Field>.read(node) { fields in decode(placeholder: placeholder) { fields[$0] } }
  }

  /// The one decoder of a meta object, whichever reader found its `field`s.
  private static func decode<Node: JSONReading>(placeholder: Bool, _ field: (Field) -> Node?) -> CacheMeta? {
    guard let text = field(.widget)?.string, let widget = WidgetName(text), let kind = field(.kind)?.string else {
      return nil
    }
    // The policy's name is compared where it lies, not made into a String first.
    let policy: ReloadPolicy
    let name = field(.policy)
    if name?.isString("never") == true {
      policy = .never
    } else if name?.isString("after") == true {
      policy = field(.after)?.int.map { .after($0) } ?? .atEnd
    } else {
      policy = .atEnd
    }
    let stack = kind == StackRule.kind
    // Built whole where it is returned: a meta built in a variable, then completed, was
    // copied out and destroyed.
    return CacheMeta(
      widget: widget, kind: kind, generated: field(.generated)?.int ?? 0,
      lastSuccess: field(.lastSuccess)?.int,
      due: field(.due)?.int, grace: field(.grace)?.int ?? 3600, end: field(.end)?.int,
      policy: policy, configHash: field(.configHash)?.string ?? "",
      count: Int(clamping: field(.count)?.int ?? 0),
      placeholder: placeholder ? field(.placeholder).flatMap { EntryDecoder.entry($0) } : nil,
      line: field(.line)?.string.flatMap(LineForm.named),
      polybarFont: field(.polybarFont)?.int.flatMap { (1...99).contains($0) ? Int($0) : nil },
      members: stack ? EntryDecoder.strings(field(.members)) : [],
      minDisplay: stack ? field(.minDisplay)?.int.flatMap { $0 >= 0 ? $0 : nil } : nil,
      entryBytes: field(.entryBytes)?.int.flatMap { $0 >= 0 ? Int(clamping: $0) : nil })
  }

  /// The meta object's keys, in the order the writer puts them (`FlatFields` looks for
  /// each key first where the last one found leaves off).
  enum Field: Int, FieldNames {
    case widget, kind, generated, lastSuccess, due, grace, end, policy, after, configHash, line, polybarFont
    case members, minDisplay, count, entryBytes, placeholder

    static let keyCount = 17

    var name: StaticString {
      switch self {
      case .widget: "widget"
      case .kind: "kind"
      case .policy: "policy"
      case .after: "after"
      case .generated: "generated"
      case .lastSuccess: "lastSuccess"
      case .due: "due"
      case .grace: "grace"
      case .end: "end"
      case .configHash: "configHash"
      case .count: "count"
      case .placeholder: "placeholder"
      case .line: "line"
      case .polybarFont: "polybarFont"
      case .entryBytes: "entryBytes"
      case .members: "members"
      case .minDisplay: "minDisplay"
      }
    }
  }

  /// Whether the timeline is overdue by more than its grace at `now`.
  public func isStale(at now: Int64) -> Bool { Selection.isStale(due: due, grace: grace, now: now) }
}
