import Glibc

/// A cache or state file's bytes, read with read(2) into a heap buffer: never mapped.
/// A mapped file that someone rewrites in place (`cp good.json w.json`, `cat >`,
/// `rsync --inplace`, a restore from backup) raises SIGBUS in the reader at the first page
/// past its new end, and the rewrite can come at any moment. A copy made with read(2)
/// can at worst be torn, which the readers see as a damaged file: the emitter shows its
/// placeholder, the CLI reports it. A plain class and a plain enum rather than
/// `Result<…>`, whose generic metadata the runtime instantiates at first use (some 70 k
/// instructions in a process that lives for a millisecond).
final class FileBytes {
  private(set) var bytes: UnsafeRawBufferPointer

  /// Files past this size are refused: no real timeline comes near it.
  static let limit = 64 << 20

  enum Opened {
    case opened(FileBytes)
    case failed(CacheReadError)
  }

  private init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

  deinit { UnsafeMutableRawPointer(mutating: bytes.baseAddress)?.deallocate() }

  /// Reads `path`, refusing symlinks (`O_NOFOLLOW`) and anything but a regular file
  /// (`O_NONBLOCK`: a FIFO put in its place is refused, not waited on).
  static func open(_ path: String) -> Opened {
    // The path through `withCString`: passing the String itself made and freed an array of
    // its bytes for each file read.
    let fd = path.withCString { Glibc.open($0, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK) }
    if fd < 0 {
      switch errno {
      case ENOENT, ENOTDIR: return .failed(.missing(path))
      case ELOOP: return .failed(.notRegularFile(path))
      default: return .failed(.unreadable(path, errno))
      }
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { return .failed(.unreadable(path, errno)) }
    guard (info.st_mode & S_IFMT) == S_IFREG else { return .failed(.notRegularFile(path)) }
    let size = Int(info.st_size)
    guard size > 0 else { return .failed(.empty(path)) }
    guard size <= limit else { return .failed(.tooLarge(path, size)) }
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
    var done = 0
    // A file cut short meanwhile gives fewer bytes (a torn copy, refused by the parsers);
    // one grown meanwhile is read up to the size it had.
    while done < size {
      let count = read(fd, buffer + done, size - done)
      if count < 0 {
        if errno == EINTR { continue }
        let code = errno
        buffer.deallocate()
        return .failed(.unreadable(path, code))
      }
      if count == 0 { break }
      done += count
    }
    guard done > 0 else {
      buffer.deallocate()
      return .failed(.empty(path))
    }
    return .opened(FileBytes(bytes: UnsafeRawBufferPointer(start: buffer, count: done)))
  }
}
