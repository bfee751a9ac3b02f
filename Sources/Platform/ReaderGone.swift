import Glibc

extension Output {
  /// Whether the reader at the other end of this descriptor has gone: a pipe whose read
  /// end is closed (`timeline show W | head -3` once head has its lines) or a socket whose
  /// peer has shut down. poll(2) tells without writing (POLLERR for such a pipe, POLLHUP
  /// for such a socket). False for files, terminals, a reader that is still there, and
  /// when the descriptor cannot be examined.
  public var readerHasGone: Bool {
    var status = stat()
    guard fstat(fd, &status) == 0 else { return false }
    let type = status.st_mode & S_IFMT
    guard type == S_IFIFO || type == S_IFSOCK else { return false }
    var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
    guard poll(&entry, 1, 0) == 1 else { return false }
    return entry.revents & Int16(POLLERR | POLLHUP) != 0
  }
}
