import Foundation
import Testing
import TimelineTestSupport

/// The systemd units and the crontab line.
@Suite struct SchedulerTests {
  static let analyze = which("systemd-analyze")

  @Test func unitsSayWhatTheDocsSay() throws {
    let service = try Repo.text("integrations/systemd/timeline-refresh.service")
    let timer = try Repo.text("integrations/systemd/timeline-refresh.timer")
    #expect(service.contains("\nType=oneshot\n"))
    #expect(service.contains("\nExecStart=/usr/local/bin/timeline refresh --quiet\n"))
    for line in ["OnCalendar=*:0/15", "Persistent=true", "RandomizedDelaySec=120", "WantedBy=timers.target"] {
      #expect(timer.contains("\n\(line)\n"), "timer lacks \(line)")
    }
  }

  @Test func systemdAnalyzeVerifyIsClean() throws {
    let dir = try TempDir()
    // verify checks that ExecStart exists: point it at the built binary.
    let service = try Repo.text("integrations/systemd/timeline-refresh.service")
      .replacingOccurrences(of: "/usr/local/bin/timeline", with: Repo.timeline)
    let servicePath = try dir.write("timeline-refresh.service", service)
    let timerPath = try dir.write(
      "timeline-refresh.timer", try Repo.text("integrations/systemd/timeline-refresh.timer"))
    let analyze = try #require(Self.analyze, "systemd-analyze is missing (make deps installs systemd)")
    let result = try run(analyze, ["verify", servicePath, timerPath])
    #expect(result.status == 0, "systemd-analyze verify: \(result.stderr)")
    // Anything it prints is a complaint about our units (it is silent when clean).
    let complaints = result.stderr.split(separator: "\n").filter { $0.contains("timeline-refresh") }
    #expect(complaints.isEmpty, "\(complaints)")
  }

  @Test func crontabLineUsesFlockAndRefreshes() throws {
    let text = try Repo.text("integrations/cron/crontab")
    let jobs = text.split(separator: "\n").filter {
      !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty
    }
    let periodic = try #require(jobs.first { $0.hasPrefix("*/15 ") })
    #expect(periodic.contains("flock -n "))
    #expect(periodic.hasSuffix("/usr/local/bin/timeline refresh --quiet"))
    // Five time fields, then the command (cron's own syntax; `%` would be a newline).
    #expect(periodic.split(separator: " ").count > 5 && !periodic.contains("%"))
    let readme = try Repo.text("integrations/cron/README.md")
    #expect(readme.contains("does not catch up after sleep"))
  }

  /// Both job lines run as cron would (sh -c) for a user whose ~/.cache does not exist yet:
  /// the lock is taken and the refresh runs (a config with no widgets keeps it offline).
  @Test func crontabLinesWorkWithoutACacheDirectory() throws {
    let text = try Repo.text("integrations/cron/crontab")
    let jobs = text.split(separator: "\n").filter {
      !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty
    }
    #expect(jobs.count == 2)
    for job in jobs {
      // Drop the schedule (five fields, or @reboot) and the boot delay.
      var command =
        job.hasPrefix("@")
        ? String(job.drop { $0 != " " }.dropFirst())
        : job.split(separator: " ", maxSplits: 5).last.map(String.init) ?? ""
      command = command.replacingOccurrences(of: "sleep 60; ", with: "")
        .replacingOccurrences(of: "/usr/local/bin/timeline", with: Repo.timeline)
      let dir = try TempDir()
      let home = dir.file("home")
      try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false)
      let config = try dir.write("config.toml", "")
      let result = try run(
        "/bin/sh", ["-c", command], environment: ["HOME": home, "TIMELINE_CONFIG": config, "XDG_CACHE_HOME": ""])
      #expect(result.status == 0, "\(command): \(result)")
      #expect(FileManager.default.fileExists(atPath: home + "/.cache/timeline-refresh.lock"), "\(command)")
    }
  }
}
