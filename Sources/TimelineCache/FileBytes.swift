import Glibc
import Platform

/// A cache or state file's bytes, read through `SmallFile` (the package's one safe reader):
/// copied with read(2), never mapped. A mapped file that someone rewrites in place
/// (`cp good.json w.json`, `cat >`, `rsync --inplace`, a restore from backup) raises SIGBUS
/// in the reader at the first page past its new end; a copy can at worst be torn, which
/// the readers see as a damaged file: the emitter shows its placeholder, the CLI reports
/// it. Symlinks are refused (the cache directory is the program's own), and so is anything
/// but a regular file (a FIFO put in its place is refused, not waited on).
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
