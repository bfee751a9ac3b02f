import EmitTestSupport
import Foundation
import Testing
import TimelineCore
import TimelineTestSupport

/// The widget inside a user's own status style, in a real tmux: `#[default]` after a
/// coloured run must return to the user's style, not to tmux's; stale text is dimmed in
/// the user's colours; level 5 is a white-on-black badge.
@Suite(.serialized) struct TmuxStyleTests {
  /// The status line's cells with `status-right` = `format`, where `WIDGET` is replaced by
  /// the real emitter reading `entries` as widget `w`; `stale` moves the clock so that the
  /// timeline is overdue.
  static func cells(format: String, runs: [TextRun], level: Int? = nil, stale: Bool = false) throws -> [TerminalCell] {
    let tmux = try #require(TmuxPair.path, "tmux is not on PATH (`make deps` installs it)")
    let dir = try TempDir()
    Caches.write(
      Caches.timeline(
        entries: [Entry(date: 0, runs: runs, alt: "a", level: level)], policy: stale ? .after(100) : .never, grace: 60),
      in: dir.path)
    let pair = try TmuxPair(tmux: tmux, prefix: "style-test", width: 100)
    defer { pair.stop() }
    let command = "env TIMELINE_CACHE_DIR=\(dir.path) \(Paths.binary("timeline-emit")) tmux w"
    let right = format.replacingOccurrences(of: "WIDGET", with: "#(\(command))")
    let started = try pair.startInner([
      ["status-interval", "1"], ["status-style", "bg=green,fg=black"], ["status-right", right],
    ])
    for (option, result) in started.options { #expect(result.status == 0, "set \(option): \(result.stderr)") }
    try pair.enableRGB()
    #expect(try pair.attach().status == 0)
    // Until the widget's own last run shows (a capture can precede the job's first output).
    let last = runs.last?.text.trimmingCharacters(in: .whitespaces) ?? ""
    let line = try pair.waitForStatus(seconds: 20, escapes: true) { $0.contains("after") && $0.contains(last) }
    return TerminalCells.parse(line)
  }

  static func style(_ text: String, in cells: [TerminalCell]) throws -> TerminalCell {
    let found = try #require(
      TerminalCells.find(text, in: cells), "\"\(text)\" is not on the status line: \(String(cells.map(\.character)))")
    let first = try #require(found.first)
    #expect(
      found.allSatisfy {
        $0.foreground == first.foreground && $0.background == first.background && $0.bold == first.bold
          && $0.dim == first.dim
      })
    return first
  }

  @Test func surroundingStyleIsKeptAroundAndAfterTheWidget() throws {
    let cells = try Self.cells(
      format: "#[fg=white,bg=blue] WIDGET more #[default]after",
      runs: [
        TextRun("ਸੋ ਦਰੁ "), TextRun("RED", color: "#ff0000", bold: true), TextRun(" mid "),
        TextRun("GRN", color: "#00ff00"), TextRun(" END"),
      ])
    let red = try Self.style("RED", in: cells)
    #expect(red.foreground == "#ff0000" && red.background == "ansi4" && red.bold)
    let green = try Self.style("GRN", in: cells)
    #expect(green.foreground == "#00ff00" && green.background == "ansi4" && !green.bold)
    // Between and after the coloured runs: the user's white on blue, not tmux's black on green.
    for text in ["mid", "END", "more"] {
      let cell = try Self.style(text, in: cells)
      #expect(cell.foreground == "ansi7" && cell.background == "ansi4" && !cell.bold, "\(text): \(cell)")
    }
    // The user's own #[default] still means the status style.
    let after = try Self.style("after", in: cells)
    #expect(after.foreground == "ansi0" && after.background == "ansi2", "after: \(after)")
  }

  @Test func staleIsDimmedInTheUsersColours() throws {
    let cells = try Self.cells(
      format: "#[fg=white,bg=blue] WIDGET more #[default]after",
      runs: [TextRun("old ", color: "#ff0000"), TextRun("END")], stale: true)
    let old = try Self.style("old", in: cells)
    #expect(old.dim && old.foreground == "ansi7" && old.background == "ansi4", "old: \(old)")
    let more = try Self.style("more", in: cells)
    #expect(!more.dim && more.foreground == "ansi7" && more.background == "ansi4")
  }

  @Test func levelFiveIsAWhiteOnBlackBadge() throws {
    let cells = try Self.cells(
      format: "WIDGET END #[default]after", runs: [TextRun("Lyngen 5", color: "#000000", bold: true)], level: 5)
    let badge = try Self.style("Lyngen 5", in: cells)
    #expect(badge.foreground == "#ffffff" && badge.background == "#000000" && badge.bold, "badge: \(badge)")
    let end = try Self.style("END", in: cells)
    #expect(end.foreground == "ansi0" && end.background == "ansi2")
  }
}
