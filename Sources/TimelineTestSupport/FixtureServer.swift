import Foundation

/// A real HTTP server on 127.0.0.1 (Tests/Support/fixture_server.py) serving recorded
/// responses and faults. It lives as long as this object: its stdin is our pipe, and it
/// exits when the pipe closes.
public final class FixtureServer: @unchecked Sendable {
  public let port: Int
  public var baseURL: String { "http://127.0.0.1:\(port)" }
  private let process: Process
  private let input: Pipe
  private let scratch: TempDir

  /// Starts the server with `routes` (see the script's docstring).
  public init(routes: [String: Any] = [:], environment: [String: String] = [:]) throws {
    scratch = try TempDir()
    let routesFile = scratch.file("routes.json")
    try JSONSerialization.data(withJSONObject: routes).write(to: URL(fileURLWithPath: routesFile))
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", Paths.repo + "/Tests/Support/fixture_server.py", routesFile]
    var env = ProcessInfo.processInfo.environment
    env.merge(environment) { $1 }
    process.environment = env
    input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    let line = String(decoding: output.fileHandleForReading.availableLine(), as: UTF8.self)
    guard line.hasPrefix("PORT "), let port = Int(line.dropFirst(5)) else {
      throw TestSupportError("fixture server did not start: \(line)")
    }
    self.port = port
  }

  deinit {
    try? input.fileHandleForWriting.close()
    process.terminate()
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

extension FileHandle {
  /// Reads up to a newline, byte by byte (the server prints one short line).
  func availableLine() -> Data {
    var line = Data()
    while true {
      let byte = readData(ofLength: 1)
      if byte.isEmpty || byte.first == 0x0A { return line }
      line.append(byte)
    }
  }
}
