import Glibc

/// The package's one safe reader of a small file (the config, an import, a bar's config for
/// `doctor`, the samples, the browse state): opened non-blocking, so a FIFO cannot hang the
/// reader before fstat refuses it; regular files only; at most `limit` bytes.
public enum SmallFile {

  /// The file's text (invalid UTF-8 repaired to U+FFFD).
  public static func read(_ path: String, limit: Int = 1 << 20, followLinks: Bool = true) -> Result<
    String, SmallFileError
  > {
    bytes(path, limit: limit, followLinks: followLinks).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The file's bytes. `followLinks: false` refuses a symlink in the path's last place
  /// (`O_NOFOLLOW`), for files the program keeps itself in a directory others might reach.
  public static func bytes(_ path: String, limit: Int = 1 << 20, followLinks: Bool = true) -> Result<
    [UInt8], SmallFileError
  > {
    // The path through `withCString`: passing the String itself made and freed an array of
    // its bytes for each open.
    let fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followLinks ? 0 : O_NOFOLLOW)) }
    guard fd >= 0 else { return .failure(errno == ENOENT ? .missing : .system(errno)) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { return .failure(.system(errno)) }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: return .failure(.notRegular("a directory"))
    case S_IFIFO: return .failure(.notRegular("a FIFO"))
    case S_IFSOCK: return .failure(.notRegular("a socket"))
    default: return .failure(.notRegular("a device"))
    }
    var bytes: [UInt8] = []
    // One byte past the limit tells a file at the limit from a larger one. The room is
    // lent (on the stack where it fits, as for the emitter's browse state and stack hold),
    // not an array made, zeroed and freed per read.
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: min(limit + 1, 65536)) { chunk in
      while true {
        let n = Glibc.read(fd, chunk.baseAddress, chunk.count)
        if n < 0 && errno == EINTR { continue }
        if n < 0 { return .failure(.system(errno)) }
        if n == 0 { break }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[0..<n]))
        if bytes.count > limit { return .failure(.tooLarge(limit)) }
      }
      return .success(bytes)
    }
  }
}

/// Why a file could not be read.
public enum SmallFileError: Error, Equatable {
  /// It does not exist (ENOENT): the only case where a default may stand in.
  case missing
  /// It exists but is not a regular file (a directory, a FIFO, a device).
  case notRegular(String)
  /// It is larger than the limit (bytes).
  case tooLarge(Int)
  /// open(2) or read(2) failed with this errno.
  case system(Int32)

  /// The reason, for a message that also names the path.
  public var reason: String {
    switch self {
    case .missing: "file not found"
    case .notRegular(let what): "is \(what), not a regular file"
    case .tooLarge(let limit): "larger than \(limit >> 20) MB"
    case .system(let code): String(cString: strerror(code))
    }
  }
}
