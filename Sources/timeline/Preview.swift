import ArgumentParser
import Emitters
import Glibc
import TimelineCache
import TimelineCore
import TimelineKit

extension TimelineCommand {
  /// `timeline preview`: what each widget looks like in each bar, from bundled sample
  /// data, with no network and no config. The first command to run after installing.
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

    @Argument(help: "Only this format: plain, waybar, polybar, tmux or i3bar.")
    var format: String?

    @Option(help: ArgumentHelp("Preview the widgets of this config file instead of the built-in set.", valueName: "file"))
    var config: String?

    @Option(help: ArgumentHelp("Write the sample cache to this directory and keep it (for screenshots).", valueName: "dir"))
    var keep: String?

    @Option(help: "Cut the text to this many display columns, ending in …")
    var maxWidth: Int?

    @Option(help: "visual (sihari before its consonant; polybar's default) or logical.")
    var gurmukhi: String?

    func validate() throws {
      if let format, OutputFormat(rawValue: format) == nil {
        throw ValidationError("unknown format \"\(format)\" (plain, waybar, polybar, tmux, i3bar)")
      }
      if let gurmukhi, GurmukhiOrder(rawValue: gurmukhi) == nil {
        throw ValidationError("--gurmukhi must be visual or logical, got \"\(gurmukhi)\"")
      }
      if let maxWidth, maxWidth < 1 { throw ValidationError("--max-width must be at least 1") }
    }

    func run() async throws {
      try await exiting {
        let appConfig: AppConfig
        do {
          appConfig = try config.map { try ConfigLoader.load(explicit: $0) } ?? TimelineKit.Preview.config()
        } catch let error as ConfigError {
          throw Failure.config(error.description)
        }
        let directory: String
        var temporary: String?
        if let keep {
          directory = keep
        } else {
          directory = try Self.makeTemporaryDirectory()
          temporary = directory
        }
        defer { if let temporary { Self.remove(temporary) } }
        let clock = SystemClock()
        let filled: [TimelineKit.Preview.Filled]
        do {
          filled = try TimelineKit.Preview.fill(appConfig, store: CacheStore(directory: directory), clock: clock)
        } catch let error as ConfigError {
          throw Failure.config(error.description)
        } catch {
          throw Failure.failed("could not write the sample cache in \(directory): \(error)")
        }
        let formats = format.flatMap(OutputFormat.init(rawValue:)).map { [$0] } ?? TimelineKit.Preview.formats
        let options = RenderOptions(maxWidth: maxWidth, gurmukhi: gurmukhi.flatMap(GurmukhiOrder.init(rawValue:)))
        print(TimelineKit.Preview.report(widgets: filled, formats: formats, directory: directory, now: clock.now(), options: options))
        if keep != nil {
          Console.error("sample cache kept in \(directory); try: TIMELINE_CACHE_DIR=\(directory) timeline-emit waybar \(filled.first?.widget ?? "WIDGET")")
        }
        return 0
      }
    }

    static func makeTemporaryDirectory() throws -> String {
      let base = Environment.get("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
      var template = Array((base + "/timeline-preview-XXXXXX").utf8CString)
      guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
        throw Failure.failed("could not create a temporary directory in \(base)")
      }
      return String(cString: made)
    }

    /// Removes the temporary cache: only regular files directly inside, then the directory.
    static func remove(_ directory: String) {
      if let dir = opendir(directory) {
        while let entry = readdir(dir) {
          let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
          }
          if name != "." && name != ".." { unlink(directory + "/" + name) }
        }
        closedir(dir)
      }
      rmdir(directory)
    }
  }
}
