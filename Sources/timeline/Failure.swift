import ArgumentParser
import Foundation
import Glibc

/// The one place where failures become exit codes: 1 for a failed refresh, 2 for usage
/// and config errors (argument-parser's own usage errors are 64 by default, so config
/// errors are mapped here explicitly).
enum Failure: Error, CustomStringConvertible {
  case config(String)
  case failed(String)

  var description: String {
    switch self {
    case .config(let message), .failed(let message): message
    }
  }
}

enum Console {
  static func error(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
}

extension AsyncParsableCommand {
  /// Runs `body`, printing a `Failure` and exiting with its status.
  func exiting(_ body: () async throws -> Int32) async throws {
    // Under a file size limit (ulimit -f) a write past it raises SIGXFSZ, which kills by
    // default; ignored, the write fails with EFBIG and is reported like any write error.
    signal(SIGXFSZ, SIG_IGN)
    do {
      let status = try await body()
      if status != 0 { throw ExitCode(status) }
    } catch let failure as Failure {
      switch failure {
      case .config(let message):
        Console.error("timeline: \(message)")
        throw ExitCode(2)
      case .failed(let message):
        Console.error("timeline: \(message)")
        throw ExitCode(1)
      }
    }
  }
}
