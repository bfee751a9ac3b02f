import Emitters
import Glibc
import Platform
import TimelineCache
import TimelineCore

/// A parsed emit command line.
struct EmitRequest: Sendable, Equatable {
  var format: OutputFormat
  /// The widgets as typed; several only for a format with a stream protocol.
  var widgets: [String]
  /// `--at`: the instant to show, instead of now.
  var at: Int64?
  /// `--max-width`, `--click`, `--gurmukhi`.
  var options = RenderOptions()
  var follow = false
  var verbose = false
  /// `--family`: one line, or the whole entry (conky, plain).
  var family: WidgetFamily = .small

  /// `widgets` checked against the name rule: where the names from argv are checked, once.
  /// nil for a name that breaks it, which the bar shows as the neutral placeholder (an emit
  /// never fails on what it reads).
  var names: [WidgetName?] { widgets.map { WidgetName($0) } }
}

/// The emit command shared by `timeline-emit` (hand-parsed argv) and `timeline emit`
/// (ArgumentParser), so both print identical bytes. Exit status: 0 with valid output
/// whatever the cache holds, 2 for a usage error and nothing else.
public enum EmitCommand {
  /// The version `--version` prints.
  static let version = TimelineVersion.string

  /// What a command line asks for.
  enum Parsed: Sendable, Equatable {
    case run(EmitRequest)
    case help
    case version
    case listFormats
    case listTraits
    case usageError(String)
  }

  /// The `--help` text.
  static func help(program: String = "timeline-emit") -> String {
    """
    usage: \(program) FORMAT WIDGET [options]
           \(program) \(spoken { $0.stream != nil }) WIDGET... --follow [options]

    Prints the entry of WIDGET's timeline that is current now, formatted for a status bar.
    Reads only the cache `timeline refresh` writes ($TIMELINE_CACHE_DIR, else
    $XDG_CACHE_HOME/timeline, else ~/.cache/timeline). Never uses the network.

    FORMAT:
    \(formatHelp)

    options:
      --at TIME          show the entry current at TIME, ISO 8601: 2026-03-01T19:00:00Z,
                         2026-03-01T19:00+05:30, fractions, a date alone; no zone = UTC;
                         a browse state (`timeline browse`) applies as it would at TIME
      --max-width N      cut the text to N display columns, ending in …
      --follow           keep running and print a line whenever the output changes
      --verbose          say on stderr why a placeholder or stale entry is shown
      --click            \(spoken { $0.traits.clickActions }): clicking the text runs `timeline open WIDGET`
      --line FORM        gurmukhi, transliteration or translation: the form of a Gurbani
                         line to show, overriding the widget's `line` option (read from
                         the same cache; entries without such forms show their text)
      --gurmukhi-font N  \(spoken { $0.traits.fontSwitching }): draw Gurmukhi in the ASCII GurbaniAkhar
                         encoding in the bar's font N (polybar: %{TN}…%{T-}, font-1 is 2;
                         xmobar: <fn=N>); without it polybar and xmobar show the
                         transliteration. conky needs no index: it always draws Gurmukhi
                         this way, in ${font OpenGurbaniAkhar}
      --gurmukhi ORDER   visual (sihari before its consonant; \(spoken { !$0.traits.shapesComplexScripts })'s
                         default) or logical
      --family FAMILY    small (one line, the default) or large: the whole entry on several
                         lines, e.g. the shabad with its translation and source, or every
                         day of the avalanche forecast (\(spoken { $0.hasLargeFamily }); no --follow)
      -h, --help         show this help
      --version          show the version
      --list-formats     print the format names, one per line (for scripts)
      --list-traits      print each format's traits, one format per line (for scripts)

    Exit status: 0, with valid output, whatever the cache holds; 2 for a usage error.

    """
  }

  /// One line per format: its name and what it is for.
  static var formatHelp: String {
    let width = OutputFormat.allCases.map(\.name.count).max() ?? 0
    return OutputFormat.allCases.map {
      "  " + $0.name + String(repeating: " ", count: width - $0.name.count + 2) + $0.summary
    }.joined(separator: "\n")
  }

  /// The names of the formats that pass `test`, as a phrase.
  private static func spoken(_ test: (OutputFormat) -> Bool) -> String { OutputFormat.spoken(where: test) }

  /// Parses the arguments after the program name.
  static func parse(_ arguments: [String]) -> Parsed {
    var positional: [String] = []
    var state = ParseState()
    var index = 0
    while index < arguments.count {
      var argument = arguments[index]
      index += 1
      if state.onlyPositional || argument.utf8.first != 45 || argument == "-" {
        positional.append(argument)
        continue
      }
      var inlineValue: String?
      // The byte test first: finding a Character walks the argument's grapheme breaks.
      if argument.utf8.starts(with: "--".utf8), argument.utf8.contains(UInt8(ascii: "=")),
        let equals = argument.firstIndex(of: "=")
      {
        inlineValue = String(argument[argument.index(after: equals)...])
        argument = String(argument[..<equals])
      }
      guard let option = OptionName(argument) else { return .usageError("unknown option \(argument)") }
      let ended = state.apply(option, inline: inlineValue) {
        guard index < arguments.count else { return nil }
        index += 1
        return arguments[index - 1]
      }
      if let ended { return ended }
    }
    return state.finish(format: positional.first, widgets: Array(positional.dropFirst()))
  }

  /// Parses and runs; returns the exit status. `program` names the command in messages.
  /// `exitsAfterOutput` is for `timeline-emit`'s `main` alone: a one-shot emit then ends
  /// the process as soon as its line is written, leaving what it read to the kernel rather
  /// than freeing it value by value. Never set it in a process that goes on running.
  public static func run(
    arguments: [String], stdout: Int32 = 1, stderr: Int32 = 2, program: String = "timeline-emit",
    clock: any WallClock = SystemClock(), environment: (String) -> String? = Environment.get,
    exitsAfterOutput: Bool = false
  ) -> Int32 {
    run(
      parse(arguments), stdout: stdout, stderr: stderr, program: program, clock: clock, environment: environment,
      exitsAfterOutput: exitsAfterOutput)
  }

  /// `run(arguments:)` for what `parse` made of the command line.
  static func run(
    _ parsed: Parsed, stdout: Int32 = 1, stderr: Int32 = 2, program: String = "timeline-emit",
    clock: any WallClock = SystemClock(), environment: (String) -> String? = Environment.get,
    exitsAfterOutput: Bool = false
  ) -> Int32 {
    let out = Output(fd: stdout)
    let err = Output(fd: stderr)
    switch parsed {
    case .help:
      out.write(help(program: program))
      return 0
    case .version:
      out.write(program + " " + version + "\n")
      return 0
    case .listFormats:
      out.write(OutputFormat.names.joined(separator: "\n") + "\n")
      return 0
    case .listTraits:
      out.write(OutputFormat.allCases.map(\.traitLine).joined(separator: "\n") + "\n")
      return 0
    case .usageError(let message):
      err.write("\(program): \(message)\nusage: \(program) FORMAT WIDGET [options]; see --help\n")
      return ExitStatus.usage
    case .run(let request):
      let directory = CacheStore.defaultDirectory(environment: environment)
      let browse = BrowseStore.session(cache: directory, environment: environment)
      if request.follow {
        return Follow.run(
          request, directory: directory, browse: browse, out: out, err: err, program: program, clock: clock)
      }
      let now = request.at ?? clock.now()
      if request.family == .large,
        let large = EmitPipeline.large(
          widget: WidgetName(request.widgets[0]), directory: directory, now: now, format: request.format,
          options: request.options, browse: browse)
      {
        out.writeLine(bytes: large.bytes)
        if exitsAfterOutput { withExtendedLifetime(large) { exit(ExitStatus.success) } }
        return 0
      }
      if request.widgets.count == 1 {
        let resolved = EmitPipeline.resolve(
          widget: WidgetName(request.widgets[0]), directory: directory, now: now,
          tooltip: request.format.traits.tooltip, browse: browse, explain: request.verbose)
        if request.verbose { report([resolved], of: request.widgets, err: err, program: program) }
        let line = request.format.bytes(resolved.state, options: request.options)
        out.writeLine(bytes: line)
        if exitsAfterOutput { withExtendedLifetime(resolved) { exit(ExitStatus.success) } }
        return 0
      }
      return emitOnce(request, directory: directory, browse: browse, now: now, out: out, err: err, program: program)
    }
  }

  /// Prints the one line for every widget of `request` at `now` (and the `--verbose`
  /// reasons): the one-shot emit of several widgets, and `--follow`'s fallback when it
  /// cannot set up its wake-ups. Returns the exit status, 0.
  static func emitOnce(
    _ request: EmitRequest, directory: String, browse: BrowseStore, now: Int64, out: Output, err: Output,
    program: String
  ) -> Int32 {
    let resolved = request.names.map {
      EmitPipeline.resolve(widget: $0, directory: directory, now: now, browse: browse, explain: request.verbose)
    }
    if request.verbose { report(resolved, of: request.widgets, err: err, program: program) }
    out.write(EmitPipeline.line(resolved.map(\.state), format: request.format, options: request.options) + "\n")
    return 0
  }

  /// The `--verbose` reasons, each after the widget as typed (`widgets`, in `resolved`'s
  /// order), as terminal lines: a reason quotes files others may write (a browse state's
  /// label, a cache's error), which must not reach the terminal with their controls.
  static func report(_ resolved: [EmitPipeline.Resolution], of widgets: [String], err: Output, program: String) {
    for (widget, item) in zip(widgets, resolved) {
      guard let reason = item.reason else { continue }
      err.write("\(program): \(CleanText.terminalLine(widget)): \(CleanText.terminalLine(reason))\n")
    }
  }
}
