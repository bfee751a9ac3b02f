import TimelineCore

/// What an emitter renders: one widget's entry at one instant, with the state the cache
/// gave it. Emitters are pure functions of this and `RenderOptions`.
public struct RenderInput: Sendable, Equatable {
  /// The widget, its name checked where it entered (argv); nil when the name asked for breaks
  /// the rule: then no click action or wheel names it.
  public var widget: WidgetName?
  /// The provider kind from the cache's meta line, when it could be read.
  public var kind: String?
  /// The entry to show: the current one, or a placeholder.
  public var entry: Entry
  /// Whether `entry` is a placeholder (missing, corrupt, expired cache, or no entry yet).
  public var isPlaceholder: Bool
  /// Whether the timeline is overdue by more than its grace.
  public var isStale: Bool
  /// Tooltip lines after the entry's own: what to do about a placeholder, the last refresh
  /// error (see `EmitPipeline.resolve`).
  public var notes: [String] = []
  /// While the user browses the timeline (`timeline browse`): which entry this is, e.g.
  /// "in 3 h", "tomorrow". Waybar gets the class `browsing` and a tooltip line; the
  /// other bars show it before the text ("tomorrow ▸ …").
  public var browsing: String?
  /// The widget's default line form (the cache's meta `line`); `--line` overrides it.
  public var line: LineForm?
  /// The widget's polybar GurbaniAkhar font index (meta `polybarFont`); `--gurmukhi-font`
  /// overrides it.
  public var polybarFont: Int?
  /// The emitters' own words (the stale note, the browsing note, a sign's word) in the
  /// user's language: read only when `needsWords` (`EmitPipeline.resolve`).
  public var words = Words.english
  /// The widget has nothing to say (its placeholder, or a `quiet` entry) and its
  /// `hide_when_empty` is set: every format prints what its bar hides
  /// (`OutputFormat.hiddenLine`), and i3bar's protocol line leaves its block out.
  public var isHidden = false

  /// Creates a state.
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

  /// The entry shown when nothing better is known (no cache yet): the widget's name and
  /// an ellipsis, so a new user sees which widget waits; "…" alone for an invalid name.
  public static func neutralPlaceholder(widget: WidgetName?) -> RenderInput {
    let label = widget.map { $0.text + "…" } ?? "…"
    return RenderInput(
      widget: widget, entry: Entry(date: 0, runs: [TextRun(label)], alt: "placeholder"),
      isPlaceholder: true)
  }

  /// Whether rendering writes one of the emitters' own words: a stale note, a browsing
  /// note, or a sign a bar may write as a word (`Pictographs`). A placeholder's notes are
  /// the pipeline's, written in the words already.
  public var needsWords: Bool {
    isStale || browsing != nil || entry.runs.contains { Pictographs.mayHaveSign($0.text) }
  }

  /// The state key: the entry's `alt`, or `placeholder`.
  public var alt: String {
    isPlaceholder ? "placeholder" : CleanText.barLine(Caps.prefix(entry.alt, bytes: Caps.altBytes))
  }

  /// Whether bars draw attention to it. A stale entry's score counts half (docs/relevance.md),
  /// so only its level (4 or more) can make it urgent: old news is not an alarm.
  public var isUrgent: Bool { isStale ? (entry.level ?? 0) >= 4 : entry.isUrgent }

  /// CSS-style classes: kind, the entry's first `maxEntryClasses` classes, `level-N`, then
  /// `stale`, `placeholder`, `browsing`, `urgent` when they apply. Each is reduced to
  /// `[a-z0-9-]`; empty and repeated names are dropped, so a class can never carry markup
  /// or quotes into a bar. The state classes come after the cap, so a long list never
  /// hides them.
  public var classes: [String] {
    var raw: [String] = []
    raw.reserveCapacity(Swift.min(entry.classes.count, Self.maxEntryClasses) + 6)
    if let kind { raw.append(kind) }
    raw += entry.classes.prefix(Self.maxEntryClasses)
    if let level = entry.level { raw.append("level-" + DecimalText.string(Int64(level))) }
    if isStale { raw.append("stale") }
    if isPlaceholder { raw.append("placeholder") }
    if browsing != nil { raw.append("browsing") }
    if isUrgent { raw.append("urgent") }
    // With the cap the list is short, so a linear `contains` stays cheap (and a Set would
    // cost the one-shot emitter its runtime metadata).
    var out: [String] = []
    out.reserveCapacity(raw.count)
    for name in raw {
      if let clean = ClassName.clean(name), !out.contains(clean) { out.append(clean) }
    }
    return out
  }

  /// The most classes of an entry a bar is given; a style sheet never needs more, and a
  /// command could print tens of thousands (docs/emitters.md, "Caps").
  public static let maxEntryClasses = 32
}

/// How the Gurmukhi vowel sign sihari is ordered in the output.
public enum GurmukhiOrder: String, Sendable, Equatable, CaseIterable {
  /// As stored (Unicode order): for bars that shape text (Pango, terminals that shape).
  case logical
  /// Sihari moved before its consonant cluster: for bars that draw glyphs in code point
  /// order without shaping (polybar).
  case visual
}

/// Options shared by every emitter.
public struct RenderOptions: Sendable, Equatable {
  /// Truncate the text to this many display columns (`…` included).
  public var maxWidth: Int?
  /// Wrap the output in the bar's click action, where the bar has one (polybar).
  public var click: Bool
  /// Sihari order; nil means the bar's default (visual for polybar, logical elsewhere).
  public var gurmukhi: GurmukhiOrder?
  /// `--line`: the line form to show, overriding the widget's default.
  public var line: LineForm?
  /// `--gurmukhi-font N`: polybar's font index (`%{TN}`) of a GurbaniAkhar font.
  public var gurmukhiFont: Int?
  /// The large family's words for the signs a bar writes as words (`Pictographs`), set by
  /// the pipeline from the words file (the one-line form has them in `RenderInput`).
  public var words = Words.english

  /// Creates options.
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
