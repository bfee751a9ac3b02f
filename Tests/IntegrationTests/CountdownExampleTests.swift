import Foundation
import Testing
import TimelineTestSupport

/// examples/countdown.sh as a `command` widget, end to end: `timeline refresh` runs it and
/// caches its timeline; `timeline-emit` prints the current entry for each bar.
@Suite struct CountdownExampleTests {
  @Test
  func refreshThenEmit() throws {
    let dir = try TempDir()
    let cache = dir.file("cache")
    // Whole seconds, as the target is written.
    let target = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 20.5 * 86_400).rounded(.down))
    let config = try countdownConfig(in: dir, target: isoDate(target), label: "Gurpurab & <b>")
    let refresh = try run(
      Repo.timeline, ["refresh", "--config", config, "--cache-dir", cache], environment: isolated(dir))
    #expect(refresh.status == 0, "\(refresh.stderr)")
    #expect(refresh.stderr.contains("countdown: refreshed, 15 entries"), "\(refresh.stderr)")

    let env = ["TIMELINE_CACHE_DIR": cache]
    #expect(try run(Repo.emit, ["plain", "countdown"], environment: env).stdout == "Gurpurab & <b> in 21 days\n")
    // waybar: valid JSON, the label Pango-escaped, the script's class kept.
    let waybar = try run(Repo.emit, ["waybar", "countdown"], environment: env).stdout
    let object = try #require(try JSONSerialization.jsonObject(with: Data(waybar.utf8)) as? [String: Any])
    #expect((object["text"] as? String)?.contains("Gurpurab &amp; &lt;b&gt; in 21 days") == true, "\(waybar)")
    #expect((object["class"] as? [String])?.contains("countdown") == true)
    #expect((object["tooltip"] as? String)?.hasPrefix("Gurpurab &amp; &lt;b&gt;\n") == true, "\(waybar)")
    // tmux and polybar carry the script's colour.
    #expect(try run(Repo.emit, ["tmux", "countdown"], environment: env).stdout.contains("#[fg=#88c0d0]"))
    #expect(try run(Repo.emit, ["polybar", "countdown"], environment: env).stdout.contains("%{F#88c0d0}"))
    // The entries were cached ahead, one at each local midnight. What tomorrow's says
    // depends on the time of day now (the target is 20.5 days from now, so after noon it
    // is still 21 days away at midnight); the day after, the count is one less.
    let calendar = Calendar.current
    let today = calendar.startOfDay(for: Date())
    let tomorrow = try #require(calendar.date(byAdding: .day, value: 1, to: today))
    let dayAfter = try #require(calendar.date(byAdding: .day, value: 2, to: today))
    let days = Int((target.timeIntervalSince(tomorrow) / 86_400).rounded(.up))
    for (midnight, count) in [(tomorrow, days), (dayAfter, days - 1)] {
      let at = isoDate(midnight.addingTimeInterval(3_600))
      let shown = try run(Repo.emit, ["plain", "countdown", "--at", at], environment: env).stdout
      #expect(shown == "Gurpurab & <b> in \(count) days\n", "at \(at)")
    }
  }

  @Test
  func theDayItselfAndBadInput() throws {
    let dir = try TempDir()
    let script = Repo.file("examples/countdown.sh")
    let soon = try run(script, [isoDate(daysFromNow: -0.1), "Now"])
    #expect(soon.status == 0)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(soon.stdout.utf8)) as? [String: Any])
    let entries = try #require(object["entries"] as? [[String: Any]])
    #expect(entries.count == 1 && entries[0]["text"] as? String == "Now: today")
    #expect(object["end"] is NSNumber && object["policy"] as? String == "atEnd")

    let bad = try run(script, ["not a date"])
    #expect(bad.status == 2 && bad.stderr.contains("cannot read the date"))
    // Through the widget, a failing script keeps the placeholder and says why.
    let config = try dir.write(
      "config.toml", "[widgets.countdown]\nkind = \"command\"\ncommand = [\"\(script)\", \"not a date\"]\n")
    let refresh = try run(
      Repo.timeline, ["refresh", "--config", config, "--cache-dir", dir.file("cache")], environment: isolated(dir))
    #expect(
      refresh.status == 1
        && refresh.stderr.contains("countdown.sh exited with status 2: countdown.sh: cannot read the date"))
  }
}
