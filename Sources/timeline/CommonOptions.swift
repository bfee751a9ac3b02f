import ArgumentParser
import TimelineCache
import TimelineKit

/// Options every subcommand that reads the config or the cache shares.
struct CommonOptions: ParsableArguments {
  @Option(name: .long, help: ArgumentHelp("Config file (default: $TIMELINE_CONFIG, else $XDG_CONFIG_HOME/timeline/config.toml).", valueName: "file"))
  var config: String?

  @Option(name: .long, help: ArgumentHelp("Cache directory (default: $TIMELINE_CACHE_DIR, else $XDG_CACHE_HOME/timeline).", valueName: "dir"))
  var cacheDir: String?

  /// The effective config; a config error exits with status 2.
  func loadConfig() throws -> AppConfig {
    do {
      let config = try ConfigLoader.load(explicit: config)
      for warning in config.warnings { Console.error("warning: \(warning)") }
      return config
    } catch let error as ConfigError {
      throw Failure.config(error.description)
    }
  }

  var store: CacheStore { CacheStore(directory: cacheDir ?? CacheStore.defaultDirectory()) }
}

/// `--lock-wait`: how long `refresh` and `reload` wait for a widget another refresh holds.
struct LockWaitOption: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "Seconds to wait for a widget that another refresh is working on; then that widget fails (default 15).",
      valueName: "seconds"))
  var lockWait: Int = 15

  var seconds: Int { lockWait }

  func validate() throws {
    guard (0...3600).contains(lockWait) else { throw ValidationError("--lock-wait: expected 0 to 3600 seconds, got \(lockWait)") }
  }
}
