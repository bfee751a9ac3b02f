import Glibc
import Platform

/// A cache or state file's bytes, read through `SmallFile` (the package's one safe reader):
/// copied with read(2), never mapped, since a mapped file rewritten in place raises SIGBUS
/// while a torn copy only reads as damaged (docs/emitters.md, "Exit status and failure").
/// Symlinks and anything but a regular file are refused.
enum FileBytes {
  /// Files past this size are refused: no real timeline comes near it.
  static let limit = 64 << 20

  /// The bytes of `path`, or why they cannot be used.
  static func read(_ path: String) -> Result<[UInt8], CacheReadError> {
    switch SmallFile.bytes(path, limit: limit, followLinks: false) {
    case .success(let bytes): bytes.isEmpty ? .failure(.empty(path)) : .success(bytes)
    case .failure(.missing), .failure(.system(ENOTDIR)): .failure(.missing(path))
    case .failure(.notRegular), .failure(.system(ELOOP)): .failure(.notRegularFile(path))
    case .failure(.tooLarge(let limit)): .failure(.tooLarge(path, limit))
    case .failure(.system(let code)): .failure(.unreadable(path, code))
    }
  }
}
