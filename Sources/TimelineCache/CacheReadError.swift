/// Why a cache file could not be used. Emitters show the placeholder for every case and
/// print the description only with `--verbose`.
public enum CacheReadError: Error, Sendable, Equatable, CustomStringConvertible {
  case missing(String)
  case notRegularFile(String)
  case tooLarge(String, Int)
  case unreadable(String, Int32)
  case empty(String)
  case futureVersion(String, Int64)
  case corrupt(String, String)

  /// What went wrong, naming the file; the bars print it with `--verbose` only.
  public var description: String {
    switch self {
    case .missing(let path): "no cache file at \(path) (run `timeline refresh`)"
    case .notRegularFile(let path): "\(path) is a symlink or not a regular file; refusing to read it"
    case .tooLarge(let path, let limit): "\(path) is larger than the reader's limit of \(limit >> 20) MB"
    case .unreadable(let path, let code): "cannot read \(path) (errno \(code))"
    case .empty(let path): "\(path) is empty"
    case .futureVersion(let path, let version):
      "\(path) has format version \(version), newer than this build reads (\(CacheEncoder.version))"
    case .corrupt(let path, let why): "\(path) is not a valid cache file: \(why)"
    }
  }
}
