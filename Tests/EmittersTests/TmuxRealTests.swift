import Foundation
import Testing
import TimelineCore

/// A real tmux status line. tmux runs `#()` jobs only for an attached client, and
/// capture-pane never shows a status line, so an inner server draws the status line to a
/// client attached from inside a pane of an outer server, whose pane we capture (the
/// approach of shared/tools/bar-shot-tmux).
@Suite(.serialized) struct TmuxRealTests {
  static let tmux: String? = {
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
      let path = "\(dir)/tmux"
      if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
  }()

  @Test(.enabled(if: tmux != nil, "tmux is not on PATH (`make deps` installs it)"))
  func statusLineShowsTheEntryAndHostileStylesLiterally() throws {
    let tmux = try #require(Self.tmux)
    let dir = TempDir()
    Caches.write(
      Caches.timeline(entries: [
        Entry(
          date: 0,
          runs: [TextRun("tmux-ok", color: "#ff9900"), TextRun(" #[fg=red]literal ##x #{pane_id} #(echo pwned) end#")],
          alt: "a")
      ]), in: dir.path)
    let tag = "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let inner = "emit-test-in-\(tag)"
    let outer = "emit-test-out-\(tag)"
    let width = 160
    func run(_ socket: String, _ arguments: [String]) throws -> Products.Result {
      try Products.run("/usr/bin/env", ["-u", "TMUX", tmux, "-L", socket, "-f", "/dev/null"] + arguments)
    }
    defer {
      for socket in [outer, inner] {
        let pid = (try? run(socket, ["display", "-p", "#{pid}"]))?.text.trimmingCharacters(in: .whitespacesAndNewlines)
        let path = (try? run(socket, ["display", "-p", "#{socket_path}"]))?.text.trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try? run(socket, ["kill-server"])
        if let pid, let number = Int32(pid) { kill(number, SIGKILL) }
        if let path, !path.isEmpty { try? FileManager.default.removeItem(atPath: path) }
      }
    }
    let command = "env TIMELINE_CACHE_DIR=\(dir.path) \(Products.path("timeline-emit")) tmux w"
    #expect(try run(inner, ["new-session", "-d", "-s", "t", "-x", "\(width)", "-y", "4", "exec sleep 100000"]).status == 0)
    for option in [
      ["status", "on"], ["status-interval", "1"], ["status-left", ""], ["status-right-length", "\(width)"],
      ["window-status-format", ""], ["window-status-current-format", ""], ["window-status-separator", ""],
      ["status-right", "#(\(command))"],
    ] {
      #expect(try run(inner, ["set", "-g"] + option).status == 0, "set \(option)")
    }
    _ = try run(inner, ["set", "-as", "terminal-features", ",*:RGB"])
    #expect(
      try run(outer, [
        "new-session", "-d", "-s", "o", "-x", "\(width)", "-y", "4",
        "env -u TMUX \(tmux) -u -L \(inner) -f /dev/null attach -t t",
      ]).status == 0)

    var ansi = ""
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline {
      ansi = try run(outer, ["capture-pane", "-p", "-e", "-t", "o", "-S", "3", "-E", "3"]).text
      if ansi.contains("pane_id") { break }
      usleep(100_000)
    }
    let plain = ansi.replacingOccurrences(of: "\u{1B}\\[[0-9;:]*m", with: "", options: .regularExpression)
    #expect(plain.contains("tmux-ok #[fg=red]literal ##x #{pane_id} #(echo pwned) end#"), "status line: \(plain)")
    #expect(!plain.contains("pwned\n") && !plain.contains(" pwned "))
    // Our own colour arrives as a 24-bit foreground; the content's `red` never applies.
    #expect(ansi.contains("38;2;255;153;0"), "ansi: \(ansi.debugDescription)")
    #expect(!ansi.contains("[31m") && !ansi.contains(";31m") && !ansi.contains("38;5;1m") && !ansi.contains("38;2;255;0;0"))
  }
}
