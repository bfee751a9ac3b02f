import TimelineCore

/// What an emitter renders: one widget's entry at one instant, with the state the cache
/// gave it. Emitters are pure functions of this and `RenderOptions`.
public struct RenderInput: Sendable, Equatable {
  /// The widget name as asked for on the command line (may be invalid; never a path).
  public var widget: String
  /// The provider kind from the cache's meta line, when it could be read.
  public var kind: String?
  /// The entry to show: the current one, or a placeholder.
  public var entry: Entry
  /// Whether `entry` is a placeholder (missing, corrupt, expired cache, or no entry yet).
  public var isPlaceholder: Bool
  /// Whether the timeline is overdue by more than its grace.
  public var isStale: Bool

  /// Creates a state.
  public init(
    widget: String, kind: String? = nil, entry: Entry, isPlaceholder: Bool = false, isStale: Bool = false
  ) {
    self.widget = widget
    self.kind = kind
    self.entry = entry
    self.isPlaceholder = isPlaceholder
    self.isStale = isStale
  }

  /// The entry shown when nothing better is known: it names no kind and carries no data.
  public static func neutralPlaceholder(widget: String) -> RenderInput {
    RenderInput(
      widget: widget, entry: Entry(date: 0, runs: [TextRun("…")], alt: "placeholder"),
      isPlaceholder: true)
  }

  /// The state key: the entry's `alt`, or `placeholder`.
  public var alt: String {
    isPlaceholder ? "placeholder" : Sanitise.text(Caps.prefix(entry.alt, bytes: Caps.altBytes))
  }

  /// CSS-style classes: kind, the entry's first `maxEntryClasses` classes, `level-N`, then
  /// `stale`, `placeholder`, `urgent` when they apply. Each is reduced to `[a-z0-9-]`;
  /// empty and repeated names are dropped, so a class can never carry markup or quotes
  /// into a bar. The state classes come after the cap, so a long list never hides them.
  public var classes: [String] {
    var raw: [String] = []
    if let kind { raw.append(kind) }
    raw += entry.classes.prefix(Self.maxEntryClasses)
    if let level = entry.level { raw.append("level-\(level)") }
    if isStale { raw.append("stale") }
    if isPlaceholder { raw.append("placeholder") }
    if entry.isUrgent { raw.append("urgent") }
    // With the cap the list is short, so a linear `contains` stays cheap (and a Set would
    // cost the one-shot emitter its runtime metadata).
    var out: [String] = []
    for name in raw {
      if let clean = Sanitise.className(name), !out.contains(clean) { out.append(clean) }
    }
    return out
  }

  /// The most classes of an entry a bar is given; a style sheet never needs more, and a
  /// command could print tens of thousands (docs/emitters.md, "Caps").
  public static let maxEntryClasses = 32
}

/// How the Gurmukhi vowel sign sihari is ordered in the output.
public enum GurmukhiOrder: String, Sendable, Equatable {
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

  /// Creates options.
  public init(maxWidth: Int? = nil, click: Bool = false, gurmukhi: GurmukhiOrder? = nil) {
    self.maxWidth = maxWidth
    self.click = click
    self.gurmukhi = gurmukhi
  }
}

/// The output formats, one per bar plus plain text.
public enum OutputFormat: String, Sendable, CaseIterable {
  case waybar, polybar, tmux, i3bar, plain

  /// `init(rawValue:)` as a plain switch: the synthesised one looks the name up in an
  /// array, whose generic metadata costs the one-shot emitter a runtime instantiation.
  static func named(_ name: String) -> OutputFormat? {
    switch name {
    case "waybar": .waybar
    case "polybar": .polybar
    case "tmux": .tmux
    case "i3bar": .i3bar
    case "plain": .plain
    default: nil
    }
  }
}

/// The colour that dims a stale widget in bars without CSS classes (polybar, tmux, i3bar).
let staleColor = "#888888"
