import Glibc
import TimelineCore

/// The first line of a cache file: everything about a timeline except its entries
/// (docs/cache-format.md, "`meta`").
public struct CacheMeta: Sendable, Equatable {
  /// The widget's name (a file whose name breaks the rule is refused as corrupt).
  public var widget: WidgetName
  /// The provider kind that wrote it (`stack` for a stack).
  public var kind: String
  /// When the file was written (UTC epoch seconds).
  var generated: Int64
  /// When a fetch last succeeded; nil before the first one.
  var lastSuccess: Int64?
  /// When the next refresh is due; nil for a policy that never reloads.
  public var due: Int64?
  /// Seconds past `due` before bars mark the timeline stale.
  public var grace: Int64
  /// When the last entry expires, if it does.
  public var end: Int64?
  var policy: ReloadPolicy
  /// The digest of the config that shaped the file (`ConfigHash`).
  var configHash: String
  /// How many entries follow this line.
  var count: Int
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

  /// The meta object `node`, nil where it lacks a valid `widget` or `kind`. `placeholder:
  /// false` leaves the placeholder for later: bars need it only when no entry is current.
  static func decode<Node: JSONReading>(_ node: Node, placeholder: Bool = true) -> CacheMeta? {
    // One pass over the line's members (about twenty), not a search of them per name.
    var field = MetaFields<Node>()
    node.forEachMember { key, value in field.set(key, value) }
    guard let text = field.widget?.string, let widget = WidgetName(text), let kind = field.kind?.string else {
      return nil
    }
    let policy: ReloadPolicy
    switch field.policy?.string {
    case "never": policy = .never
    case "after": policy = field.after?.int.map { .after($0) } ?? .atEnd
    default: policy = .atEnd
    }
    let stack = kind == StackRule.kind
    return CacheMeta(
      widget: widget, kind: kind, generated: field.generated?.int ?? 0, lastSuccess: field.lastSuccess?.int,
      due: field.due?.int, grace: field.grace?.int ?? Timeline.defaultGrace, end: field.end?.int, policy: policy,
      configHash: field.configHash?.string ?? "", count: Int(clamping: field.count?.int ?? 0),
      placeholder: placeholder ? field.placeholder.flatMap { EntryDecoder.entry($0) } : nil,
      line: field.line?.string.flatMap(LineForm.named),
      polybarFont: field.polybarFont?.int.flatMap { (1...99).contains($0) ? Int($0) : nil },
      members: stack ? EntryDecoder.strings(field.members) : [],
      minDisplay: stack ? field.minDisplay?.int.flatMap { $0 >= 0 ? $0 : nil } : nil,
      days: field.days?.bool ?? false, hideWhenEmpty: field.hideWhenEmpty?.bool ?? false,
      entryBytes: field.entryBytes?.int.flatMap { $0 >= 0 ? Int(clamping: $0) : nil })
  }

  /// Whether the timeline is overdue by more than its grace at `now`.
  public func isStale(at now: Int64) -> Bool { Selection.isStale(due: due, grace: grace, now: now) }
}

/// The meta line's members by name, as `CacheMeta.decode` reads them in one pass; of a
/// repeated name the last counts, and `null` is absent (`JSONReading`).
private struct MetaFields<Node: JSONReading> {
  var widget, kind, generated, lastSuccess, due, grace, end, policy, after, configHash: Node?
  var count, placeholder, line, polybarFont, members, minDisplay, days, hideWhenEmpty, entryBytes: Node?

  mutating func set(_ key: UnsafeRawBufferPointer, _ value: Node?) {
    func named(_ name: StaticString) -> Bool {
      guard key.count == name.utf8CodeUnitCount, let base = key.baseAddress else { return false }
      return memcmp(base, name.utf8Start, key.count) == 0
    }
    if named("widget") {
      widget = value
    } else if named("kind") {
      kind = value
    } else if named("generated") {
      generated = value
    } else if named("lastSuccess") {
      lastSuccess = value
    } else if named("due") {
      due = value
    } else if named("grace") {
      grace = value
    } else if named("end") {
      end = value
    } else if named("policy") {
      policy = value
    } else if named("after") {
      after = value
    } else if named("configHash") {
      configHash = value
    } else if named("count") {
      count = value
    } else if named("placeholder") {
      placeholder = value
    } else if named("line") {
      line = value
    } else if named("polybarFont") {
      polybarFont = value
    } else if named("members") {
      members = value
    } else if named("minDisplay") {
      minDisplay = value
    } else if named("days") {
      days = value
    } else if named("hideWhenEmpty") {
      hideWhenEmpty = value
    } else if named("entryBytes") {
      entryBytes = value
    }
  }
}
