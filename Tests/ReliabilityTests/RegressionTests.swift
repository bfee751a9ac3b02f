import Foundation
import Testing
import TimelineTestSupport

/// Bugs found while writing the reliability tests; each is also covered where it fits
/// (see docs/reliability.md), and pinned here when it fits nowhere else.
@Suite struct RegressionTests {
  /// `--cache-dir cache` (relative) used to create `/cache` at the file system root and
  /// then fail to lock `cache/.w.lock`: CacheStore.ensureDirectory made every path absolute.
  @Test func aRelativeCacheDirectoryStaysRelative() throws {
    let dir = try TempDir()
    let script = try dir.write("gen.sh", "#!/bin/sh\necho '{\"entries\":[{\"text\":\"here\"}]}'\n")
    chmod(script, 0o755)
    try dir.write("c.toml", "[widgets.w]\nkind = \"command\"\ncommand = [\"/bin/sh\", \"\(script)\"]\n")
    let name = "rel-cache-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let ran = try run(
      "/bin/sh",
      [
        "-c", "cd \"$1\" && exec \"$2\" refresh --config c.toml --cache-dir \"$3\"", "sh",
        dir.path, Paths.binary("timeline"), name + "/sub",
      ])
    #expect(ran.status == 0, "\(ran.stderr)")
    #expect(FileManager.default.fileExists(atPath: dir.path + "/\(name)/sub/w.json"))
    #expect(!FileManager.default.fileExists(atPath: "/\(name)"))
    try? FileManager.default.removeItem(atPath: "/\(name)")
  }
}
