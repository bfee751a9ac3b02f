import Foundation
import Testing
import TimelineTestSupport

/// `timeline show W | head -3`: a reader that has gone is a normal end, with no message
/// and exit 0; output that is lost otherwise (a full disk) is still an error.
@Suite struct ClosedPipeTests {
  let dir: TempDir
  let environment: [String: String]

  init() throws {
    dir = try TempDir()
    environment = [
      "HOME": dir.path, "XDG_CONFIG_HOME": dir.file("config"), "XDG_RUNTIME_DIR": dir.path,
      "TIMELINE_CACHE_DIR": dir.file("cache"), "PATH": "/usr/bin:/bin",
    ]
    let preview = try run(
      Paths.binary("timeline"), ["preview", "--keep", dir.file("cache"), "plain"], environment: environment)
    #expect(preview.status == 0, "\(preview)")
  }

  /// Runs `timeline arguments` with its standard output a pipe whose reader is already
  /// closed (so every write fails with EPIPE, as after `head` has its lines); returns the
  /// exit status and what it wrote to stderr.
  func runIntoClosedPipe(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Paths.binary("timeline"))
    process.arguments = arguments
    process.environment = environment
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try output.fileHandleForReading.close()
    try process.run()
    try output.fileHandleForWriting.close()
    let said = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: said, as: UTF8.self))
  }

  @Test(arguments: [["show", "random-shabad", "--all"], ["status"], ["config", "--default"]])
  func aClosedPipeEndsQuietly(_ arguments: [String]) throws {
    let (status, stderr) = try runIntoClosedPipe(arguments)
    #expect(status == 0, "\(arguments): exit \(status), stderr: \(stderr)")
    #expect(!stderr.contains("cannot write the output"), "\(arguments): \(stderr)")
    #expect(!stderr.contains("Broken pipe"), "\(arguments): \(stderr)")
  }

  /// Through a real `head`, as a user types it.
  @Test func showIntoHeadSaysNothing() throws {
    let result = try run(
      "/bin/sh", ["-c", "'\(Paths.binary("timeline"))' show random-shabad --all | head -1"], environment: environment)
    #expect(result.status == 0 && result.stdout.split(separator: "\n").count == 1, "\(result)")
    #expect(result.stderr.isEmpty, "\(result.stderr)")
  }

  /// A full disk still loses the output: said, and exit 1.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
  func aFullDiskIsStillAnError() throws {
    let result = try run(
      "/bin/sh", ["-c", "'\(Paths.binary("timeline"))' show random-shabad --all > /dev/full"], environment: environment)
    #expect(result.status == 1 && result.stderr.contains("cannot write the output"), "\(result)")
  }
}
