import ArgumentParser
import TimelineKit

extension TimelineCommand {
  struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "config", abstract: "Print the effective config (or the embedded default) as TOML.")

    @OptionGroup var common: CommonOptions
    @Flag(name: .customLong("default"), help: "Print the embedded default config instead.") var showDefault = false

    func run() async throws {
      try await exiting {
        if showDefault {
          print(DefaultConfig.toml, terminator: "")
          return 0
        }
        let config = try common.loadConfig()
        print(ConfigPrinter.toml(config), terminator: "")
        return 0
      }
    }
  }
}
