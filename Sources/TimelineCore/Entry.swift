/// One dated state of a widget, the counterpart of WidgetKit's `TimelineEntry`.
public struct Entry: Sendable, Equatable {
  /// When the entry becomes current, in UTC epoch seconds.
  public var date: Int64
  /// How much the entry matters on the shared 0–100 scale (docs/relevance.md).
  public var relevance: Relevance?
  /// The bar text as styled runs.
  public var runs: [TextRun]
  /// A short form for narrow bars (i3bar `short_text`).
  public var short: String?
  /// Tooltip lines, plain text.
  public var tooltip: [String]
  /// The state key (waybar `alt`), e.g. `level-3`, `shabad`.
  public var alt: String
  /// Extra classes; each is reduced to `[a-z0-9-]` by the emitters.
  public var classes: [String]
  /// A level from 0 to 5, when the widget has one.
  public var level: Int?
  /// A URL that `timeline open` opens.
  public var url: String?
  /// A provider's identity for the content (`shabad:3492`), so a refresh can reuse it.
  public var key: String?
  /// The full content for `timeline show`: lines of styled runs.
  public var detail: [[TextRun]]
  /// The Gurmukhi line in the ASCII encoding of the GurbaniAkhar fonts, word for word with
  /// `runs`; empty if none.
  public var ascii: [TextRun]
  /// The line's transliteration, for `line = "transliteration"`.
  public var transliteration: LineText?
  /// The line's translation, for `line = "translation"`.
  public var translation: LineText?
  /// The entry says there is nothing to report: with `hide_when_empty` the widget vanishes.
  public var quiet: Bool

  /// Creates an entry.
  public init(
    date: Int64, relevance: Relevance? = nil, runs: [TextRun], short: String? = nil,
    tooltip: [String] = [], alt: String, classes: [String] = [], level: Int? = nil,
    url: String? = nil, key: String? = nil, detail: [[TextRun]] = [], ascii: [TextRun] = [],
    transliteration: LineText? = nil, translation: LineText? = nil, quiet: Bool = false
  ) {
    self.date = date
    self.relevance = relevance
    self.runs = runs
    self.short = short
    self.tooltip = tooltip
    self.alt = alt
    self.classes = classes
    self.level = level.map { Swift.min(5, Swift.max(0, $0)) }
    self.url = url
    self.key = key
    self.detail = detail
    self.ascii = ascii
    self.transliteration = transliteration
    self.translation = translation
    self.quiet = quiet
  }

  /// The entry's text without style.
  public var text: String { runs.plainText }

  /// The class of an entry that shows again content fetched for an earlier one: it may
  /// lack `detail`, a refresh never keeps it as fresh, and browsing ahead stops before it.
  public static let repeatClass = "repeat"

  /// Whether the entry repeats earlier content (`repeatClass`).
  public var isRepeat: Bool { classes.contains(Self.repeatClass) }

  /// Whether bars should draw attention to it: a relevance of 80 or more, or level ≥ 4.
  public var isUrgent: Bool { (relevance?.score ?? 0) >= Relevance.urgentScore || (level ?? 0) >= 4 }

  /// The entry's score at `now` (the default score when it has none).
  public func score(at now: Int64) -> Int { relevance?.score(at: now) ?? Relevance.defaultScore }
}
