import ArgumentParser
import Emitters
import TimelineCore
import TimelineKit

/// The `timeline` command: a thin front end. Each subcommand is one file that parses its
/// options and calls TimelineKit; errors become exit codes in `Failure.swift` only.
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
      """,
    version: TimelineVersion.string,
    subcommands: [
      Refresh.self, Status.self, ConfigCommand.self, Emit.self, Show.self, Open.self,
      Reload.self, Preview.self, Doctor.self, Regions.self, Browse.self, Friends.self,
    ])
}
