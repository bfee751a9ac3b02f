import Foundation
import Spawning

/// A real HTTP proxy on 127.0.0.1 (Tests/Support/proxy_server.py): it forwards plain
/// requests, tunnels CONNECT, and logs each one, so a test can show that a client's
/// requests went through `http_proxy` or `https_proxy`. It lives as long as this object.
public final class LoopbackProxy: @unchecked Sendable {
  /// The port it listens on, on 127.0.0.1.
  public let port: Int
  /// `http://127.0.0.1:PORT`, for the proxy variables.
  public var url: String { "http://127.0.0.1:\(port)" }
  private let pid: pid_t
  private let input: Int32
  private let scratch: TempDir

  /// Starts the proxy.
  public init() throws {
    scratch = try TempDir()
    (pid, input, port) = try FixtureServer.launch(
      [Paths.repo + "/Tests/Support/proxy_server.py", scratch.file("proxy.log")], environment: [:])
  }

  deinit { FixtureServer.stop(pid, input: input) }

  /// The requests the proxy saw, in order: "GET http://…" or "CONNECT host:port".
  public func log() -> [String] {
    let text = (try? String(contentsOfFile: scratch.file("proxy.log"), encoding: .utf8)) ?? ""
    return text.split(separator: "\n").map(String.init)
  }
}
