import Foundation
import Testing
import TimelineTestSupport

/// `timeline open` from a bar (no terminal) on a machine without xdg-open: the link
/// reaches the user as a desktop notification and in the journal, through the real
/// programs' names on PATH (here scripts that record their arguments).
@Suite struct OpenNoticeTests {
  @Test func withoutXdgOpenTheLinkGoesToANotificationAndTheJournal() throws {
    let dir = try TempDir()
    let bin = dir.file("bin")
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    for name in ["notify-send", "logger"] {
      let script = try dir.write(
        "bin/" + name, "#!/bin/sh\nprintf '%s\\n' \"$@\" > \"\(dir.file(name + ".args"))\"\n")
      chmod(script, 0o755)
    }
    let config = try dir.write(
      "config.toml",
      """
      [widgets.w]
      kind = "command"
      command = ["/bin/sh", "-c", "printf '{\\"entries\\":[{\\"text\\":\\"x\\",\\"url\\":\\"https://example.org/a\\"}]}'"]
      """)
    let env = [
      "TIMELINE_CONFIG": config, "TIMELINE_CACHE_DIR": dir.file("cache"), "PATH": bin,
    ]
    #expect(try run(Paths.binary("timeline"), ["refresh"], environment: env).status == 0)
    // Run with pipes for stdout and stderr, as a bar runs it; PATH is the recording
    // scripts' folder alone, so there is no xdg-open whatever the machine has.
    let open = try run(Paths.binary("timeline"), ["open", "w"], environment: env)
    #expect(open.status == 0, "\(open)")
    #expect(open.stdout == "https://example.org/a\n")
    let notified = try String(contentsOfFile: dir.file("notify-send.args"), encoding: .utf8)
    #expect(notified.contains("no xdg-open") && notified.hasSuffix("https://example.org/a\n"), "\(notified)")
    let logged = try String(contentsOfFile: dir.file("logger.args"), encoding: .utf8)
    #expect(logged.hasPrefix("-t\ntimeline\n--\n") && logged.contains("https://example.org/a"), "\(logged)")
  }
}
