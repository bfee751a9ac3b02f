import ArgumentParser
import Emitters
import Glibc
import TimelineCache
import TimelineCore
import TimelineKit

extension TimelineCommand {
  /// `timeline show WIDGET`: the whole current entry in the terminal, e.g. every verse of
  /// a shabad with its visraam colours, transliteration and translation. Generic over
  /// `Entry.detail`, so every kind that fills it works; others show text and tooltip.
  /// Where entries are days (kind `avalanche`), every later day follows the current one;
  /// for other kinds later entries are different content (random-shabad's next shabads),
  /// so they are printed only with `--all`.
  struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print the current entry of a widget in full (e.g. the whole shabad).",
      discussion: """
        Reads the cache only; it never fetches. For avalanche widgets the warning of \
        every day in the timeline is printed, from the current day on; --all does the \
        same for any kind (e.g. the coming shabads of random-shabad). Colours are 24-bit \
        ANSI, used only when standard output is a terminal and NO_COLOR is not set. \
        Exits 1 when the widget has no current entry (run `timeline refresh WIDGET`), \
        or when WIDGET is not configured.
        """)

    @Argument(help: "The widget name, as in [widgets.NAME].")
    var widget: String

    @Option(help: ArgumentHelp(
      "Show the entry current at this instant instead of now (ISO 8601, e.g. 2026-03-02T09:00+05:30; UTC without a zone).",
      valueName: "time"))
    var at: String?

    @Flag(help: "Also print every later entry, whatever the kind.")
    var all = false

    @Option(name: .long, help: ArgumentHelp("Cache directory (default: $TIMELINE_CACHE_DIR, else $XDG_CACHE_HOME/timeline).", valueName: "dir"))
    var cacheDir: String?

    /// Kinds whose entries are consecutive days of one forecast.
    static let dayKinds: Set<String> = ["avalanche"]

    func run() async throws {
      try await exiting {
        let (timeline, index) = try CurrentEntry.find(widget: widget, at: at, cacheDir: cacheDir)
        let color = isatty(STDOUT_FILENO) == 1 && (Environment.get("NO_COLOR") ?? "").isEmpty
          && Environment.get("TERM") != "dumb"
        var entries = [timeline.entries[index]]
        if all || Self.dayKinds.contains(timeline.kind) {
          entries += timeline.entries[(index + 1)...].filter { entry in timeline.end.map { entry.date < $0 } ?? true }
        }
        for index in entries.indices { entries[index].detail = timeline.detail(of: entries[index]) }
        let rule = Terminal.line([TextRun(String(repeating: "─", count: 40), color: "#9aa5b1")], color: color)
        print(entries.map { Self.render($0, color: color) }.joined(separator: "\n\n" + rule + "\n\n"))
        return 0
      }
    }

    /// One entry: its detail (else text and tooltip), then its link unless the detail
    /// already names it (the avalanche detail ends with "Full warning: <link>").
    static func render(_ entry: Entry, color: Bool) -> String {
      var lines = entry.detail
      if lines.isEmpty {
        lines = [entry.runs] + (entry.tooltip.isEmpty ? [] : [[]]) + entry.tooltip.map { [TextRun($0)] }
      }
      var out = lines.map { Terminal.line($0, color: color) }.joined(separator: "\n")
      if let url = entry.url, !lines.contains(where: { $0.plainText.contains(url) }) {
        out += "\n\n" + Terminal.line([TextRun(url, color: "#7aa2f7")], color: color)
      }
      return out
    }
  }
}

/// Reading the entry `show` and `open` act on.
enum CurrentEntry {
  static func load(widget: String, at: String?, cacheDir: String?) throws -> Entry {
    let (timeline, index) = try find(widget: widget, at: at, cacheDir: cacheDir)
    return timeline.entries[index]
  }

  /// The cached timeline and the index of its entry current at `at` (default now).
  static func find(widget: String, at: String?, cacheDir: String?) throws -> (Timeline, Int) {
    let store = CacheStore(directory: cacheDir ?? CacheStore.defaultDirectory())
    guard let path = store.path(for: widget) else {
      throw Failure.config("invalid widget name \"\(widget)\": \(CacheStore.nameRule)")
    }
    var now = SystemClock().now()
    if let at {
      guard let instant = ISO8601.parse(at) else {
        throw Failure.config("--at: expected an ISO 8601 time like 2026-03-02T09:00:00Z, got \"\(at)\"")
      }
      now = instant
    }
    let timeline: Timeline
    do {
      timeline = try CacheReader.timeline(path: path)
    } catch .missing {
      // A name the config lacks is a typo, not a widget to refresh.
      if let config = try? ConfigLoader.load(), config.widget(widget) == nil {
        throw Failure.failed(config.unknownWidget(widget))
      }
      throw Failure.failed("no cache for widget \"\(widget)\" in \(store.directory); run `timeline refresh \(widget)`")
    } catch {
      throw Failure.failed(error.description)
    }
    guard !Selection.isExpired(end: timeline.end, now: now),
      let index = Selection.currentIndex(dates: timeline.entries.count, dateAt: { timeline.entries[$0].date }, now: now)
    else {
      let when = at == nil ? "now" : "at \(ISOTime.format(now))"
      throw Failure.failed("widget \"\(widget)\" has no current entry \(when); run `timeline refresh \(widget)`")
    }
    return (timeline, index)
  }
}

/// Styled runs as terminal text.
enum Terminal {
  static func line(_ runs: [TextRun], color: Bool) -> String {
    runs.map { run in
      let text = clean(run.text)
      guard color, run.color != nil || run.bold else { return text }
      var codes: [String] = []
      if run.bold { codes.append("1") }
      if let rgb = run.color.flatMap(Self.rgb) { codes.append("38;2;\(rgb.0);\(rgb.1);\(rgb.2)") }
      return "\u{1B}[" + codes.joined(separator: ";") + "m" + text + "\u{1B}[0m"
    }.joined()
  }

  static func rgb(_ hex: String) -> (Int, Int, Int)? {
    guard let valid = TextRun.validColor(hex), let value = Int(valid.dropFirst(), radix: 16) else { return nil }
    return (value >> 16 & 0xff, value >> 8 & 0xff, value & 0xff)
  }

  /// Cache text is data from the network or a script: a stray ESC could rewrite the
  /// terminal, so it gets the emitters' clean-up (controls dropped, line breaks spaced).
  static func clean(_ text: String) -> String { Sanitise.text(text) }
}
