import Glibc

/// A read-only memory map of a regular file. Only the pages the reader touches are read,
/// which keeps a binary search over a long timeline cheap and memory bounded.
final class MappedFile {
  let bytes: UnsafeRawBufferPointer

  /// Files past this size are refused: no real timeline comes near it.
  static let limit = 64 << 20

  private init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

  deinit {
    if let base = bytes.baseAddress, bytes.count > 0 {
      munmap(UnsafeMutableRawPointer(mutating: base), bytes.count)
    }
  }

  /// Maps `path`, refusing symlinks (`O_NOFOLLOW`) and anything but a regular file.
  static func open(_ path: String) -> Result<MappedFile, CacheReadError> {
    let fd = Glibc.open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
    if fd < 0 {
      switch errno {
      case ENOENT, ENOTDIR: return .failure(.missing(path))
      case ELOOP: return .failure(.notRegularFile(path))
      default: return .failure(.unreadable(path, errno))
      }
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { return .failure(.unreadable(path, errno)) }
    guard (info.st_mode & S_IFMT) == S_IFREG else { return .failure(.notRegularFile(path)) }
    let size = Int(info.st_size)
    guard size > 0 else { return .failure(.empty(path)) }
    guard size <= limit else { return .failure(.tooLarge(path, size)) }
    let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0)
    guard let base, base != MAP_FAILED else { return .failure(.unreadable(path, errno)) }
    return .success(MappedFile(bytes: UnsafeRawBufferPointer(start: base, count: size)))
  }
}
