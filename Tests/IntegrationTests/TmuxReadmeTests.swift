import Foundation
import Testing
import TimelineTestSupport

/// integrations/tmux/README.md followed to the letter in a real tmux.
@Suite struct TmuxReadmeTests {
  /// The README's first tmux block (the placeholders and options), then the plugin loaded
  /// as the README says: the clock shows as a time, not as a literal `%H:%M`.
  @Test func theExampleConfigShowsTheClock() throws {
    let tmux = try #require(TmuxPair.path, "tmux is not on PATH (`make deps` installs it)")
    let readme = try Repo.text("integrations/tmux/README.md")
    let block = try #require(
      readme.components(separatedBy: "```tmux\n").dropFirst().first?.components(separatedBy: "```").first)
    #expect(block.contains("status-right"))
    let dir = try TempDir()
    let cache = dir.file("cache")
    #expect(try run(Repo.timeline, ["preview", "--keep", cache, "plain"], environment: isolated(dir)).status == 0)
    let conf = try dir.write(
      "tmux.conf",
      "set -g @timeline-bin '\(Repo.emit)'\nset -g status-interval 1\n" + block
        + "run-shell '\(Repo.file("integrations/tmux/timeline.tmux"))'\n")
    let pair = try TmuxPair(
      tmux: tmux, dir: dir, prefix: "readme", width: 160, environment: ["TIMELINE_CACHE_DIR": cache])
    defer { pair.stop() }
    try pair.startInner([])
    let sourced = try pair.run(pair.inner, ["source-file", conf])
    #expect(sourced.status == 0, "source-file: \(sourced.stderr)")
    try pair.attach()
    let line = try pair.waitForStatus { $0.contains("|") && !$0.contains("not ready") }
    #expect(!line.contains("%H") && !line.contains("%M"), "status line: \(line)")
    #expect(
      line.range(of: #"[0-2][0-9]:[0-5][0-9]\s*$"#, options: .regularExpression) != nil, "no clock at the end: \(line)")
  }

  /// TPM's install and update keys need a git repository, which the installed plugin is
  /// not: the docs offer only `run-shell`.
  @Test func onlyTheRunShellRouteIsDocumented() throws {
    for file in [
      "integrations/tmux/README.md", "integrations/tmux/timeline.tmux", "integrations/README.md", "README.md",
    ] {
      let text = try Repo.text(file)
      #expect(!text.contains("@plugin"), "\(file) still tells TPM to install the plugin")
      #expect(!text.contains("TPM plugin") && !text.contains("TPM-style"), "\(file)")
    }
    #expect(try Repo.text("integrations/tmux/README.md").contains("run-shell "))
  }
}
