import Foundation
import Spawning

/// A real HTTP server on 127.0.0.1 (Tests/Support/fixture_server.py) serving recorded
/// responses and faults. It lives as long as this object: its stdin is our pipe, and it
/// exits when the pipe closes.
public final class FixtureServer: @unchecked Sendable {
  /// The port it listens on, on 127.0.0.1.
  public let port: Int
  /// `http://127.0.0.1:PORT`, or https when started with `tls: true`.
  public var baseURL: String { "\(scheme)://127.0.0.1:\(port)" }
  private let scheme: String
  private let pid: pid_t
  private let input: Int32
  private let scratch: TempDir

  /// Starts the server with `routes` (see the script's docstring).
  /// With `tls`, it speaks HTTPS with Tests/Support/loopback-cert.pem, a self-signed
  /// certificate that no system CA store trusts.
  public init(routes: [String: Any] = [:], environment: [String: String] = [:], tls: Bool = false) throws {
    scratch = try TempDir()
    scheme = tls ? "https" : "http"
    var environment = environment
    if tls {
      let support = Paths.repo + "/Tests/Support/"
      environment["FIXTURE_TLS"] = support + "loopback-cert.pem:" + support + "loopback-key.pem"
    }
    let routesFile = scratch.file("routes.json")
    try JSONSerialization.data(withJSONObject: routes).write(to: URL(fileURLWithPath: routesFile))
    (pid, input, port) = try Self.launch(
      [Paths.repo + "/Tests/Support/fixture_server.py", routesFile], environment: environment)
  }

  /// Starts one of the loopback scripts in Tests/Support, which prints "PORT n" once
  /// listening and exits when its stdin (the returned descriptor) closes.
  static func launch(_ script: [String], environment: [String: String]) throws -> (pid_t, Int32, Int) {
    let stdin = try Subprocess.makePipe()
    let stdout = try Subprocess.makePipe()
    let spawned = Result(catching: {
      try Subprocess.spawn(
        ["/usr/bin/env", "python3"] + script, environment: environment, stdin: .descriptor(stdin.read),
        stdout: .descriptor(stdout.write), stderr: .descriptor(2))
    })
    close(stdin.read)
    close(stdout.write)
    defer { close(stdout.read) }
    let pid: pid_t
    do {
      pid = try spawned.get()
    } catch {
      close(stdin.write)
      throw error
    }
    let line = Self.line(from: stdout.read)
    guard line.hasPrefix("PORT "), let port = Int(line.dropFirst(5)) else {
      Self.stop(pid, input: stdin.write)
      throw TestSupportError("\(script[0]) did not start: \(line)")
    }
    return (pid, stdin.write, port)
  }

  deinit { Self.stop(pid, input: input) }

  /// Closes the server's stdin (it exits then), and reaps it; SIGKILL if it lingers.
  static func stop(_ pid: pid_t, input: Int32) {
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

  /// The server's own address for `path`.
  func url(_ path: String) throws -> URL {
    guard let url = URL(string: baseURL + path) else { throw TestSupportError("not a URL: \(baseURL + path)") }
    return url
  }

  /// Replaces the routes.
  public func setRoutes(_ routes: [String: Any]) async throws {
    var request = URLRequest(url: try url("/__routes"))
    request.httpMethod = "POST"
    request.httpBody = try JSONSerialization.data(withJSONObject: routes)
    _ = try await URLSession.shared.data(for: request)
  }

  /// The paths requested so far, in order, and the peak number in flight at once.
  public func log() async throws -> (paths: [String], peak: Int) {
    let (data, _) = try await URLSession.shared.data(from: try url("/__log"))
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    let entries = object["log"] as? [[String: Any]] ?? []
    return (entries.compactMap { $0["path"] as? String }, object["peak"] as? Int ?? 0)
  }

  /// The headers of every request so far.
  public func requestHeaders() async throws -> [[String: String]] {
    let (data, _) = try await URLSession.shared.data(from: try url("/__log"))
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    let entries = object["log"] as? [[String: Any]] ?? []
    return entries.map { $0["headers"] as? [String: String] ?? [:] }
  }
}

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
