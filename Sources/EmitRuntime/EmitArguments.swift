import Emitters
import Glibc
import TimelineCache
import TimelineCore

// timeline-emit reads its options from the C argv bytes: turning every argument into a
// String and the list into an array costs a one-shot emit more than the options themselves
// (a String per argument, an array that grows, a String comparison per option spelling).
// `parse(_:)` (the String form, for `timeline emit` and for an argv that is not plain
// ASCII) and `parse(argv:count:)` share the option table and every check after it, so
// both give the same result and the same messages.

/// The options of the emit command, by spelling.
enum OptionName {
  case endOfOptions, help, version, listFormats, listTraits, follow, verbose, click
  case at, maxWidth, line, gurmukhiFont, family, gurmukhi

  /// The option `spelling` names: the same table as argv's bytes are read with.
  init?(_ spelling: String) {
    guard let option = spelling.withCString({ OptionName(bytes: $0, count: spelling.utf8.count) }) else {
      return nil
    }
    self = option
  }

  /// The option spelled by the `count` bytes at `bytes` (not NUL-terminated there).
  init?(bytes: UnsafePointer<CChar>, count: Int) {
    func spells(_ name: StaticString) -> Bool {
      name.utf8CodeUnitCount == count && memcmp(bytes, name.utf8Start, count) == 0
    }
    // All spellings but "-h" start with "--"; the third byte tells most of them apart.
    if spells("-h") {
      self = .help
      return
    }
    guard count >= 2, bytes[0] == 0x2D, bytes[1] == 0x2D else { return nil }
    if count == 2 {
      self = .endOfOptions
    } else if spells("--help") {
      self = .help
    } else if spells("--version") {
      self = .version
    } else if spells("--verbose") {
      self = .verbose
    } else if spells("--list-formats") {
      self = .listFormats
    } else if spells("--list-traits") {
      self = .listTraits
    } else if spells("--line") {
      self = .line
    } else if spells("--follow") {
      self = .follow
    } else if spells("--family") {
      self = .family
    } else if spells("--click") {
      self = .click
    } else if spells("--at") {
      self = .at
    } else if spells("--max-width") {
      self = .maxWidth
    } else if spells("--gurmukhi-font") {
      self = .gurmukhiFont
    } else if spells("--gurmukhi") {
      self = .gurmukhi
    } else {
      return nil
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
      guard let text = value(), let named = WidgetFamily(rawValue: text) else {
        return .usageError("--family needs small or large")
      }
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
    var request = EmitRequest(
      format: format, widgets: widgets, at: at, options: options, follow: follow, verbose: verbose)
    request.family = family
    return .run(request)
  }
}

extension EmitCommand {
  /// `parse(_:)` for C strings: the `count` arguments after the program name, as `main`'s
  /// argv has them. An argv that is all ASCII is read byte by byte and makes Strings only of
  /// the values it keeps; any other goes through `parse(_:)` as `String(cString:)` reads it
  /// (invalid UTF-8 repaired), where a Character-wise rule (a combining mark after `-`)
  /// can differ from a byte-wise one.
  public static func parse(argv: UnsafePointer<UnsafeMutablePointer<CChar>?>, count: Int) -> Parsed {
    for index in 0..<max(count, 0) {
      guard let argument = argv[index], isASCII(argument) else { return parse(strings(argv: argv, count: count)) }
    }
    var state = ParseState()
    var format: UnsafePointer<CChar>?
    var widget: UnsafePointer<CChar>?
    var more: [String] = []
    var index = 0
    // Every argv[index] is there: the ASCII check above went through them all.
    while index < count, let present = argv[index] {
      let argument = UnsafePointer(present)
      index += 1
      if state.onlyPositional || argument[0] != 0x2D || argument[1] == 0 {
        if format == nil {
          format = argument
        } else if widget == nil {
          widget = argument
        } else {
          more.append(String(cString: argument))
        }
        continue
      }
      var length = strlen(argument)
      var inline: String?
      if argument[1] == 0x2D, let equals = strchr(argument, 0x3D) {
        length = UnsafePointer(equals) - argument
        inline = String(cString: equals + 1)
      }
      guard let option = OptionName(bytes: argument, count: length) else {
        let spelled = UnsafeRawBufferPointer(start: argument, count: length)
        return .usageError("unknown option " + String(decoding: spelled, as: UTF8.self))
      }
      let ended = state.apply(option, inline: inline) {
        guard index < count else { return nil }
        index += 1
        return argv[index - 1].map { String(cString: $0) }
      }
      if let ended { return ended }
    }
    var widgets: [String] = []
    if let widget {
      widgets.reserveCapacity(1 + more.count)
      widgets.append(String(cString: widget))
      widgets.append(contentsOf: more)
    }
    return state.finish(format: format.map { String(cString: $0) }, widgets: widgets)
  }

  /// Parses `argv` (`count` arguments after the program name) and runs, as `run(arguments:)`.
  public static func run(
    argv: UnsafePointer<UnsafeMutablePointer<CChar>?>, count: Int, exitsAfterOutput: Bool = false
  ) -> Int32 {
    run(parse(argv: argv, count: count), exitsAfterOutput: exitsAfterOutput)
  }

  /// Whether the C string holds ASCII bytes alone.
  private static func isASCII(_ text: UnsafePointer<CChar>) -> Bool {
    var byte = text
    while byte.pointee != 0 {
      if byte.pointee < 0 { return false }
      byte += 1
    }
    return true
  }

  /// The arguments as Strings, as `main` read them before: a missing one is left out.
  private static func strings(argv: UnsafePointer<UnsafeMutablePointer<CChar>?>, count: Int) -> [String] {
    var arguments: [String] = []
    for index in 0..<max(count, 0) {
      if let argument = argv[index] { arguments.append(String(cString: argument)) }
    }
    return arguments
  }
}
