import Foundation
import Spawning

/// A real HTTP server on 127.0.0.1 (Tests/Support/fixture_server.py) serving recorded
/// responses and faults. It lives as long as this object: its stdin is our pipe, and it
/// exits when the pipe closes.
public final class FixtureServer: @unchecked Sendable {
  public let port: Int
  public var baseURL: String { "http://127.0.0.1:\(port)" }
  private let pid: pid_t
  private let input: Int32
  private let scratch: TempDir

  /// Starts the server with `routes` (see the script's docstring).
  public init(routes: [String: Any] = [:], environment: [String: String] = [:]) throws {
    scratch = try TempDir()
    let routesFile = scratch.file("routes.json")
    try JSONSerialization.data(withJSONObject: routes).write(to: URL(fileURLWithPath: routesFile))
    let stdin = try Subprocess.makePipe()
    let stdout = try Subprocess.makePipe()
    let spawned = Result(catching: {
      try Subprocess.spawn(
        ["/usr/bin/env", "python3", Paths.repo + "/Tests/Support/fixture_server.py", routesFile],
        environment: environment, stdin: .descriptor(stdin.read), stdout: .descriptor(stdout.write),
        stderr: .descriptor(2))
    })
    close(stdin.read)
    close(stdout.write)
    defer { close(stdout.read) }
    input = stdin.write
    do {
      pid = try spawned.get()
    } catch {
      close(stdin.write)
      throw error
    }
    let line = Self.line(from: stdout.read)
    guard line.hasPrefix("PORT "), let port = Int(line.dropFirst(5)) else {
      Self.stop(pid, input: input)
      throw TestSupportError("fixture server did not start: \(line)")
    }
    self.port = port
  }

  deinit { Self.stop(pid, input: input) }

  /// Closes the server's stdin (it exits then), and reaps it; SIGKILL if it lingers.
  private static func stop(_ pid: pid_t, input: Int32) {
    close(input)
    kill(pid, SIGTERM)
    if Subprocess.wait(pid, within: 5) == nil {
      kill(pid, SIGKILL)
      _ = Subprocess.wait(pid)
    }
  }

  /// Reads up to a newline, byte by byte (the server prints one short line).
  private static func line(from fd: Int32) -> String {
    var line: [UInt8] = []
    var byte: UInt8 = 0
    while true {
      let n = read(fd, &byte, 1)
      if n < 0 && errno == EINTR { continue }
      if n <= 0 || byte == 0x0A { return String(decoding: line, as: UTF8.self) }
      line.append(byte)
    }
  }

  /// Replaces the routes.
  public func setRoutes(_ routes: [String: Any]) async throws {
    var request = URLRequest(url: URL(string: baseURL + "/__routes")!)
    request.httpMethod = "POST"
    request.httpBody = try JSONSerialization.data(withJSONObject: routes)
    _ = try await URLSession.shared.data(for: request)
  }

  /// The paths requested so far, in order, and the peak number in flight at once.
  public func log() async throws -> (paths: [String], peak: Int) {
    let (data, _) = try await URLSession.shared.data(from: URL(string: baseURL + "/__log")!)
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    let entries = object["log"] as? [[String: Any]] ?? []
    return (entries.compactMap { $0["path"] as? String }, object["peak"] as? Int ?? 0)
  }

  /// The headers of every request so far.
  public func requestHeaders() async throws -> [[String: String]] {
    let (data, _) = try await URLSession.shared.data(from: URL(string: baseURL + "/__log")!)
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    let entries = object["log"] as? [[String: Any]] ?? []
    return entries.map { $0["headers"] as? [String: String] ?? [:] }
  }
}

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
