import FoundationEssentials
import Platform

/// Finds the sample files behind `snapshot()`; a missing one is nil. Not a SwiftPM resource:
/// `Bundle.module` would link all of Foundation and ICU's data, and abort an installed
/// binary, which has no bundle.
enum SampleFiles {
  /// The directories searched, in order: `$TIMELINE_SAMPLES_DIR`, `../share/timeline/samples`
  /// relative to the executable (an install), and `Sources/Providers/Samples` in the
  /// nearest directory above the executable that has one (a build tree, where the tests
  /// and `swift run` find the package's own copy).
  static var directories: [String] {
    var dirs: [String] = []
    if let env = Environment.get("TIMELINE_SAMPLES_DIR"), !env.isEmpty { dirs.append(env) }
    var base = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    dirs.append(base.deletingLastPathComponent().appendingPathComponent("share/timeline/samples").path)
    for _ in 0..<6 where base.path != "/" {
      base = base.deletingLastPathComponent()
      dirs.append(base.appendingPathComponent("Sources/Providers/Samples").path)
    }
    return dirs
  }

  /// The bytes of `relative` (e.g. "banidb/hukamnama.json"), or nil if no copy is found.
  static func data(_ relative: String) -> Data? {
    for dir in directories {
      // The safe reader: a sample directory comes from the environment or a parent of the
      // executable, so a FIFO or a huge file there must not hang or swell a preview.
      if case .success(let bytes) = SmallFile.bytes(dir + "/" + relative, limit: 4 << 20) { return Data(bytes) }
    }
    return nil
  }
}
