import Foundation

/// The outcome of running a built binary.
public struct RunResult: Sendable {
  public var status: Int32
  public var stdout: String
  public var stderr: String
}

/// Runs `executable` with `arguments` and extra environment, waits, and captures output.
/// Standard input is closed. Output is read on background threads so a large output
/// cannot deadlock the pipe.
public func run(
  _ executable: String, _ arguments: [String], environment: [String: String] = [:],
  currentDirectory: String? = nil
) throws -> RunResult {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  var env = ProcessInfo.processInfo.environment
  env.merge(environment) { $1 }
  process.environment = env
  if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
  let out = Pipe()
  let err = Pipe()
  process.standardOutput = out
  process.standardError = err
  process.standardInput = FileHandle.nullDevice
  try process.run()
  let group = DispatchGroup()
  nonisolated(unsafe) var outData = Data()
  nonisolated(unsafe) var errData = Data()
  DispatchQueue.global().async(group: group) { outData = out.fileHandleForReading.readDataToEndOfFile() }
  DispatchQueue.global().async(group: group) { errData = err.fileHandleForReading.readDataToEndOfFile() }
  process.waitUntilExit()
  group.wait()
  return RunResult(
    status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
    stderr: String(decoding: errData, as: UTF8.self))
}
