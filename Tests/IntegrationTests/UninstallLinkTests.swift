import Foundation
import Testing
import TimelineTestSupport

/// `install.sh --uninstall` after `systemctl --user enable timeline-refresh.timer`: the
/// enable link in the user's config (which points into the prefix) goes too, by
/// `systemctl --user disable` when a user manager answers, else by removing the link;
/// a link to anything else stays. `systemctl` is a stand-in that records its calls.
@Suite struct UninstallLinkTests {
  let dir: TempDir
  let prefix: String
  let script: String
  let wants: String

  init() throws {
    dir = try TempDir()
    script = try InstallPrefixTests.stage(dir)
    prefix = dir.file("home/.local")
    wants = dir.file("home/.config/systemd/user/timers.target.wants")
    try FileManager.default.createDirectory(atPath: dir.file("bin"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: wants, withIntermediateDirectories: true)
  }

  /// A `systemctl` that logs its arguments; `show-environment` succeeds when `manager`.
  func fakeSystemctl(manager: Bool) throws {
    let fake = try dir.write(
      "bin/systemctl",
      """
      #!/bin/sh
      echo "$*" >> '\(dir.file("systemctl.log"))'
      [ "$2" = show-environment ] && exit \(manager ? 0 : 1)
      exit 0

      """)
    chmod(fake, 0o755)
  }

  var calls: String { (try? String(contentsOfFile: dir.file("systemctl.log"), encoding: .utf8)) ?? "" }

  func installer(_ arguments: [String]) throws -> RunResult {
    try run(
      "/bin/sh", [script, "--prefix", prefix] + arguments,
      environment: ["HOME": dir.file("home"), "PATH": dir.file("bin") + ":/usr/bin:/bin", "XDG_CONFIG_HOME": ""])
  }

  /// Installs, and links the timer as `systemctl --user enable` does.
  func installAndEnable() throws -> String {
    #expect(try installer([]).status == 0)
    let unit = prefix + "/share/systemd/user/timeline-refresh.timer"
    #expect(FileManager.default.fileExists(atPath: unit))
    let link = wants + "/timeline-refresh.timer"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: unit)
    return link
  }

  func exists(_ link: String) -> Bool { (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) != nil }

  @Test func withNoUserManagerTheLinkIsRemoved() throws {
    try fakeSystemctl(manager: false)
    let link = try installAndEnable()
    let result = try installer(["--uninstall"])
    #expect(result.status == 0, "\(result)")
    #expect(!exists(link), "the enable link is left: \(result)")
    #expect(!calls.contains("disable"), "\(calls)")
  }

  @Test func aUserManagerDisablesTheTimer() throws {
    try fakeSystemctl(manager: true)
    let link = try installAndEnable()
    let result = try installer(["--uninstall"])
    #expect(result.status == 0, "\(result)")
    #expect(calls.contains("--user disable --now timeline-refresh.timer"), "\(calls)")
    #expect(!exists(link))
  }

  @Test func aLinkToAnotherFileStays() throws {
    try fakeSystemctl(manager: false)
    #expect(try installer([]).status == 0)
    let own = try dir.write("home/.config/systemd/user/mine.timer", "[Timer]\n")
    let link = wants + "/timeline-refresh.timer"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: own)
    #expect(try installer(["--uninstall"]).status == 0)
    #expect(exists(link), "a link to the user's own unit was removed")
  }
}
