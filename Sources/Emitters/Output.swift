import Glibc

/// A file descriptor written with write(2) directly: no stdio buffer, so each line
/// reaches the bar as soon as it is written, and a failed write is seen at once.
public struct Output: Sendable {
  /// The descriptor.
  public let fd: Int32

  /// Wraps `fd`.
  public init(fd: Int32) { self.fd = fd }

  /// Writes all of `text`; false on any error (EPIPE: the reader has gone).
  @discardableResult
  public func write(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { buffer in
      guard let base = buffer.baseAddress else { return true }
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(fd, base + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return false
        }
        offset += written
      }
      return true
    }
  }
}
