import Foundation

/// A fresh directory under the system temp dir, removed when the object goes away.
public final class TempDir: @unchecked Sendable {
  /// The directory's absolute path.
  public let path: String

  /// Makes a new empty directory under the system's temporary directory.
  public init() throws {
    var template = Array((NSTemporaryDirectory() + "/timeline-test-XXXXXX").utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else {
      throw TestSupportError("mkdtemp failed")
    }
    path = String(cString: made)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// A path inside the directory.
  public func file(_ name: String) -> String { path + "/" + name }

  /// Writes `text` to `name` and returns its path.
  @discardableResult
  public func write(_ name: String, _ text: String) throws -> String {
    let target = file(name)
    try FileManager.default.createDirectory(
      atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try text.write(toFile: target, atomically: true, encoding: .utf8)
    return target
  }
}
