import Emitters
import Glibc
import TimelineCache
import TimelineCore

/// The options of the emit command, by spelling.
enum OptionName {
  case endOfOptions, help, version, listFormats, listTraits, follow, verbose, click
  case at, maxWidth, line, gurmukhiFont, family, gurmukhi

  /// The option `spelling` names, nil for none.
  init?(_ spelling: String) {
    switch spelling {
    case "--": self = .endOfOptions
    case "-h", "--help": self = .help
    case "--version": self = .version
    case "--verbose": self = .verbose
    case "--list-formats": self = .listFormats
    case "--list-traits": self = .listTraits
    case "--line": self = .line
    case "--follow": self = .follow
    case "--family": self = .family
    case "--click": self = .click
    case "--at": self = .at
    case "--max-width": self = .maxWidth
    case "--gurmukhi-font": self = .gurmukhiFont
    case "--gurmukhi": self = .gurmukhi
    default: return nil
    }
  }
}

/// What the options read so far ask for.
struct ParseState {
  var at: Int64?
  var options = RenderOptions()
  var follow = false
  var verbose = false
  var family = WidgetFamily.small
  /// After `--`, every argument is positional.
  var onlyPositional = false

  /// Applies one option; `inline` is its `--option=value`, `next` takes the following
  /// argument as its value. Returns what ends parsing (help, version, a usage error), or nil.
  mutating func apply(_ option: OptionName, inline: String?, next: () -> String?) -> EmitCommand.Parsed? {
    func value() -> String? { inline ?? next() }
    switch option {
    case .endOfOptions: onlyPositional = true
    case .help: return .help
    case .version: return .version
    case .listFormats: return .listFormats
    case .listTraits: return .listTraits
    case .follow:
      guard inline == nil else { return .usageError("--follow takes no value") }
      follow = true
    case .verbose:
      guard inline == nil else { return .usageError("--verbose takes no value") }
      verbose = true
    case .click:
      guard inline == nil else { return .usageError("--click takes no value") }
      options.click = true
    case .at:
      guard let text = value() else { return .usageError("--at needs a time") }
      guard let instant = ISO8601.parse(text) else {
        return .usageError("--at: \"\(text)\" is not an ISO 8601 time (e.g. 2026-03-01T19:00:00Z)")
      }
      at = instant
    case .maxWidth:
      guard let text = value() else { return .usageError("--max-width needs a number") }
      guard let width = Int(text), (1...100_000).contains(width) else {
        return .usageError("--max-width: \"\(text)\" is not a number of columns from 1 to 100000")
      }
      options.maxWidth = width
    case .line:
      guard let text = value() else { return .usageError("--line needs one of \(LineForm.names)") }
      guard let form = LineForm.named(text) else {
        return .usageError("--line: \"\(text)\" is not one of \(LineForm.names)")
      }
      options.line = form
    case .gurmukhiFont:
      guard let text = value() else { return .usageError("--gurmukhi-font needs a polybar font index") }
      guard let index = Int(text), RenderOptions.fontIndexes.contains(index) else {
        return .usageError(
          "--gurmukhi-font: \"\(text)\" is not a polybar font index from 1 to 99 (%{T2} is font-1)")
      }
      options.gurmukhiFont = index
    case .family:
      // Compared name by name: the raw-value initializer is the standard library's generic
      // string switch, code a one-shot emit would load for this option alone.
      let text = value()
      let named: WidgetFamily? =
        text == WidgetFamily.large.rawValue ? .large : text == WidgetFamily.small.rawValue ? .small : nil
      guard let named else { return .usageError("--family needs small or large") }
      family = named
    case .gurmukhi:
      guard let text = value() else { return .usageError("--gurmukhi needs visual or logical") }
      guard let order = GurmukhiOrder(rawValue: text) else {
        return .usageError("--gurmukhi: \"\(text)\" is not visual or logical")
      }
      options.gurmukhi = order
    }
    return nil
  }

  /// The checks once every argument is read: `format` is the first positional argument,
  /// `widgets` the others.
  func finish(format formatName: String?, widgets: [String]) -> EmitCommand.Parsed {
    guard let formatName else { return .usageError("missing FORMAT and WIDGET") }
    guard let format = OutputFormat.named(formatName) else {
      return .usageError("unknown format \"\(formatName)\" (\(OutputFormat.nameList))")
    }
    if widgets.isEmpty { return .usageError("missing WIDGET") }
    if widgets.count > 1 && format.stream == nil {
      return .usageError("only \(OutputFormat.spoken { $0.stream != nil }) takes several widgets")
    }
    if follow && at != nil { return .usageError("--at and --follow cannot be combined") }
    if family == .large {
      guard format.hasLargeFamily else {
        return .usageError("--family large is for \(OutputFormat.spoken { $0.hasLargeFamily }) only")
      }
      if follow || widgets.count > 1 { return .usageError("--family large prints one widget once (no --follow)") }
    }
    return .run(
      EmitRequest(
        format: format, widgets: widgets, at: at, options: options, follow: follow, verbose: verbose, family: family))
  }
}
