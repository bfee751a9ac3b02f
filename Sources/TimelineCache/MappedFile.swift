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
    switch FileBytes.open(path, readLimit: 0) {
    case .failed(let error): return .failure(error)
    case .opened(let file): return .success(MappedFile(bytes: file.take()))
    }
  }
}

/// A cache file's bytes, for the emitter's reader: a file up to `readLimit` bytes is read
/// with one read(2) into a heap buffer (cheaper than mmap + page faults + munmap for the
/// few KB a timeline usually takes), a larger one is mapped so that a binary search
/// touches only the pages it probes. A plain class and a plain enum rather than
/// `Result<…>`, whose generic metadata the runtime instantiates at first use (some 70 k
/// instructions in a process that lives for a millisecond).
final class FileBytes {
  private(set) var bytes: UnsafeRawBufferPointer
  private let mapped: Bool

  /// The size up to which `open` reads rather than maps.
  static let defaultReadLimit = 64 << 10

  enum Opened {
    case opened(FileBytes)
    case failed(CacheReadError)
  }

  private init(bytes: UnsafeRawBufferPointer, mapped: Bool) {
    self.bytes = bytes
    self.mapped = mapped
  }

  deinit { release() }

  private func release() {
    guard let base = bytes.baseAddress else { return }
    if mapped {
      if bytes.count > 0 { munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) }
    } else {
      UnsafeMutableRawPointer(mutating: base).deallocate()
    }
    bytes = UnsafeRawBufferPointer(start: nil, count: 0)
  }

  /// Hands the mapping over to the caller (for `MappedFile`); only for mapped files.
  fileprivate func take() -> UnsafeRawBufferPointer {
    let out = bytes
    bytes = UnsafeRawBufferPointer(start: nil, count: 0)
    return out
  }

  /// Opens `path`, refusing symlinks (`O_NOFOLLOW`) and anything but a regular file.
  static func open(_ path: String, readLimit: Int = defaultReadLimit) -> Opened {
    let fd = Glibc.open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
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
    guard size <= MappedFile.limit else { return .failed(.tooLarge(path, size)) }
    if size <= readLimit {
      let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
      var done = 0
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
      return .opened(FileBytes(bytes: UnsafeRawBufferPointer(start: buffer, count: done), mapped: false))
    }
    let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0)
    guard let base, base != MAP_FAILED else { return .failed(.unreadable(path, errno)) }
    return .opened(FileBytes(bytes: UnsafeRawBufferPointer(start: base, count: size), mapped: true))
  }
}
