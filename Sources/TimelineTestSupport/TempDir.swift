import Foundation

/// A fresh directory under the system temp dir, removed when the object goes away.
public final class TempDir: @unchecked Sendable {
  public let path: String

  public init() throws {
    var template = Array((NSTemporaryDirectory() + "/timeline-test-XXXXXX").utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
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
