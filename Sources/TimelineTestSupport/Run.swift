import Foundation
import Spawning

/// What a program printed and how it ended.
public struct RunResult: Sendable, CustomStringConvertible {
  /// The exit status (128 + the signal when one ended it).
  public var status: Int32
  /// Standard output, decoded as UTF-8.
  public var stdout: String
  /// Standard error, decoded as UTF-8.
  public var stderr: String
  /// Standard output byte for byte (`stdout` is decoded, and String equality is Unicode's).
  public var stdoutBytes: [UInt8]
  /// Whether it was killed at the timeout (then `status` is 124).
  public var timedOut: Bool
  /// Wall time from start to exit.
  public var seconds: Double
  /// The signal that ended it, if one did (read from `status`, which is 128 + the signal).
  public var signal: Int32? { !timedOut && status > 128 ? status - 128 : nil }
  /// All three, for a failed expectation's message.
  public var description: String { "status \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }
}

/// Runs a program the way the package itself does (`Subprocess`: posix_spawn with a clean
/// signal mask, close-on-exec pipes, poll against a deadline) and waits for it; status 124
/// means it was killed at `timeout`. Foundation's Process was not used: with tests running
/// in parallel its waitUntilExit sometimes never returned for a `tmux new-session -d`
/// client, and tmux servers it started inherited a blocked SIGCHLD.
public func run(
  _ executable: String, _ arguments: [String], environment: [String: String] = [:], timeout: Double = 120
) throws -> RunResult {
  let start = Date()
  let result = try Subprocess.run(
    [executable] + arguments, environment: environment, timeout: timeout, maxOutput: 64 << 20)
  return RunResult(
    status: result.timedOut ? 124 : result.status, stdout: String(decoding: result.stdout, as: UTF8.self),
    stderr: String(decoding: result.stderr, as: UTF8.self), stdoutBytes: result.stdout, timedOut: result.timedOut,
    seconds: Date().timeIntervalSince(start))
}
