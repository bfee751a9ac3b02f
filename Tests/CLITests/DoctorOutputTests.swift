import Foundation
import Testing
import TimelineTestSupport

/// `timeline doctor` as a user reads it: a list of problems one to a line, and an enabled
/// timer that no user manager runs said as such. `systemctl` is a stand-in on PATH that
/// answers as systemd does with and without a user manager.
@Suite struct DoctorOutputTests {
  let dir: TempDir

  init() throws {
    dir = try TempDir()
    try FileManager.default.createDirectory(atPath: dir.file("bin"), withIntermediateDirectories: true)
    try dir.write("contacts/alice.vcf", "BEGIN:VCARD\nVERSION:3.0\nFN:Alice Example\nCATEGORIES:friends\nEND:VCARD\n")
    try dir.write("contacts/broken.vcf", "BEGIN:VCARD\nVERSION:3.0\nNOTE:no name here\nEND:VCARD\n")
    try dir.write(
      "config.toml", "[widgets.friends]\nkind = \"friends\"\ncontacts = \"\(dir.file("contacts"))\"\n")
  }

  /// A `systemctl` whose `--user is-enabled` says "enabled" and whose `show-environment`
  /// succeeds only when `manager` is true (systemd's message when it cannot connect).
  func fakeSystemctl(manager: Bool) throws {
    let answer =
      manager
      ? "echo HOME=/home/x; exit 0"
      : "echo 'Failed to connect to bus: No medium found' >&2; exit 1"
    let script = try dir.write(
      "bin/systemctl",
      """
      #!/bin/sh
      case "$2" in
        is-enabled) echo enabled; exit 0 ;;
        show-environment) \(answer) ;;
      esac
      exit 1

      """)
    chmod(script, 0o755)
  }

  func doctor() throws -> String {
    let result = try run(
      Paths.binary("timeline"), ["doctor"],
      environment: [
        "PATH": dir.file("bin"), "HOME": dir.path, "XDG_CONFIG_HOME": dir.file("config"),
        "XDG_DATA_HOME": dir.file("data"), "XDG_RUNTIME_DIR": dir.path, "TIMELINE_CONFIG": dir.file("config.toml"),
        "TIMELINE_CACHE_DIR": dir.file("cache"),
      ])
    #expect(result.status == 1, "\(result)")
    return result.stdout
  }

  @Test func aProblemListHasOneProblemToALine() throws {
    try fakeSystemctl(manager: true)
    let out = try doctor()
    let lines = out.split(separator: "\n")
    let index = try #require(lines.firstIndex { $0.hasPrefix("✗ contacts (friends): ") }, "\(out)")
    #expect(lines[index] == "✗ contacts (friends): 1 problem:", "\(lines[index])")
    #expect(lines[index + 1].hasPrefix("    ") && lines[index + 1].contains("broken.vcf"), "\(lines[index + 1])")
    #expect(!out.contains(":     "), "runs of spaces inside a line:\n\(out)")
  }

  @Test func anEnabledTimerWithAUserManagerPasses() throws {
    try fakeSystemctl(manager: true)
    #expect(try doctor().contains("✓ schedule: systemd user timer timeline-refresh.timer is enabled"))
  }

  @Test func anEnabledTimerWithNoUserManagerIsSaid() throws {
    try fakeSystemctl(manager: false)
    let out = try doctor()
    #expect(!out.contains("✓ schedule"), "\(out)")
    #expect(
      out.contains(
        "✗ schedule: timeline-refresh.timer is enabled, but `systemctl --user` cannot reach a user manager "
          + "(Failed to connect to bus: No medium found)"), "\(out)")
    #expect(out.contains("loginctl enable-linger"))
  }
}
