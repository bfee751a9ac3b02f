import TimelineCore

/// What an emitter renders: one widget's entry at one instant, with the state the cache
/// gave it. Emitters are pure functions of this and `RenderOptions`.
public struct RenderInput: Sendable, Equatable {
  /// The widget; nil when the name asked for breaks the rule (then no action names it).
  var widget: WidgetName?
  /// The provider kind from the cache's meta line, when it could be read.
  public var kind: String?
  /// The entry to show: the current one, or a placeholder.
  public var entry: Entry
  /// Whether `entry` is a placeholder (missing, corrupt, expired cache, or no entry yet).
  public var isPlaceholder: Bool
  /// Whether the timeline is overdue by more than its grace.
  public var isStale: Bool
  /// Tooltip lines after the entry's own (see `EmitPipeline.resolve`).
  public var notes: [String] = []
  /// While the user browses the timeline: which entry this is ("tomorrow"), shown as a
  /// class and tooltip line in waybar, before the text elsewhere.
  public var browsing: String?
  /// The widget's default line form (meta `line`); `--line` overrides it.
  public var line: LineForm?
  /// The widget's polybar GurbaniAkhar font index (meta `polybarFont`).
  public var polybarFont: Int?
  /// The emitters' own words in the user's language: read only when `needsWords`.
  public var words = Words.english
  /// The widget has nothing to say and its `hide_when_empty` is set: every format prints
  /// `OutputFormat.hiddenLine`.
  public var isHidden = false

  /// Creates the value; the defaults are the common case.
  public init(
    widget: WidgetName?, kind: String? = nil, entry: Entry, isPlaceholder: Bool = false, isStale: Bool = false,
    browsing: String? = nil, line: LineForm? = nil, polybarFont: Int? = nil
  ) {
    self.widget = widget
    self.kind = kind
    self.entry = entry
    self.isPlaceholder = isPlaceholder
    self.isStale = isStale
    self.browsing = browsing
    self.line = line
    self.polybarFont = polybarFont
  }

  /// The entry shown when nothing better is known: the widget's name and an ellipsis.
  public static func neutralPlaceholder(widget: WidgetName?) -> RenderInput {
    let label = widget.map { $0.text + "…" } ?? "…"
    return RenderInput(
      widget: widget, entry: Entry(date: 0, runs: [TextRun(label)], alt: "placeholder"),
      isPlaceholder: true)
  }

  /// Whether rendering writes one of the emitters' own words (a placeholder's notes are
  /// the pipeline's, written in the words already).
  public var needsWords: Bool {
    isStale || browsing != nil || entry.runs.contains { Pictographs.mayHaveSign($0.text) }
  }

  /// The state key: the entry's `alt`, or `placeholder`.
  var alt: String {
    isPlaceholder ? "placeholder" : CleanText.barLine(Caps.prefix(entry.alt, bytes: Caps.altBytes))
  }

  /// Whether bars draw attention to it. A stale entry's score counts half, so only its
  /// level (4 or more) can make it urgent.
  var isUrgent: Bool { isStale ? (entry.level ?? 0) >= 4 : entry.isUrgent }

  /// CSS-style classes (docs/emitters.md, "What every format shares"): the state classes
  /// come after the cap on the entry's, so a long list never hides them.
  var classes: [String] {
    var raw: [String] = []
    raw.reserveCapacity(Swift.min(entry.classes.count, Self.maxEntryClasses) + 6)
    if let kind { raw.append(kind) }
    raw += entry.classes.prefix(Self.maxEntryClasses)
    if let level = entry.level { raw.append("level-" + DecimalText.string(Int64(level))) }
    if isStale { raw.append("stale") }
    if isPlaceholder { raw.append("placeholder") }
    if browsing != nil { raw.append("browsing") }
    if isUrgent { raw.append("urgent") }
    // A linear `contains`: a Set would cost the one-shot emitter its runtime metadata.
    var out: [String] = []
    out.reserveCapacity(raw.count)
    for name in raw {
      if let clean = ClassName.clean(name), !out.contains(clean) { out.append(clean) }
    }
    return out
  }

  /// The most classes of an entry a bar is given (docs/emitters.md, "Caps").
  static let maxEntryClasses = 32
}

/// How the Gurmukhi vowel sign sihari is ordered in the output.
public enum GurmukhiOrder: String, Sendable, Equatable, CaseIterable {
  /// As stored (Unicode order): for bars that shape text.
  case logical
  /// Sihari moved before its consonant cluster: for bars that do not shape (polybar).
  case visual
}

/// Options shared by every emitter.
public struct RenderOptions: Sendable, Equatable {
  /// Truncate the text to this many display columns (`…` included).
  public var maxWidth: Int?
  /// Wrap the output in the bar's click action, where the bar has one.
  public var click: Bool
  /// Sihari order; nil means the bar's default.
  public var gurmukhi: GurmukhiOrder?
  /// `--line`, overriding the widget's default.
  public var line: LineForm?
  /// `--gurmukhi-font N`: polybar's font index (`%{TN}`) of a GurbaniAkhar font.
  public var gurmukhiFont: Int?
  /// The large family's words for the signs a bar writes as words, set by the pipeline.
  public var words = Words.english

  /// Creates the value; the defaults are the common case.
  public init(
    maxWidth: Int? = nil, click: Bool = false, gurmukhi: GurmukhiOrder? = nil, line: LineForm? = nil,
    gurmukhiFont: Int? = nil
  ) {
    self.maxWidth = maxWidth
    self.click = click
    self.gurmukhi = gurmukhi
    self.line = line
    self.gurmukhiFont = gurmukhiFont
  }

  /// The polybar font indexes `--gurmukhi-font` accepts (`%{T1}` is `font-0`).
  public static let fontIndexes = 1...99
}
