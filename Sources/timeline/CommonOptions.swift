import ArgumentParser
import Emitters
import Platform
import Providers
import TimelineCache
import TimelineCore
import TimelineKit

/// Options every subcommand that reads the config or the cache shares.
struct CommonOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "Config file (default: $TIMELINE_CONFIG, else $XDG_CONFIG_HOME/timeline/config.toml).", valueName: "file"),
    completion: .file(extensions: ["toml"]))
  var config: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Cache directory (default: $TIMELINE_CACHE_DIR, else $XDG_CACHE_HOME/timeline).", valueName: "dir"),
    completion: .directory)
  var cacheDir: String?

  func validate() throws {
    if cacheDir == nil, let problem = CacheStore.environmentProblem() { throw ValidationError(problem) }
  }

  /// The effective config; a config error exits with status 2.
  func loadConfig() throws -> AppConfig {
    do {
      let config = try ConfigLoader.load(explicit: config)
      for warning in config.warnings { Console.error("warning: \(warning)") }
      let catalogs = Language.catalogs()
      Language.use(Language.resolve(configured: config.language, catalogs: catalogs), catalogs: catalogs)
      return config
    } catch {
      throw CommandFailure.config(error.description)
    }
  }

  var store: CacheStore { CacheStore(directory: cacheDir ?? CacheStore.defaultDirectory()) }

  /// The cached timeline of `widget` and the index of its entry current at `at` (default
  /// now), for `show` and `open`; a bad name or time exits 2, no entry exits 1.
  func currentEntry(_ widget: WidgetName, at: String?) throws -> (Timeline, Int) {
    do {
      return try CurrentEntry.find(
        widget: widget, at: at, store: store, now: SystemClock().now(),
        browse: BrowseStore.session(cache: store.directory), warn: { Console.error("warning: \($0)") },
        config: { try? ConfigLoader.load(explicit: config) })
    } catch .usage(let message) {
      throw CommandFailure.config(message)
    } catch .failed(let message) {
      throw CommandFailure.failed(message)
    }
  }
}

/// `--lock-wait`: how long `refresh` and `reload` wait for a widget another refresh holds.
struct LockWaitOption: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "Seconds to wait for a widget that another refresh is working on; then that widget fails.",
      valueName: "seconds"))
  var lockWait: Int = 15

  func validate() throws {
    guard (0...3600).contains(lockWait) else {
      throw ValidationError("--lock-wait: expected 0 to 3600 seconds, got \(lockWait)")
    }
  }
}

/// `--max-width` and `--gurmukhi`, the rendering options `emit` and `preview` share; each
/// command checks the values its own way (`emit` through the emitter's own parser).
struct RenderFlags: ParsableArguments {
  @Option(help: "Cut the text to this many display columns, ending in …")
  var maxWidth: Int?

  @Option(
    help: """
      visual (sihari before its consonant; \(OutputFormat.spoken { !$0.traits.shapesComplexScripts })'s default) \
      or logical.
      """,
    completion: .list(GurmukhiOrder.allCases.map(\.rawValue)))
  var gurmukhi: String?
}
