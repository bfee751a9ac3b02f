import Glibc

/// inotify on the cache directory, for `--follow`: the directory rather than the file,
/// because `timeline refresh` replaces the file by rename; events filtered by name; a
/// missing directory's nearest ancestor watched for the next component (docs/emitters.md,
/// "`--follow`").
final class DirectoryWatcher {
  let fd: Int32
  private let directory: String
  private let names: Set<String>
  private var watch: Int32 = -1
  private var watchingDirectory = false
  private var waitingFor: String?

  private static let directoryMask = UInt32(
    IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CREATE | IN_DELETE_SELF
      | IN_MOVE_SELF | IN_ONLYDIR)
  private static let ancestorMask = UInt32(IN_CREATE | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)
  private static let rearm = UInt32(IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF | IN_Q_OVERFLOW)

  /// Watches `directory` for the files `names`; nil if inotify is unavailable.
  init?(directory: String, names: Set<String>) {
    let fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
    guard fd >= 0 else { return nil }
    self.fd = fd
    var trimmed = directory
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
    self.directory = trimmed
    self.names = names
  }

  deinit { close(fd) }

  /// Makes sure the directory (or, while it is missing, its nearest ancestor) is watched.
  func arm() {
    if watchingDirectory && watch >= 0 { return }
    var path = directory
    var child: String?
    while true {
      let isDirectory = child == nil
      let added = inotify_add_watch(fd, path, isDirectory ? Self.directoryMask : Self.ancestorMask)
      if added >= 0 {
        if watch >= 0 && watch != added { inotify_rm_watch(fd, watch) }
        watch = added
        watchingDirectory = isDirectory
        waitingFor = child
        return
      }
      guard errno == ENOENT || errno == ENOTDIR, let (parent, name) = Self.split(path) else {
        // Permission denied or the root is gone: nothing to watch; timed wake-ups still work.
        return
      }
      path = parent
      child = name
    }
  }

  /// Reads the pending events; true if one concerns our files or the watch itself.
  func consume() -> Bool {
    var relevant = false
    var buffer = [UInt8](repeating: 0, count: 8192)
    while true {
      let count = read(fd, &buffer, buffer.count)
      guard count > 0 else { break }
      var at = 0
      while at + 16 <= count {
        let wd = Self.int32(buffer, at)
        let mask = UInt32(bitPattern: Self.int32(buffer, at + 4))
        let length = Int(Self.int32(buffer, at + 12))
        let nameBytes = buffer[(at + 16)..<Swift.min(count, at + 16 + length)].prefix { $0 != 0 }
        let name = String(decoding: nameBytes, as: UTF8.self)
        at += 16 + length
        if mask & Self.rearm != 0 {
          if wd == watch { watch = -1 }
          watchingDirectory = false
          relevant = true
        } else if wd == watch {
          relevant = relevant || (watchingDirectory ? names.contains(name) : name == waitingFor)
        }
      }
    }
    if !relevant { return false }
    // A component appeared (or the watch broke): move the watch as far down as possible.
    if !watchingDirectory { arm() }
    return true
  }

  private static func int32(_ bytes: [UInt8], _ at: Int) -> Int32 {
    bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: at, as: Int32.self) }
  }

  private static func split(_ path: String) -> (String, String)? {
    guard path != "/" && path != "." && !path.isEmpty else { return nil }
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let name = String(path[path.index(after: slash)...])
    let parent = slash == path.startIndex ? "/" : String(path[..<slash])
    return (parent, name)
  }
}
