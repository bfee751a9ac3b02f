import ArgumentParser
import Emitters
import Platform
import Providers
import TimelineCache
import TimelineCore
import TimelineKit

extension TimelineCommand {
  struct Preview: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show every widget in every bar format, from bundled sample data (no network).",
      discussion: """
        Fills a temporary cache from each provider's snapshot (sample data shipped with \
        timeline) and prints what `timeline-emit FORMAT WIDGET` prints for it. Without \
        --config it previews the default widgets plus one of each kind (favourites, a \
        Swedish avalanche area, a command widget); with --config, your widgets. Your own \
        cache is never touched.
        To see one in a real bar: timeline preview --keep /tmp/pv, then run the bar with \
        TIMELINE_CACHE_DIR=/tmp/pv.
        """)

    @Argument(
      help: "Only this format: \(OutputFormat.spoken(TimelineKit.Preview.formats)).",
      completion: .list(TimelineKit.Preview.formats.map(\.name)))
    var format: String?

    @Option(
      help: ArgumentHelp("Preview the widgets of this config file instead of the built-in set.", valueName: "file"))
    var config: String?

    @Option(
      help: ArgumentHelp("Write the sample cache to this directory and keep it (for screenshots).", valueName: "dir"))
    var keep: String?

    @OptionGroup var render: RenderFlags

    func validate() throws {
      if let format, OutputFormat.named(format) == nil {
        throw ValidationError("unknown format \"\(format)\" (\(OutputFormat.nameList))")
      }
      if let gurmukhi = render.gurmukhi, GurmukhiOrder(rawValue: gurmukhi) == nil {
        throw ValidationError("--gurmukhi must be visual or logical, got \"\(gurmukhi)\"")
      }
      if let maxWidth = render.maxWidth, maxWidth < 1 { throw ValidationError("--max-width must be at least 1") }
    }

    func run() async throws {
      try await exiting {
        let appConfig = try config.map { try ConfigLoader.load(explicit: $0) } ?? TimelineKit.Preview.config()
        let catalogs = Language.catalogs()
        Language.use(Language.resolve(configured: appConfig.language, catalogs: catalogs), catalogs: catalogs)
        let directory: String
        var temporary: String?
        if let keep {
          directory = keep
        } else {
          guard let made = PreviewCache.makeTemporary() else {
            throw CommandFailure.failed("could not create a temporary directory in \(PreviewCache.temporaryBase)")
          }
          directory = made
          temporary = directory
        }
        defer { if let temporary { PreviewCache.remove(temporary) } }
        let clock = SystemClock()
        let filled: [TimelineKit.Preview.Filled]
        do {
          filled = try TimelineKit.Preview.fill(appConfig, store: CacheStore(directory: directory), clock: clock)
        } catch let error as ConfigError {
          throw error
        } catch {
          throw CommandFailure.failed("could not write the sample cache in \(directory): \(error)")
        }
        try? CacheStore(directory: directory).writeWords(Language.emitterWords())
        let formats = format.flatMap(OutputFormat.named).map { [$0] } ?? TimelineKit.Preview.formats
        let options = RenderOptions(
          maxWidth: render.maxWidth, gurmukhi: render.gurmukhi.flatMap(GurmukhiOrder.init(rawValue:)))
        print(
          TimelineKit.Preview.report(
            widgets: filled, formats: formats, directory: directory, now: clock.now(), options: options))
        if keep != nil {
          Console.error(
            "sample cache kept in \(directory); try: TIMELINE_CACHE_DIR=\(directory) timeline-emit waybar \(filled.first?.widget.text ?? "WIDGET")"
          )
        }
        return 0
      }
    }
  }
}
