import Foundation

/// Finds the bundled sample files behind `snapshot()`. `Bundle.module` would abort the
/// process when the resource bundle is missing, which is the normal case for an installed
/// binary, so the places are searched by hand and a missing file is just nil.
public enum SampleFiles {
  /// The directories searched, in order: `$TIMELINE_SAMPLES_DIR`, SwiftPM's resource
  /// bundle next to the executable (a build tree), and `../share/timeline/samples`
  /// relative to the executable (an install).
  static var directories: [String] {
    var dirs: [String] = []
    if let env = ProcessInfo.processInfo.environment["TIMELINE_SAMPLES_DIR"], !env.isEmpty { dirs.append(env) }
    let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    for base in [exe, Bundle.main.bundleURL.deletingLastPathComponent(), Bundle.main.bundleURL] {
      dirs.append(base.appendingPathComponent("timeline_Providers.resources/Samples").path)
    }
    dirs.append(exe.deletingLastPathComponent().appendingPathComponent("share/timeline/samples").path)
    return dirs
  }

  /// The bytes of `relative` (e.g. "banidb/hukamnama.json"), or nil if no copy is found.
  public static func data(_ relative: String) -> Data? {
    for dir in directories {
      if let data = FileManager.default.contents(atPath: dir + "/" + relative) { return data }
    }
    return nil
  }
}
