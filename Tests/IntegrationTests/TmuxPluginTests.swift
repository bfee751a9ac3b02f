import Foundation
import Testing
import TimelineTestSupport

/// The tmux plugin (integrations/tmux) loaded into a real tmux server.
@Suite struct TmuxPluginTests {
  static let tmux = TmuxPair.path
  static let plugin = Repo.file("integrations/tmux/timeline.tmux")

  @Test
  func runShellRewritesThePlaceholders() throws {
    let dir = try TempDir()
    let pair = try TmuxPair(tmux: try #require(Self.tmux), dir: dir, prefix: "integ")
    defer { pair.stop() }
    try pair.startInner([
      ["status-right", "#{timeline_hukamnama} | #{timeline_avalanche} %H:%M"],
      ["status-left", "[#{timeline_random-shabad}]"],
      ["@timeline-bin", "/opt/timeline 100%/timeline-emit"],
      ["@timeline-max-width", "40"],
    ])
    let loaded = try pair.run(pair.inner, ["run-shell", Self.plugin])
    #expect(loaded.status == 0, "run-shell: \(loaded.stderr)")
    let right = try pair.run(pair.inner, ["show-options", "-gv", "status-right"]).stdout
    #expect(
      right == "#(/opt/timeline 100%%/timeline-emit tmux hukamnama --max-width 40) | "
        + "#(/opt/timeline 100%%/timeline-emit tmux avalanche --max-width 40) %H:%M\n")
    let left = try pair.run(pair.inner, ["show-options", "-gv", "status-left"]).stdout
    #expect(left == "[#(/opt/timeline 100%%/timeline-emit tmux random-shabad --max-width 40)]\n")

    // Loading it again (re-sourcing tmux.conf) changes nothing: no placeholders are left.
    try pair.run(pair.inner, ["run-shell", Self.plugin])
    #expect(try pair.run(pair.inner, ["show-options", "-gv", "status-right"]).stdout == right)
  }

  @Test
  func defaultsAndSourceFileOfAConfigThatRunsIt() throws {
    let dir = try TempDir()
    let pair = try TmuxPair(tmux: try #require(Self.tmux), dir: dir, prefix: "integ")
    defer { pair.stop() }
    // A user's tmux.conf: placeholders first, then the plugin, as documented.
    let conf = try dir.write(
      "tmux.conf",
      """
      set -g status-right '#{timeline_avalanche}'
      run-shell '\(Self.plugin)'

      """)
    try pair.startInner([])
    let sourced = try pair.run(pair.inner, ["source-file", conf])
    #expect(sourced.status == 0, "source-file: \(sourced.stderr)")
    #expect(
      try pair.run(pair.inner, ["show-options", "-gv", "status-right"]).stdout == "#(timeline-emit tmux avalanche)\n")
  }

  @Test
  func theStatusLineShowsTheWidget() throws {
    let dir = try TempDir()
    let cache = dir.file("cache")
    let preview = try run(Repo.timeline, ["preview", "--keep", cache, "plain"], environment: isolated(dir))
    #expect(preview.status == 0, "preview: \(preview.stderr)")
    let expected = try run(Repo.emit, ["plain", "avalanche"], environment: ["TIMELINE_CACHE_DIR": cache])
      .stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(!expected.isEmpty && expected != "…", "the preview cache has no avalanche entry")

    // The server's global environment (what #() commands get) comes from its start.
    let pair = try TmuxPair(
      tmux: try #require(Self.tmux), dir: dir, prefix: "integ", environment: ["TIMELINE_CACHE_DIR": cache])
    defer { pair.stop() }
    try pair.startInner([
      ["status-interval", "1"],
      ["status-right", "<#{timeline_avalanche}>"],
      ["@timeline-bin", Repo.emit],
    ])
    #expect(try pair.run(pair.inner, ["run-shell", Self.plugin]).status == 0)
    #expect(
      try pair.run(pair.inner, ["show-options", "-gv", "status-right"]).stdout == "<#(\(Repo.emit) tmux avalanche)>\n")
    try pair.attach()
    let line = try pair.waitForStatus { $0.contains(expected) }
    #expect(line.hasSuffix("<\(expected)>"), "status line: \(line)")
  }

  /// `@timeline-browse` binds the wheel on the status line to `timeline browse`. tmux
  /// mouse events cannot be injected into the attached client here (tmux 3.3a ignored
  /// SGR wheel reports on the status row written into the outer pane), so the test
  /// checks the bindings and runs their command list as tmux would.
  @Test
  func theWheelBindingBrowsesTheWidget() throws {
    let dir = try TempDir()
    mkdir(dir.file("run"), 0o700)
    let config = try dir.write(
      "config.toml",
      """
      [widgets.w]
      kind = "command"
      command = ["/bin/sh", "-c", "now=$(date +%s); printf '{\\"entries\\":[{\\"date\\":%s,\\"text\\":\\"NOW\\"},{\\"date\\":%s,\\"text\\":\\"LATER\\"}]}' $now $((now+10800))"]
      """)
    let env = ["TIMELINE_CACHE_DIR": dir.file("cache"), "TIMELINE_CONFIG": config, "XDG_RUNTIME_DIR": dir.file("run")]
    let refreshed = try run(Repo.timeline, ["refresh"], environment: isolated(dir, env))
    #expect(refreshed.status == 0, "\(refreshed.stderr)")
    let pair = try TmuxPair(tmux: try #require(Self.tmux), dir: dir, prefix: "integ", environment: env)
    defer { pair.stop() }
    try pair.startInner([
      ["mouse", "on"], ["status-right", "<#{timeline_w}>"], ["@timeline-bin", Repo.emit],
      ["@timeline-browse", "w"], ["@timeline-browse-bin", Repo.timeline],
    ])
    #expect(try pair.run(pair.inner, ["run-shell", Self.plugin]).status == 0)
    // list-keys pads the key column; compare with single spaces.
    let keys = try pair.run(pair.inner, ["list-keys", "-T", "root"]).stdout
      .split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
    for (key, move) in [("WheelDownStatusRight", "next"), ("WheelUpStatusRight", "prev")] {
      let binding =
        "bind-key -T root \(key) run-shell \"\(Repo.timeline) browse w \(move) --quiet\" \\; refresh-client -S"
      #expect(keys.contains(binding), "\(keys)")
    }
    try pair.attach()
    #expect(try pair.waitForStatus { $0.hasSuffix("<NOW>") }.hasSuffix("<NOW>"))
    // "in 3 h ▸", or a day word when 3 h from now is another day.
    for (move, shown) in [("next", " ▸ LATER>"), ("prev", "<NOW>")] {
      let bound = try pair.run(
        pair.inner,
        [
          "run-shell", "\(Repo.timeline) browse w \(move) --quiet", ";", "refresh-client", "-S",
        ])
      #expect(bound.status == 0, "\(bound.stderr)")
      let line = try pair.waitForStatus { $0.hasSuffix(shown) }
      #expect(line.hasSuffix(shown), "after \(move): \(line)")
    }
  }
}
