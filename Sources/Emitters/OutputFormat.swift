import TimelineCore

/// The output formats: the one list every name list, `--help`, error message, preview,
/// completion, `--list-formats` and bench run derives from.
///
/// Adding a bar:
/// 1. One renderer file, `Sources/Emitters/<Bar>Emitter.swift`: a contract header (what the
///    bar parses, how content is escaped so it can never become markup or a command) and
///    `static func bytes(_: RenderInput, options: RenderOptions) -> [UInt8]`, which starts
///    from `PreparedText(state, options: options, format: .<bar>)` (sanitised, truncated,
///    reordered as the traits ask).
/// 2. One entry here: a case below, and its `Registration` in `registration`: the name
///    users type, a one-line summary (it is the `--help` text), the `BarTraits`, the bar
///    programs `timeline doctor` looks for, the renderer, and a `StreamProtocol` only if
///    the bar reads an endless protocol (i3bar).
/// 3. Goldens: `RECORD_GOLDENS=1 swift test --filter GoldenTests` writes
///    `Tests/EmittersTests/Goldens/<name>/`; read each file before committing it.
/// 4. Docs: a section in docs/emitters.md, a FORMATS entry in man/timeline-emit.1, a snippet
///    under integrations/ (the tests check that both name every format).
/// Nothing else switches over the formats: code that needs to know what a bar can do asks
/// its `traits`.
public enum OutputFormat: UInt8, Sendable, CaseIterable {
  case waybar, polybar, tmux, i3bar, plain, i3blocks, xmobar, lemonbar, conky

  /// Everything the package knows about a format.
  var registration: Registration {
    switch self {
    case .waybar:
      Registration(
        name: "waybar", summary: "JSON for a waybar custom module (\"return-type\": \"json\")",
        traits: BarTraits(markup: .pango, tooltip: true), programs: "waybar", render: WaybarEmitter.bytes)
    case .polybar:
      Registration(
        name: "polybar", summary: "a line of polybar formatting tags for a custom/script module",
        traits: BarTraits(shapesComplexScripts: false, markup: .own, clickActions: true, fontSwitching: true),
        programs: "polybar", render: PolybarEmitter.bytes)
    case .tmux:
      Registration(
        name: "tmux", summary: "a line of tmux styles for #(…) in status-left or status-right",
        traits: BarTraits(markup: .own), programs: "tmux", render: TmuxEmitter.bytes)
    case .i3bar:
      Registration(
        name: "i3bar", summary: "an i3bar block; with --follow the whole i3bar/swaybar protocol",
        traits: BarTraits(markup: .pango), programs: "i3bar swaybar", render: I3barEmitter.bytes,
        stream: StreamProtocol(header: I3barEmitter.header, separator: ",", line: I3barEmitter.renderLine))
    case .plain:
      Registration(
        name: "plain", summary: "the text alone, for scripts and any other bar",
        traits: BarTraits(markup: .none), programs: "", render: PlainEmitter.bytes, large: PlainEmitter.largeBytes)
    case .i3blocks:
      Registration(
        name: "i3blocks", summary: "a line of Pango markup for an i3blocks block (markup=pango, interval=persist)",
        traits: BarTraits(markup: .pango), programs: "i3blocks", render: I3blocksEmitter.bytes)
    case .xmobar:
      Registration(
        name: "xmobar", summary: "a line of xmobar markup for a CommandReader, text as <raw=N:…/>",
        traits: BarTraits(shapesComplexScripts: false, markup: .own, clickActions: true, fontSwitching: true),
        programs: "xmobar", render: XmobarEmitter.bytes)
    case .lemonbar:
      Registration(
        name: "lemonbar", summary: "a line of lemonbar formatting, every % of the text doubled",
        traits: BarTraits(shapesComplexScripts: false, markup: .own, clickActions: true), programs: "lemonbar",
        render: LemonbarEmitter.bytes)
    case .conky:
      Registration(
        name: "conky", summary: "conky text for ${execpi}, every $ and # of the text escaped",
        traits: BarTraits(shapesComplexScripts: false, markup: .own, fontSwitching: true), programs: "conky",
        render: ConkyEmitter.bytes, large: ConkyEmitter.largeBytes)
    }
  }
}

/// What a bar can draw and do, asked by the text pipeline and the command line instead of
/// naming bars.
public struct BarTraits: Sendable, Equatable {
  /// The markup a format's text is written in.
  public enum Markup: Sendable, Equatable {
    /// Text alone, nothing escaped.
    case none
    /// Pango markup (inside JSON for waybar and i3bar).
    case pango
    /// The bar's own tag language (polybar's `%{…}`, tmux's `#[…]`).
    case own
  }

  /// Whether the bar shapes complex scripts (Gurmukhi conjuncts, the sihari's place). A bar
  /// that does not gets Gurmukhi in visual order, or a form drawn right unshaped (`LineChoice`).
  public var shapesComplexScripts: Bool
  /// The markup of the text.
  public var markup: Markup
  /// Whether the format prints the entry's tooltip lines (and classes that say it is browsed),
  /// so the text need not start with the browse label.
  public var tooltip: Bool
  /// Whether `--click` wraps the text in a click action (`timeline open WIDGET`).
  public var clickActions: Bool
  /// Whether the bar can switch fonts inside a line: `--gurmukhi-font` draws Gurmukhi in
  /// the ASCII GurbaniAkhar font.
  public var fontSwitching: Bool

  /// Creates traits; the defaults are a bar that shapes text and has no extras.
  public init(
    shapesComplexScripts: Bool = true, markup: Markup, tooltip: Bool = false, clickActions: Bool = false,
    fontSwitching: Bool = false
  ) {
    self.shapesComplexScripts = shapesComplexScripts
    self.markup = markup
    self.tooltip = tooltip
    self.clickActions = clickActions
    self.fontSwitching = fontSwitching
  }
}

/// An endless protocol a bar reads from `--follow` (i3bar's): a header, then one line per
/// change joined by `separator`; every line is `line` of the widgets, even of one.
public struct StreamProtocol: Sendable {
  /// Written once, before the first line.
  public var header: String
  /// Written before every line after the first.
  public var separator: String
  /// The line for the widgets, without a newline.
  public var line: @Sendable ([RenderInput], RenderOptions) -> String
}

/// One format's entry in the registry.
struct Registration: Sendable {
  var name: String
  var summary: String
  var traits: BarTraits
  /// The bar programs that read the format, space-separated (a string, not an array: the
  /// one-shot emitter builds this value, and an array would be an allocation).
  var programs: String
  var render: @Sendable (RenderInput, RenderOptions) -> [UInt8]
  var stream: StreamProtocol? = nil
  /// The large family's renderer (`--family large`), for a format with room for lines.
  var large: (@Sendable ([[TextRun]], RenderOptions) -> [UInt8])? = nil
}

extension OutputFormat {
  /// The name users type (`timeline-emit NAME WIDGET`).
  public var name: String { registration.name }
  /// One line that says what the format is for (the `--help` text).
  public var summary: String { registration.summary }
  /// What the bar can draw and do.
  public var traits: BarTraits { registration.traits }
  /// The protocol `--follow` speaks, for a bar that reads an endless stream; such a format
  /// also takes several widgets.
  public var stream: StreamProtocol? { registration.stream }
  /// The bar programs that read this format (`timeline doctor` looks for them on PATH).
  public var programs: [String] { registration.programs.split(separator: " ").map(String.init) }

  /// Whether the format prints the large family (`--family large`).
  public var hasLargeFamily: Bool { registration.large != nil }

  /// The large family's lines (`LargeText`) as UTF-8 bytes; nil for a format without one.
  public func largeBytes(_ lines: [[TextRun]], options: RenderOptions) -> [UInt8]? {
    registration.large.map { $0(lines, options) }
  }

  /// The line for one widget as UTF-8 bytes, without a newline.
  public func bytes(_ state: RenderInput, options: RenderOptions) -> [UInt8] {
    registration.render(state, options)
  }

  /// The format called `name`. A loop over the raw values, not `allCases`: an array of
  /// formats would cost the one-shot emitter a runtime metadata instantiation.
  public static func named(_ name: String) -> OutputFormat? {
    var raw: UInt8 = 0
    while let format = OutputFormat(rawValue: raw) {
      if format.registration.name == name { return format }
      raw += 1
    }
    return nil
  }

  /// Every format's name, in registry order.
  public static var names: [String] { allCases.map(\.name) }

  /// The names as a comma-separated list: "waybar, polybar, …, plain".
  public static var nameList: String { names.joined(separator: ", ") }

  /// `formats`' names as a phrase: "waybar, polybar or plain".
  public static func spoken(_ formats: [OutputFormat], conjunction: String = "or") -> String {
    let names = formats.map(\.name)
    guard let last = names.last else { return "" }
    return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " \(conjunction) " + last
  }

  /// The formats whose traits satisfy `test`, as a phrase ("polybar", "i3bar").
  public static func spoken(where test: (OutputFormat) -> Bool) -> String {
    spoken(allCases.filter(test))
  }
}
