import EmitTestSupport
import Foundation
import Testing
import TimelineCore
import TimelineTestSupport

/// A real tmux status line. tmux runs `#()` jobs only for an attached client, and
/// capture-pane never shows a status line, so an inner server draws the status line to a
/// client attached from inside a pane of an outer server, whose pane we capture (the
/// approach of shared/tools/bar-shot-tmux).
@Suite(.serialized) struct TmuxRealTests {
  static let tmux = TmuxPair.path

  @Test
  func statusLineShowsTheEntryAndHostileStylesLiterally() throws {
    let tmux = try #require(Self.tmux)
    let dir = try TempDir()
    Caches.write(
      Caches.timeline(entries: [
        Entry(
          date: 0,
          runs: [TextRun("tmux-ok", color: "#ff9900"), TextRun(" #[fg=red]literal ##x #{pane_id} #(echo pwned) end#")],
          alt: "a")
      ]), in: dir.path)
    let pair = try TmuxPair(tmux: tmux, prefix: "emit-test", width: 160)
    defer { pair.stop() }
    let command = "env TIMELINE_CACHE_DIR=\(dir.path) \(Paths.binary("timeline-emit")) tmux w"
    let started = try pair.startInner([["status-interval", "1"], ["status-right", "#(\(command))"]])
    #expect(started.session.status == 0)
    for (option, result) in started.options {
      #expect(result.status == 0, "set \(option)")
    }
    _ = try pair.enableRGB()
    #expect(try pair.attach().status == 0)

    let ansi = try pair.waitForStatus(seconds: 20, escapes: true) { $0.contains("pane_id") }
    let plain = ansi.replacingOccurrences(of: "\u{1B}\\[[0-9;:]*m", with: "", options: .regularExpression)
    #expect(plain.contains("tmux-ok #[fg=red]literal ##x #{pane_id} #(echo pwned) end#"), "status line: \(plain)")
    #expect(!plain.contains("pwned\n") && !plain.contains(" pwned "))
    // Our own colour arrives as a 24-bit foreground; the content's `red` never applies.
    #expect(ansi.contains("38;2;255;153;0"), "ansi: \(ansi.debugDescription)")
    #expect(
      !ansi.contains("[31m") && !ansi.contains(";31m") && !ansi.contains("38;5;1m") && !ansi.contains("38;2;255;0;0"))
  }
}
