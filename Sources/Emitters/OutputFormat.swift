import TimelineCore

/// The output formats: the one list every name list, `--help`, error message, preview,
/// completion, `--list-formats` and bench run derives from. Adding a bar: docs/emitters.md,
/// "Adding a bar". Each fact is a switch of constants, so a one-shot emit builds no table.
public enum OutputFormat: UInt8, Sendable, CaseIterable {
  case waybar, polybar, tmux, i3bar, plain, i3blocks, xmobar, lemonbar, conky

  /// The name users type (`timeline-emit NAME WIDGET`).
  public var name: String {
    switch self {
    case .waybar: "waybar"
    case .polybar: "polybar"
    case .tmux: "tmux"
    case .i3bar: "i3bar"
    case .plain: "plain"
    case .i3blocks: "i3blocks"
    case .xmobar: "xmobar"
    case .lemonbar: "lemonbar"
    case .conky: "conky"
    }
  }

  /// One line that says what the format is for (the `--help` text).
  public var summary: String {
    switch self {
    case .waybar: "JSON for a waybar custom module (\"return-type\": \"json\")"
    case .polybar: "a line of polybar formatting tags for a custom/script module"
    case .tmux: "a line of tmux styles for #(…) in status-left or status-right"
    case .i3bar: "an i3bar block; with --follow the whole i3bar/swaybar protocol"
    case .plain: "the text alone, for scripts and any other bar"
    case .i3blocks: "a line of Pango markup for an i3blocks block (markup=pango, interval=persist)"
    case .xmobar: "a line of xmobar markup for a CommandReader, text as <raw=N:…/>"
    case .lemonbar: "a line of lemonbar formatting, every % of the text doubled"
    case .conky: "conky text for ${execpi}, every $ and # of the text escaped"
    }
  }

  /// What the bar can draw and do.
  public var traits: BarTraits {
    switch self {
    case .waybar: BarTraits(markup: .pango, tooltip: true, level: .classes)
    case .polybar:
      BarTraits(shapesComplexScripts: false, markup: .own, clickActions: true, fontSwitching: true, drawsEmoji: false)
    case .tmux: BarTraits(markup: .own)
    case .i3bar: BarTraits(markup: .pango, level: .block)
    case .plain: BarTraits(markup: .none, level: .none)
    case .i3blocks: BarTraits(markup: .pango)
    case .xmobar: BarTraits(shapesComplexScripts: false, markup: .own, clickActions: true, fontSwitching: true)
    case .lemonbar: BarTraits(shapesComplexScripts: false, markup: .own, clickActions: true, drawsEmoji: false)
    case .conky: BarTraits(shapesComplexScripts: false, markup: .own, fontSwitching: true, drawsEmoji: false)
    }
  }

  /// The bar programs that read this format, space-separated (a string, so that a look-up
  /// allocates nothing): most bars' program has the format's name.
  var programList: String {
    switch self {
    case .i3bar: "i3bar swaybar"
    case .plain: ""
    default: name
    }
  }

  /// The format whose one-shot emit this one's may cost no more than in `make bench`
  /// (bench/realcache.py reads it from `--list-traits`); nil for those held to `cat` alone.
  /// No combination of the traits tells these apart, so each entry says it.
  var costPeer: OutputFormat? {
    switch self {
    case .i3blocks, .xmobar, .lemonbar, .conky: .polybar
    case .waybar, .polybar, .tmux, .i3bar, .plain: nil
    }
  }

  /// The line for one widget as UTF-8 bytes, without a newline.
  public func bytes(_ state: RenderInput, options: RenderOptions) -> [UInt8] {
    if state.isHidden { return Array(hiddenLine.utf8) }
    return switch self {
    case .waybar: WaybarEmitter.bytes(state, options: options)
    case .polybar: PolybarEmitter.bytes(state, options: options)
    case .tmux: TmuxEmitter.bytes(state, options: options)
    case .i3bar: I3barEmitter.bytes(state, options: options)
    case .plain: PlainEmitter.bytes(state, options: options)
    case .i3blocks: I3blocksEmitter.bytes(state, options: options)
    case .xmobar: XmobarEmitter.bytes(state, options: options)
    case .lemonbar: LemonbarEmitter.bytes(state, options: options)
    case .conky: ConkyEmitter.bytes(state, options: options)
    }
  }

  /// What makes the bar hide the widget (`RenderInput.isHidden`), without a newline.
  var hiddenLine: String {
    switch self {
    case .waybar: "{\"text\":\"\"}"
    case .i3bar: "{\"full_text\":\"\"}"
    case .polybar, .tmux, .plain, .i3blocks, .xmobar, .lemonbar, .conky: ""
    }
  }

  /// The protocol `--follow` speaks for a bar that reads an endless stream (and takes
  /// several widgets).
  public var stream: StreamProtocol? {
    switch self {
    case .i3bar: StreamProtocol(header: I3barEmitter.header, separator: ",", line: I3barEmitter.renderLine)
    default: nil
    }
  }

  var largeRenderer: (([[TextRun]], RenderOptions) -> [UInt8])? {
    switch self {
    case .plain: PlainEmitter.largeBytes
    case .conky: ConkyEmitter.largeBytes
    default: nil
    }
  }
}

/// What a bar can draw and do, asked by the text pipeline and the command line instead of
/// naming bars. The defaults are a bar that shapes text, has no extras and colours a level's runs.
public struct BarTraits: Sendable, Equatable {
  /// The markup a format's text is written in.
  enum Markup: String, Sendable, Equatable {
    /// Text alone, nothing escaped.
    case none
    /// Pango markup (inside JSON for waybar and i3bar).
    case pango
    /// The bar's own tag language (polybar's `%{…}`, tmux's `#[…]`).
    case own
  }

  /// Whether the bar shapes complex scripts; one that does not gets Gurmukhi as `LineChoice` says.
  public var shapesComplexScripts = true
  var markup: Markup
  /// Whether the format prints the entry's tooltip lines (and browse classes), so the text
  /// need not start with the browse label.
  public var tooltip = false
  /// Whether `--click` wraps the text in a click action.
  public var clickActions = false
  /// Whether the bar can switch fonts inside a line (for `--gurmukhi-font`).
  public var fontSwitching = false
  /// How the bar shows the level of an entry whose text has no colour of its own.
  var level = LevelStyle.runs
  /// Whether the bar's fonts draw the contact widgets' signs (🎂 💍 ☎); else `Pictographs`.
  var drawsEmoji = true

  /// How a bar shows the level of an entry whose runs have no colour (`Palette.level`).
  enum LevelStyle: String, Sendable, Equatable {
    /// The runs are drawn in the level's colour, in the bar's own markup.
    case runs
    /// The whole block is (i3bar's `color`, `RenderInput.blockColors`).
    case block
    /// A class names it (waybar's `level-N`).
    case classes
    case none
  }
}

/// An endless protocol a bar reads from `--follow` (i3bar's): a header, then one line per
/// change joined by `separator`.
public struct StreamProtocol: Sendable {
  /// Written once, before the first line.
  public var header: String
  /// Written before every line after the first.
  public var separator: String
  /// The line for the widgets, without a newline.
  public var line: @Sendable ([RenderInput], RenderOptions) -> String
}

extension OutputFormat {
  /// The bar programs that read this format (for `timeline doctor`).
  public var programs: [String] { programList.split(separator: " ").map(String.init) }

  /// Whether the format prints the large family (`--family large`).
  public var hasLargeFamily: Bool { largeRenderer != nil }

  /// Whether the large family draws a Gurbani line's ASCII twins, as the single line draws
  /// the ASCII form.
  public var largeDrawsTwins: Bool { hasLargeFamily && LineChoice.drawsASCII(traits) }

  /// The format's traits as `word=value` pairs on one line (`timeline-emit --list-traits`).
  public var traitLine: String {
    func yes(_ flag: Bool) -> String { flag ? "yes" : "no" }
    return
      "\(name) markup=\(traits.markup.rawValue) shapes=\(yes(traits.shapesComplexScripts))"
      + " tooltip=\(yes(traits.tooltip)) click=\(yes(traits.clickActions)) fonts=\(yes(traits.fontSwitching))"
      + " level=\(traits.level.rawValue) emoji=\(yes(traits.drawsEmoji))"
      + " stream=\(yes(stream != nil)) large=\(yes(hasLargeFamily)) cost-peer=\(costPeer?.name ?? "none")"
  }

  /// The large family's lines as UTF-8 bytes; nil for a format without one.
  public func largeBytes(_ lines: [[TextRun]], options: RenderOptions) -> [UInt8]? {
    largeRenderer.map { $0(lines, options) }
  }

  /// The format called `name`. A loop over the raw values, not `allCases`, whose array
  /// would cost the one-shot emitter a runtime metadata instantiation; only a name of the
  /// argument's length is compared.
  public static func named(_ name: String) -> OutputFormat? {
    let length = name.utf8.count
    var raw: UInt8 = 0
    while let format = OutputFormat(rawValue: raw) {
      let candidate = format.name
      if candidate.utf8.count == length && candidate == name { return format }
      raw += 1
    }
    return nil
  }

  /// Every format's name, in registry order.
  public static var names: [String] { allCases.map(\.name) }

  /// The names as a comma-separated list.
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
