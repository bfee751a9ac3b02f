import Foundation
import Testing
import TimelineTestSupport

/// `timeline` under an address-space limit (`ulimit -v`, systemd's LimitAS=) too low for
/// it: every command must end, with a message when it refuses, never wait forever.
@Suite struct AddressSpaceTests {
  @Test(arguments: [15_000, 50_000, 60_000])
  func aLowAddressSpaceLimitEndsEveryCommand(kilobytes: Int) throws {
    let dir = try TempDir()
    let commands = [["config", "--default"], ["status"], ["refresh"], ["doctor"]]
    for arguments in commands {
      let line = (["ulimit -v \(kilobytes)", "exec \"$0\" \"$@\""]).joined(separator: "; ")
      let result = try run(
        "/bin/sh", ["-c", line, Paths.binary("timeline")] + arguments,
        environment: [
          "TIMELINE_CACHE_DIR": dir.file("cache"), "HOME": dir.path, "XDG_CONFIG_HOME": dir.file("config"),
          "PATH": "/usr/bin:/bin",
        ],
        timeout: 60)
      #expect(!result.timedOut, "timeline \(arguments) under ulimit -v \(kilobytes) did not end")
      // It may run (a release binary is smaller), be refused by the loader before main,
      // or refuse with the limit named; it never ends quietly with a failure.
      if result.status != 0 && !result.timedOut {
        #expect(!result.stderr.isEmpty || result.signal != nil, "\(arguments): \(result)")
        if result.stderr.contains("timeline: the address-space limit") {
          #expect(result.status == 1 && result.stderr.contains("MiB is too low to run"), "\(result)")
        }
      }
    }
  }
}
