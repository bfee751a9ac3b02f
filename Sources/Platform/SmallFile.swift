import Glibc

/// The package's one safe reader of a file (the config, an import, a bar's config for
/// `doctor`, the samples, the browse state, the caches, vCards, the friends log): opened
/// non-blocking, so a FIFO cannot hang the reader before fstat refuses it, and never as a
/// controlling terminal; regular files only; at most `limit` bytes, or an error that says so.
public enum SmallFile {

  /// The file's text (invalid UTF-8 repaired to U+FFFD).
  public static func read(_ path: String, limit: Int = 1 << 20, followLinks: Bool = true) -> Result<
    String, SmallFileError
  > {
    bytes(path, limit: limit, followLinks: followLinks).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The file's bytes. `followLinks: false` refuses a symlink in the path's last place
  /// (`O_NOFOLLOW`), for files the program keeps itself in a directory others might reach.
  /// `shared`: read under a shared `flock`, for a file whose writers append under an
  /// exclusive one (the friends log).
  public static func bytes(_ path: String, limit: Int = 1 << 20, followLinks: Bool = true, shared: Bool = false)
    -> Result<[UInt8], SmallFileError>
  {
    // The path through `withCString`: passing the String itself made and freed an array of
    // its bytes for each open.
    let fd = path.withCString {
      open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | (followLinks ? 0 : O_NOFOLLOW))
    }
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
    guard Int(info.st_size) <= limit else { return .failure(.tooLarge(limit)) }
    if shared { flock(fd, LOCK_SH) }
    // Read straight into the array, sized by fstat plus one byte: a file that grew meanwhile
    // fills that byte and is read on, up to one byte past the limit (which tells a file at
    // the limit from a larger one).
    let room = min(max(Int(info.st_size), 0), limit) + 1
    var failure: SmallFileError?
    var bytes = [UInt8](unsafeUninitializedCapacity: room) { buffer, count in
      count = 0
      guard let base = buffer.baseAddress else { return }
      while count < buffer.count {
        let n = Glibc.read(fd, base + count, buffer.count - count)
        if n < 0 && errno == EINTR { continue }
        if n < 0 { failure = .system(errno) }
        if n <= 0 { return }
        count += n
      }
    }
    if let failure { return .failure(failure) }
    // Filled to the brim: the file grew after fstat; read on to its end or past the limit.
    var more = [UInt8](repeating: 0, count: bytes.count == room ? 65536 : 0)
    while !more.isEmpty && bytes.count <= limit {
      let n = Glibc.read(fd, &more, more.count)
      if n < 0 && errno == EINTR { continue }
      if n < 0 { return .failure(.system(errno)) }
      if n == 0 { break }
      bytes += more[0..<n]
    }
    return bytes.count > limit ? .failure(.tooLarge(limit)) : .success(bytes)
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
