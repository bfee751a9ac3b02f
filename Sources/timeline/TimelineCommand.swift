import ArgumentParser
import Emitters
import TimelineCore
import TimelineKit

/// The `timeline` command: a thin front end. Each subcommand is one file that parses its
/// options and calls TimelineKit; errors become exit statuses (`ExitStatus`) in Failure.swift and `main` only.
@main
struct TimelineCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "timeline",
    abstract:
      "WidgetKit-style timelines for \(OutputFormat.spoken(OutputFormat.allCases.filter { !$0.programs.isEmpty }, conjunction: "and")).",
    discussion: """
      `timeline refresh` (from a systemd timer or cron) asks each widget's provider for a \
      timeline and caches it; `timeline-emit FORMAT WIDGET` prints the entry that is \
      current now, without touching the network. Start with `timeline preview`.

      Exit status: 0 on success; 2 for a usage error (an unknown option, a missing or \
      invalid argument) or a config error; 1 when output could not be written (a full \
      disk, a closed pipe). Each command's help says when else it exits 1.
      """,
    version: TimelineVersion.string,
    subcommands: [
      Refresh.self, Status.self, ConfigCommand.self, Emit.self, Show.self, Open.self,
      Reload.self, Preview.self, Doctor.self, Regions.self, Browse.self, Friends.self,
    ])

  /// argument-parser's `main`, but usage errors exit 2 as every `--help` says (not its
  /// 64), messages go through `Console` (which survives a failing stderr), and output that
  /// could not be written turns success into 1.
  static func main() async {
    Console.prepare()
    if let shortfall = AddressSpace.shortfall() {
      Console.error("timeline: \(shortfall)")
      Console.finish(ExitStatus.failure)
    }
    do {
      var command = try parseAsRoot()
      if var command = command as? any AsyncParsableCommand {
        try await command.run()
      } else {
        try command.run()
      }
      Console.finish(ExitStatus.success)
    } catch {
      var status = exitCode(for: error).rawValue
      if status == ExitCode.validationFailure.rawValue { status = ExitStatus.usage }
      let message = fullMessage(for: error)
      if !message.isEmpty {
        if status == 0 { print(message) } else { Console.error(message) }
      }
      Console.finish(status)
    }
  }
}
