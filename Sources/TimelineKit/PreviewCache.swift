import Glibc
import Platform
import TimelineCache

/// Where `timeline preview` writes its sample cache when not told to keep it: a fresh
/// temporary directory, removed afterwards.
public enum PreviewCache {
  /// `$TMPDIR`, else /tmp.
  public static var temporaryBase: String { Environment.get("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp" }

  /// A new empty directory under `temporaryBase`; nil if it cannot be made.
  public static func makeTemporary() -> String? {
    var template = Array((temporaryBase + "/timeline-preview-XXXXXX").utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else {
      return nil
    }
    return String(cString: made)
  }

  /// Removes the temporary cache: only regular files directly inside, then the directory.
  public static func remove(_ directory: String) {
    for name in CacheStore(directory: directory).names() { unlink(directory + "/" + name) }
    rmdir(directory)
  }
}
