import Glibc

/// A file descriptor written with write(2) directly: no stdio buffer, so each line
/// reaches the bar as soon as it is written, and a failed write is seen at once.
public struct Output: Sendable {
  /// The descriptor.
  public let fd: Int32

  /// Wraps `fd`.
  public init(fd: Int32) { self.fd = fd }

  /// Writes `text` and a newline with one writev(2), so a line reaches a pipe whole
  /// without first building `text + "\n"` (a copy, and a free of the original).
  @discardableResult
  func writeLine(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { writeLine(buffer: $0) }
  }

  /// Writes `bytes` and a newline, as `writeLine(_:)` does a string's UTF-8.
  @discardableResult
  public func writeLine(bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { writeLine(buffer: $0) }
  }

  private func writeLine(buffer: UnsafeBufferPointer<UInt8>) -> Bool {
    var newline: UInt8 = 0x0A
    return withUnsafeMutablePointer(to: &newline) { newlinePointer in
      var vectors = (
        iovec(iov_base: UnsafeMutableRawPointer(mutating: buffer.baseAddress), iov_len: buffer.count),
        iovec(iov_base: UnsafeMutableRawPointer(newlinePointer), iov_len: 1)
      )
      return withUnsafeMutableBytes(of: &vectors) { raw in
        // Never nil: the tuple has a size.
        guard let iov = raw.baseAddress?.assumingMemoryBound(to: iovec.self) else { return false }
        var done = 0
        let total = buffer.count + 1
        while done < total {
          // Skip what was written already (a short write, or EINTR before anything).
          var first = 0
          var skip = done
          while skip >= iov[first].iov_len {
            skip -= iov[first].iov_len
            first += 1
          }
          let saved = iov[first]
          iov[first].iov_base = saved.iov_base.map { $0 + skip }
          iov[first].iov_len = saved.iov_len - skip
          let written = writev(fd, iov + first, Int32(2 - first))
          iov[first] = saved
          if written < 0 {
            if errno == EINTR { continue }
            return false
          }
          done += written
        }
        return true
      }
    }
  }

  /// Writes all of `text`; false on any error (EPIPE: the reader has gone). `stopped` is
  /// asked before each write(2) and after a signal interrupts one: when it says true, the
  /// write gives up and returns false (a follower blocked on a reader that stopped
  /// reading must still end on SIGTERM).
  @discardableResult
  public func write(_ text: String, stopped: () -> Bool = { false }) -> Bool {
    var text = text
    return text.withUTF8 { buffer in
      guard let base = buffer.baseAddress else { return true }
      var offset = 0
      while offset < buffer.count {
        if stopped() { return false }
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
