import Foundation
import Testing
import TimelineTestSupport

/// `timeline reload`: refresh now, then nudge whatever bars run; absent bars are no error.
@Suite struct ReloadTests {
  static let tmux = TmuxPair.path

  @Test func withNoBarRunningItExitsZeroAndSaysSo() throws {
    let dir = try TempDir()
    let config = try countdownConfig(
      in: dir, target: isoDate(daysFromNow: 10),
      extra: """
        [bars]
        waybar_signal = 9
        polybar_modules = ["timeline-countdown-ipc"]
        tmux = true
        """)
    // TMUX_TMPDIR is an empty directory: no tmux server of ours is found there.
    let result = try run(
      Repo.timeline, ["reload", "--config", config, "--cache-dir", dir.file("cache")],
      environment: isolated(dir, ["XDG_RUNTIME_DIR": dir.file("runtime")]))
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix("countdown: refreshed") }, "\(lines)")
    // One line per bar, saying it was not nudged (a waybar of another test or of the
    // machine may run under our uid; then it was signalled, which waybar handles).
    let waybar = try #require(lines.first { $0.hasPrefix("waybar: ") })
    #expect(
      waybar == "waybar: not running" || waybar == "waybar: sent SIGRTMIN+9" || waybar.contains("pkill not found"))
    let polybar = try #require(lines.first { $0.hasPrefix("polybar: ") })
    #expect(polybar.hasPrefix("polybar: not running") || polybar.hasPrefix("polybar: ran hook 0"), "\(polybar)")
    #expect(lines.contains("tmux: not running"), "\(lines)")
    #expect(result.stderr.isEmpty, "\(result.stderr)")
  }

  @Test func withoutBarSettingsItSaysWhyNothingWasNudged() throws {
    let dir = try TempDir()
    let config = try countdownConfig(in: dir, target: isoDate(daysFromNow: 3), extra: "[bars]\ntmux = false\n")
    let result = try run(
      Repo.timeline, ["reload", "--config", config, "--cache-dir", dir.file("cache")], environment: isolated(dir))
    #expect(result.status == 0)
    #expect(result.stdout.contains("waybar: not nudged: no [bars] waybar_signal"))
    #expect(result.stdout.contains("polybar: not nudged: no [bars] polybar_modules"))
    #expect(result.stdout.contains("tmux: not nudged: [bars] tmux = false"))
  }

  @Test func aFailedRefreshExitsOneButStillNudges() throws {
    let dir = try TempDir()
    let config = try dir.write(
      "config.toml",
      """
      [widgets.broken]
      kind = "command"
      command = ["/bin/false"]

      """)
    let result = try run(
      Repo.timeline, ["reload", "--config", config, "--cache-dir", dir.file("cache")], environment: isolated(dir))
    #expect(result.status == 1)
    #expect(result.stderr.contains("broken: failed"))
    #expect(result.stdout.contains("tmux: not running"))
  }

  /// A real tmux whose status line never redraws by itself (status-interval 0): only the
  /// nudge from `timeline reload` can make it show the refreshed widget.
  @Test
  func itRedrawsARunningTmuxStatusLine() throws {
    let dir = try TempDir()
    let cache = dir.file("cache")
    let config = try countdownConfig(in: dir, target: isoDate(daysFromNow: 10.5))
    let pair = try TmuxPair(
      tmux: try #require(Self.tmux), dir: dir, prefix: "integ", environment: ["TIMELINE_CACHE_DIR": cache])
    defer { pair.stop() }
    try pair.startInner([["status-interval", "0"], ["status-right", "<#(\(Repo.emit) tmux countdown)>"]])
    try pair.attach()
    let before = try pair.waitForStatus { $0.hasSuffix("<countdown…>") }
    #expect(before.hasSuffix("<countdown…>"), "no cache yet: the placeholder; got \(before)")

    // The cache changes, but nothing redraws the status line.
    let env = isolated(dir, ["TMUX_TMPDIR": dir.path])
    #expect(
      try run(Repo.timeline, ["refresh", "--config", config, "--cache-dir", cache], environment: env).status == 0)
    usleep(2_500_000)
    #expect(try pair.statusLine().hasSuffix("<countdown…>"))

    let result = try run(Repo.timeline, ["reload", "--config", config, "--cache-dir", cache], environment: env)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("tmux: refreshed the status line of servers"), "\(result.stdout)")
    #expect(result.stdout.contains("\(pair.inner) (1 client)"), "\(result.stdout)")
    let after = try pair.waitForStatus { $0.contains("Launch in") }
    #expect(after.hasSuffix("<Launch in 11 days>"), "after reload: \(after)")
  }
}
