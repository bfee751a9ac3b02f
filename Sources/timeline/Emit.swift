import ArgumentParser
import EmitRuntime
import Emitters
import TimelineCore

extension TimelineCommand {
  /// `timeline emit`: the same command as `timeline-emit`, for humans and scripts. It
  /// rebuilds the argument list and calls the shared `EmitCommand.run`, so both print
  /// byte-identical output; bars should call `timeline-emit`, which starts faster.
  struct Emit: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print the current entry of a widget for a status bar.",
      discussion: """
        FORMAT is \(OutputFormat.spoken(OutputFormat.allCases)). Reads only the cache; exits 0 with \
        valid output whatever the cache holds (a placeholder when it is missing or broken).
        Bars should run `timeline-emit`, which prints the same bytes and starts faster.
        """)

    @Argument(
      help: "\(OutputFormat.spoken(OutputFormat.allCases)).", completion: .list(OutputFormat.names))
    var format: String

    @Argument(
      help: "The widget name; several only for \(OutputFormat.spoken { $0.stream != nil }).",
      completion: Completions.widgets)
    var widgets: [String]

    @Option(help: "Show the entry current at this ISO 8601 time (no zone = UTC).")
    var at: String?

    @OptionGroup var render: RenderFlags

    @Flag(help: "Keep running and print a line whenever the output changes.")
    var follow = false

    @Flag(help: "Say on stderr why a placeholder or stale entry is shown.")
    var verbose = false

    @Flag(help: "\(OutputFormat.spoken { $0.traits.clickActions }): clicking the text runs `timeline open WIDGET`.")
    var click = false

    @Option(
      help: "gurmukhi, transliteration or translation: the form of a Gurbani line to show.",
      completion: .list(LineForm.allCases.map(\.rawValue)))
    var line: String?

    @Option(
      help: """
        \(OutputFormat.spoken { $0.traits.fontSwitching }): the font index (%{TN}) of a GurbaniAkhar font; \
        Gurmukhi is drawn in its ASCII form (without it polybar and xmobar show the transliteration; \
        conky always uses its OpenGurbaniAkhar font and needs no index).
        """)
    var gurmukhiFont: String?
    @Option(
      help: """
        small (one line) or large: the whole entry on several lines \
        (\(OutputFormat.spoken { $0.hasLargeFamily }); no --follow).
        """,
      completion: .list(WidgetFamily.allCases.map(\.rawValue)))
    var family: String?

    func run() throws {
      var arguments: [String] = []
      if let at { arguments += ["--at", at] }
      if let maxWidth = render.maxWidth { arguments += ["--max-width", String(maxWidth)] }
      if follow { arguments.append("--follow") }
      if verbose { arguments.append("--verbose") }
      if click { arguments.append("--click") }
      if let gurmukhi = render.gurmukhi { arguments += ["--gurmukhi", gurmukhi] }
      if let line { arguments += ["--line", line] }
      if let gurmukhiFont { arguments += ["--gurmukhi-font", gurmukhiFont] }
      if let family { arguments += ["--family", family] }
      // After `--`, a format or widget that starts with "-" cannot read as an option.
      arguments += ["--", format] + widgets
      let status = EmitCommand.run(arguments: arguments, program: "timeline emit")
      if status != 0 { throw ExitCode(status) }
    }
  }
}
