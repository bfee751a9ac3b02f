import Glibc
import Platform
import TimelineCore

/// The cache directory: one `<widget>.json` per widget, written atomically under a lock.
public struct CacheStore: Sendable {
  /// The directory.
  public let directory: String

  /// Uses `directory`.
  public init(directory: String) { self.directory = directory }

  /// `$TIMELINE_CACHE_DIR`, else `$XDG_CACHE_HOME/timeline`, else `~/.cache/timeline`.
  public static func defaultDirectory(environment: (String) -> String? = Environment.get) -> String {
    if let dir = environment("TIMELINE_CACHE_DIR"), !dir.isEmpty { return dir }
    if let xdg = environment("XDG_CACHE_HOME"), xdg.utf8.first == 47 { return xdg + "/timeline" }
    return (environment("HOME") ?? "/tmp") + "/.cache/timeline"
  }

  /// Why `$TIMELINE_CACHE_DIR` cannot be used, if it cannot: a relative path would depend
  /// on the working directory.
  public static func environmentProblem(environment: (String) -> String? = Environment.get) -> String? {
    guard let dir = environment("TIMELINE_CACHE_DIR"), !dir.isEmpty, dir.utf8.first != 47 else { return nil }
    return "TIMELINE_CACHE_DIR must be an absolute path, not \"\(dir)\" (or unset it, or give --cache-dir)"
  }

  /// The cache file of `name`.
  public func path(for name: WidgetName) -> String { Self.join(directory, name.text, ".json") }

  /// `directory/<file><suffix>`, built in one string with room made first: an emit makes a
  /// few paths, and a one-shot process's first String deallocation costs a runtime set-up.
  static func join(_ directory: String, _ file: String, _ suffix: String = "") -> String {
    var path = ""
    path.reserveCapacity(directory.utf8.count + 1 + file.utf8.count + suffix.utf8.count)
    path += directory
    path += "/"
    path += file
    path += suffix
    return path
  }

  /// Creates the directory (and parents) with mode 0700 if missing.
  public func ensureDirectory() throws(CacheWriteError) {
    // A relative directory (`--cache-dir cache`) stays relative: it must not become `/cache`.
    var path = directory.utf8.first == 47 ? "" : "."
    for part in directory.split(separator: "/", omittingEmptySubsequences: true) {
      path += "/" + part
      if mkdir(path, 0o700) != 0 && errno != EEXIST { throw .io("create \(path)", errno) }
    }
  }

  /// Writes the timeline: temp file in the same directory, fsync, rename, fsync of the
  /// directory. A reader sees the old file or the new one, never a mix.
  public func write(_ timeline: Timeline) throws(CacheWriteError) {
    try writeAtomically(CacheEncoder.encode(timeline), to: path(for: timeline.widget))
  }

  /// Writes `bytes` to `target` in this directory the same way: a reader sees the old
  /// file or the new one.
  public func writeAtomically(_ bytes: [UInt8], to target: String) throws(CacheWriteError) {
    try ensureDirectory()
    var template = Array((Self.temporaryPrefix(of: target) + "XXXXXX").utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { $0.baseAddress.map { mkstemp($0) } ?? -1 }
    guard fd >= 0 else { throw .io("create a temporary file in \(directory)", errno) }
    let temp = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var ok = false
    defer {
      if !ok { unlink(temp) }
    }
    do throws(CacheWriteError) {
      try Self.writeAll(fd, bytes, what: target)
      guard fchmod(fd, 0o600) == 0, fsync(fd) == 0 else { throw CacheWriteError.io("sync \(temp)", errno) }
    } catch {
      close(fd)
      throw error
    }
    guard close(fd) == 0 else { throw .io("close \(temp)", errno) }
    guard rename(temp, target) == 0 else { throw .io("rename to \(target)", errno) }
    ok = true
    let dirfd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if dirfd >= 0 {
      fsync(dirfd)
      close(dirfd)
    }
    sweepTemporaries(of: target)
  }

  /// Where temporaries of `target` are made: `.timeline-tmp.<name>.` plus mkstemp's six
  /// characters, a name no user would pick, so the sweep never takes a file of theirs.
  static func temporaryPrefix(of target: String) -> String {
    let slash = target.lastIndex(of: "/")
    let directory = slash.map { String(target[...$0]) } ?? ""
    let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
    return directory + temporaryMarker + name + "."
  }

  static let temporaryMarker = ".timeline-tmp."

  /// Removes temporaries of `target` older than a minute: a writer killed between
  /// mkstemp and rename leaves one behind. Only names this store makes are touched.
  private func sweepTemporaries(of target: String) {
    let prefix = String(Self.temporaryPrefix(of: target).split(separator: "/").last ?? "")
    // The real clock on purpose: it is compared with the kernel's modification times.
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    for name in names() {
      guard name.hasPrefix(prefix), name.utf8.count == prefix.utf8.count + 6 else { continue }
      var info = stat()
      let path = directory + "/" + name
      if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_mtim.tv_sec < now.tv_sec - 60 {
        unlink(path)
      }
    }
  }

  private static func writeAll(_ fd: Int32, _ bytes: [UInt8], what: String) throws(CacheWriteError) {
    var offset = 0
    while offset < bytes.count {
      let n = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        throw .io("write \(what)", errno)
      }
      offset += n
    }
  }

  /// Takes an exclusive `flock` on `.<widget>.lock`, so two refreshes of one widget take
  /// turns. The holder writes its PID there; after `wait` seconds this throws `.busy` naming
  /// it, so a stuck holder never hangs every later run. The lock is held until the returned
  /// value is released or ends. (Synchronous: the emitter links this module and carries no
  /// concurrency runtime.)
  public func lock(_ name: WidgetName, wait: Double = 15) throws -> WidgetLock {
    try ensureDirectory()
    let lockPath = directory + "/" + name.lockFile
    let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard fd >= 0 else { throw CacheWriteError.io("open \(lockPath)", errno) }
    let held = WidgetLock(fd: fd)
    try Self.pollLock(fd, path: lockPath, wait: wait, cap: 86_400, step: 50) { _ in .busy(name.text, Self.holder(fd)) }
    let pid = Array(String(getpid()).utf8) + [0x0A]
    if ftruncate(fd, 0) == 0 { _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) } }
    return held
  }

  /// Polls a non-blocking exclusive `flock` on `fd` every `step` milliseconds for at most
  /// `wait` seconds (within `0...cap`); then throws `timedOut` of the seconds waited.
  static func pollLock(
    _ fd: Int32, path: String, wait: Double, cap: Double, step: Int64, timedOut: (Int64) -> CacheWriteError
  ) throws(CacheWriteError) {
    let limit = wait.isNaN ? 0 : Int64(Swift.min(Swift.max(wait, 0), cap) * 1000)
    var waited: Int64 = 0
    while flock(fd, LOCK_EX | LOCK_NB) != 0 {
      if errno == EINTR { continue }
      guard errno == EWOULDBLOCK else { throw .io("lock \(path)", errno) }
      guard waited < limit else { throw timedOut(limit / 1000) }
      usleep(UInt32(step * 1000))
      waited += step
    }
  }

  /// The PID the lock holder wrote, if it is a number.
  private static func holder(_ fd: Int32) -> Int32? {
    var buffer = [UInt8](repeating: 0, count: 16)
    let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 15, 0) }
    guard n > 0 else { return nil }
    let digits = buffer[0..<n].prefix { $0 >= 0x30 && $0 <= 0x39 }
    return Int32(String(decoding: digits, as: UTF8.self))
  }
}

/// A widget's refresh lock (`CacheStore.lock`), released and closed when it ends.
public struct WidgetLock: ~Copyable {
  let fd: Int32

  /// Releases the lock now.
  public consuming func release() {}

  deinit {
    flock(fd, LOCK_UN)
    close(fd)
  }
}

/// Why a cache file could not be written.
public enum CacheWriteError: Error, Sendable, Equatable, CustomStringConvertible {
  case io(String, Int32)
  /// Another process holds the widget's lock (its PID, when it wrote one).
  case busy(String, Int32?)

  /// What went wrong, naming the file or the widget.
  public var description: String {
    switch self {
    case .io(let what, let code): "cannot \(what): \(String(cString: strerror(code)))"
    case .busy(let widget, let pid):
      "widget \(widget) is being refreshed by \(pid.map { "PID \($0)" } ?? "another process"); the cache is unchanged"
    }
  }
}
