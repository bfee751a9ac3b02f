import Glibc

/// Reads a small text file (config, imports) without Foundation.
enum FileText {
  /// The file's text, or nil if it cannot be read. Files over 1 MB are refused.
  static func read(_ path: String) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = Glibc.read(fd, &chunk, chunk.count)
      if n < 0 && errno == EINTR { continue }
      if n <= 0 { break }
      bytes.append(contentsOf: chunk[0..<n])
      if bytes.count > 1 << 20 { return nil }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
