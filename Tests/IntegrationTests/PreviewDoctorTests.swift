import Foundation
import Testing
import TimelineTestSupport

/// `timeline preview` (sample data, no network, no config) and `timeline doctor`.
@Suite struct PreviewDoctorTests {
  static let previewWidgets = [
    "random-shabad", "hukamnama", "avalanche", "favourites", "avalanche-se", "countdown", "friends", "birthdays", "now",
  ]

  @Test func previewPrintsEveryWidgetInEveryFormat() throws {
    let dir = try TempDir()
    // No network: the sources point at a closed port, so any fetch would fail loudly.
    let result = try run(
      Repo.timeline, ["preview"],
      environment: isolated(dir, ["http_proxy": "http://127.0.0.1:9", "https_proxy": "http://127.0.0.1:9"]))
    #expect(result.status == 0, "\(result.stderr)")
    for widget in Self.previewWidgets {
      #expect(result.stdout.contains("\(widget) (kind "), "no \(widget)")
    }
    let lines = result.stdout.split(separator: "\n").map(String.init)
    let formats = try run(Repo.emit, ["--list-formats"]).stdout.split(separator: "\n")
    #expect(formats.first == "plain" || formats.contains("plain"), "\(formats)")
    for format in formats {
      #expect(lines.filter { $0.hasPrefix("  \(format) ") }.count == Self.previewWidgets.count, "format \(format)")
    }
    // No widget fell back to its placeholder: every one has sample data.
    for line in lines where line.hasPrefix("  waybar ") {
      let json = line.dropFirst(8).trimmingCharacters(in: .whitespaces)
      let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
      #expect(!((object["class"] as? [String]) ?? []).contains("placeholder"), "\(line)")
    }
    #expect(result.stdout.contains("Abisko"), "the Swedish avalanche sample")
    // Nothing left behind in the user's cache.
    #expect(!FileManager.default.fileExists(atPath: dir.file("xdg-cache/timeline")))
  }

  @Test func previewOneFormatAndKeep() throws {
    let dir = try TempDir()
    let keep = dir.file("kept")
    let result = try run(Repo.timeline, ["preview", "waybar", "--keep", keep], environment: isolated(dir))
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == Self.previewWidgets.count)
    for widget in Self.previewWidgets {
      #expect(FileManager.default.fileExists(atPath: "\(keep)/\(widget).json"), "kept \(widget)")
      // The kept cache is what timeline-emit reads: the same line as the preview's.
      let emitted = try run(Repo.emit, ["waybar", widget], environment: ["TIMELINE_CACHE_DIR": keep]).stdout
      #expect(lines.contains { $0.hasPrefix(Substring(widget + " ")) && $0.hasSuffix(emitted.dropLast()) }, "\(widget)")
    }
    let bad = try run(Repo.timeline, ["preview", "dzen2"], environment: isolated(dir))
    #expect(bad.status != 0 && bad.stderr.contains("unknown format"))
  }

  @Test func doctorReportsEachCheckAndItsFix() throws {
    let dir = try TempDir()
    let cache = dir.file("cache")
    let config = try countdownConfig(in: dir, target: isoDate(daysFromNow: 5))
    let env = isolated(
      dir, ["PATH": (Repo.emit as NSString).deletingLastPathComponent + ":/usr/local/bin:/usr/bin:/bin"])
    let fresh = try run(Repo.timeline, ["doctor", "--config", config, "--cache-dir", cache], environment: env)
    #expect(fresh.status == 1, "nothing refreshed yet: \(fresh.stdout)")
    let lines = fresh.stdout.split(separator: "\n").map(String.init)
    let checks = lines.filter { $0.hasPrefix("✓ ") || $0.hasPrefix("✗ ") }
    #expect(checks.count == 12, "\(lines)")
    #expect(checks.contains("✓ notifications: off (no [notify] table in the config)"), "\(lines)")
    #expect(checks.contains { $0.hasPrefix("✓ config: \(config) parses; 1 widget (countdown)") })
    #expect(checks.contains("✓ cache: \(cache) is writable"))
    #expect(checks.contains("✓ timeline-emit: \(Repo.emit)"))
    #expect(checks.contains { $0.hasPrefix("✗ last refresh: never refreshed") })
    // Every failed check is followed by its fix.
    for (index, line) in lines.enumerated() where line.hasPrefix("✗ ") {
      #expect(index + 1 < lines.count && lines[index + 1].hasPrefix("    fix: "), "\(line)")
    }
    #expect(lines.last?.hasSuffix("checks failed") == true)

    #expect(
      try run(Repo.timeline, ["refresh", "--config", config, "--cache-dir", cache], environment: env).status == 0)
    let after = try run(Repo.timeline, ["doctor", "--config", config, "--cache-dir", cache], environment: env)
    #expect(after.stdout.contains("✓ last refresh: last refresh "), "\(after.stdout)")

    let broken = try dir.write("broken.toml", "[widgets.x]\nkind = \"nope\"\n")
    let bad = try run(Repo.timeline, ["doctor", "--config", broken, "--cache-dir", cache], environment: env)
    #expect(bad.status == 1)
    #expect(bad.stdout.contains("✗ config: \(broken):2:8: [widgets.x] kind: unknown kind \"nope\""), "\(bad.stdout)")
  }
}
