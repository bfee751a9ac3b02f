import FoundationEssentials
import Glibc
import Spawning
import TimelineCore

/// Kind `command`: a provider of the user's own, a program run without a shell whose
/// output is a timeline (options and format: docs/command-provider.md). Every failure
/// fails the refresh with a message naming the program; the previous timeline is kept.
struct CommandProvider: TimelineProvider {
  static let kind = "command"

  let argv: [String]
  let timeout: Int
  let placeholderText: String
  let widget: String
  /// Seconds until the next run when the output has no `policy`.
  let interval: Int64

  init(config: WidgetConfig) throws {
    var options = Options(config)
    guard let argv = try options.strings("command"), !argv.isEmpty, !argv[0].isEmpty else {
      throw options.invalid("command", expected: "an array like [\"prog\", \"arg\"] (no shell)")
    }
    self.argv = argv
    timeout = try options.int("timeout", default: 30, range: 1...3600) ?? 30
    placeholderText = try options.string("placeholder", default: "…") ?? "…"
    interval = try options.duration("interval", default: CommandOutput.defaultInterval, minimum: 60)
    widget = config.name.text
    try options.finish()
  }

  func placeholder() -> Entry {
    Entry(date: 0, runs: [TextRun(placeholderText)], alt: "placeholder", classes: ["command"])
  }

  func snapshot(context: ProviderContext) -> TimelineDraft {
    let now = context.clock.now()
    let entry = Entry(
      date: now, runs: [TextRun("\(argv[0])", color: "#88c0d0")],
      tooltip: ["Sample output of a command widget"], alt: "command", classes: ["command"])
    return TimelineDraft(entries: [entry], end: nil, policy: .after(now + interval))
  }

  func timeline(context: ProviderContext) async throws -> TimelineDraft {
    let (argv, timeout) = (self.argv, self.timeout)
    let result = try await Task.detached { try Subprocess.run(argv, timeout: Double(timeout)) }.value
    let name = argv[0].split(separator: "/").last.map(String.init) ?? argv[0]
    if result.timedOut { throw ProviderError("\(name) timed out after \(timeout) s") }
    if result.overflow { throw ProviderError("\(name) printed more than 5 MB") }
    if result.heldOpen {
      throw ProviderError(
        "\(name) exited, but a process it started in the background still holds its output open; "
          + "redirect that process's output (>/dev/null 2>&1)")
    }
    if let signal = result.signal {
      let what = strsignal(signal).map { " (\(String(cString: $0)))" } ?? ""
      throw ProviderError("\(name) was killed by signal \(signal)\(what)")
    }
    guard result.status == 0 else {
      let said =
        String(decoding: result.stderr, as: UTF8.self).split(separator: "\n").first.map {
          ": " + CleanText.oneLine(String($0), limit: 120)
        } ?? ""
      throw ProviderError("\(name) exited with status \(result.status)\(said)")
    }
    return try CommandOutput.decode(result.stdout, now: context.clock.now(), program: name, interval: interval)
  }
}
