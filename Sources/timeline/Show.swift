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
  struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print the current entry of a widget in full (e.g. the whole shabad).",
      discussion: """
        Reads the cache only; it never fetches. Colours are 24-bit ANSI, used only when
        standard output is a terminal and NO_COLOR is not set. Exits 1 when the widget
        has no current entry (run `timeline refresh WIDGET`).
        """)

    @Argument(help: "The widget name, as in [widgets.NAME].")
    var widget: String

    @Option(help: ArgumentHelp(
      "Show the entry current at this instant instead of now (ISO 8601, e.g. 2026-03-02T09:00+05:30; UTC without a zone).",
      valueName: "time"))
    var at: String?

    @Option(name: .long, help: ArgumentHelp("Cache directory (default: $TIMELINE_CACHE_DIR, else $XDG_CACHE_HOME/timeline).", valueName: "dir"))
    var cacheDir: String?

    func run() async throws {
      try await exiting {
        let entry = try CurrentEntry.load(widget: widget, at: at, cacheDir: cacheDir)
        let color = isatty(STDOUT_FILENO) == 1 && (Environment.get("NO_COLOR") ?? "").isEmpty
          && Environment.get("TERM") != "dumb"
        var lines = entry.detail
        if lines.isEmpty {
          lines = [entry.runs] + (entry.tooltip.isEmpty ? [] : [[]]) + entry.tooltip.map { [TextRun($0)] }
        }
        var out = lines.map { Terminal.line($0, color: color) }.joined(separator: "\n")
        if let url = entry.url { out += "\n\n" + Terminal.line([TextRun(url, color: "#7aa2f7")], color: color) }
        print(out)
        return 0
      }
    }
  }
}

/// Reading the entry `show` and `open` act on.
enum CurrentEntry {
  static func load(widget: String, at: String?, cacheDir: String?) throws -> Entry {
    let store = CacheStore(directory: cacheDir ?? CacheStore.defaultDirectory())
    guard let path = store.path(for: widget) else {
      throw Failure.config("invalid widget name \"\(widget)\": use [a-z0-9][a-z0-9-]*")
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
      throw Failure.failed("no cache for widget \"\(widget)\" in \(store.directory); run `timeline refresh \(widget)`")
    } catch {
      throw Failure.failed(error.description)
    }
    guard let entry = timeline.current(at: now) else {
      let when = at == nil ? "now" : "at \(ISOTime.format(now))"
      throw Failure.failed("widget \"\(widget)\" has no current entry \(when); run `timeline refresh \(widget)`")
    }
    return entry
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
  /// terminal, so every control character goes (tab and newline become spaces).
  static func clean(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x09, 0x0A, 0x0D, 0x2028, 0x2029: out.append(" ")
      case 0..<0x20, 0x7F, 0x80..<0xA0: continue
      default: out.append(scalar)
      }
    }
    return String(out)
  }
}
