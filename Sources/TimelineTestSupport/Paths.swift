import Foundation

/// Where things are, found from this file's location so tests run from any directory.
public enum Paths {
  /// The repository root.
  public static let repo: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
  }()

  /// The directory of the built products (where `timeline` and `timeline-emit` are). It is
  /// the directory holding the running test bundle, whatever the scratch path.
  public static let products: String = {
    let candidates = [Bundle.main.bundleURL] + Bundle.allBundles.map(\.bundleURL)
    for url in candidates {
      var dir = url
      while dir.path != "/" {
        if FileManager.default.isExecutableFile(atPath: dir.appendingPathComponent("timeline-emit").path) {
          return dir.path
        }
        dir.deleteLastPathComponent()
      }
    }
    return repo + "/.build/debug"
  }()

  /// A built executable by name.
  public static func binary(_ name: String) -> String { products + "/" + name }

  /// A file under Tests/.
  public static func fixture(_ relative: String) -> String { repo + "/Tests/" + relative }
}

/// A test-support failure with a message.
public struct TestSupportError: Error, CustomStringConvertible {
  /// The message.
  public var description: String
  /// An error that says `message`.
  public init(_ message: String) { description = message }
}
