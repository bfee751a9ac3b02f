import Glibc
import Platform
import TimelineCore

/// Where browse states live: one small `<widget>.browse` file per widget in the user's
/// session directory, `$XDG_RUNTIME_DIR/timeline`, else `/tmp/timeline-<uid>`. Never in
/// the cache: browsing is per session and forgotten at logout.
///
/// The directory must be a real directory (not a symlink) owned by this user and
/// writable by no one else; otherwise nothing is read from it or written to it (in a
/// shared /tmp another user could have made it first). Readers treat any problem as "no
/// state", i.e. now.
public struct BrowseStore: Sendable {
  /// The directory.
  public let directory: String

  /// A store in `directory` (usually `defaultDirectory()`).
  public init(directory: String) { self.directory = directory }

  /// `$XDG_RUNTIME_DIR/timeline` when that is an absolute path, else `/tmp/timeline-<uid>`.
  public static func defaultDirectory(environment: (String) -> String? = Environment.get) -> String {
    if let runtime = environment("XDG_RUNTIME_DIR"), runtime.hasPrefix("/") {
      return (runtime.hasSuffix("/") ? String(runtime.dropLast()) : runtime) + "/timeline"
    }
    return "/tmp/timeline-\(getuid())"
  }

  /// The state file of `widget`.
  public func path(for widget: WidgetName) -> String { CacheStore.join(directory, widget.browseFile) }

  /// The stored state of `widget`; nil when there is none or it cannot be trusted.
  public func read(_ widget: WidgetName) -> BrowseState? {
    guard let bytes = small(path(for: widget), limit: 1023) else { return nil }
    return BrowseState.decode(Substring(decoding: bytes, as: UTF8.self))
  }

  /// A file of this directory, when the directory can be trusted (`isSafe`). The open comes
  /// first: with no file (the bars' usual case) it is the only system call.
  func small(_ path: String, limit: Int) -> [UInt8]? {
    guard case .success(let bytes) = SmallFile.bytes(path, limit: limit, followLinks: false), isSafe() else {
      return nil
    }
    return bytes
  }

  /// Writes `state` for `widget` atomically, creating the directory (0700) if needed.
  public func write(_ state: BrowseState, for widget: WidgetName) throws(CacheWriteError) {
    let path = path(for: widget)
    let store = CacheStore(directory: directory)
    try store.ensureDirectory()
    guard isSafe() else { throw .io("use \(directory): not a private directory of this user", EPERM) }
    try store.writeAtomically(Array(state.encoded().utf8), to: path)
  }

  /// Runs `body` holding an exclusive lock on the directory, so that overlapping
  /// read-change-write steps (a fast mouse wheel starts several `timeline browse` at once)
  /// are applied one after another and none is lost. The directory is made first; when it
  /// cannot be made or opened, `body` runs unlocked and its write reports the problem.
  public func withLock<T>(_ body: () throws -> T) rethrows -> T {
    prepare()
    let fd = open(directory, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard fd >= 0 else { return try body() }
    defer { close(fd) }
    while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
    return try body()
  }

  /// The friends wheel's position that an older version kept apart, in `WIDGET.wheel`
  /// (`POSITION EXPIRES`), when it is still live at `now`; the file is removed either way,
  /// so the position lives on only in the browse state. Call it under `withLock`.
  public func takeOldWheel(_ widget: WidgetName, now: Int64) -> Int? {
    let path = directory + "/" + widget.wheelFile
    defer { if isSafe() { unlink(path) } }
    guard let bytes = small(path, limit: 255) else { return nil }
    let parts = String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" })
    guard parts.count == 2, let position = Int(parts[0]), let expires = Int64(parts[1]), expires > now else {
      return nil
    }
    return position
  }

  /// Creates the directory (0700) when it is missing, so a follower can watch it itself.
  /// A failure (it exists, or cannot be made) changes nothing; an unsafe directory stays
  /// unused (`isSafe`).
  public func prepare() { _ = mkdir(directory, 0o700) }

  /// Forgets `widget`'s state: its view is back at now.
  public func remove(_ widget: WidgetName) {
    if isSafe() { unlink(path(for: widget)) }
  }

  /// The view file of `widget` (see `BrowseState.view`); nil when the directory is not safe
  /// to read.
  public func viewPath(for widget: WidgetName) -> String? {
    isSafe() ? directory + "/" + widget.viewFile : nil
  }

  /// Writes the browsed view of `timeline.widget` atomically, in the cache format, so the
  /// emitters read it as they read a cache; the widget's own cache is left as it is.
  public func writeView(_ timeline: Timeline) throws(CacheWriteError) {
    let store = CacheStore(directory: directory)
    try store.ensureDirectory()
    guard isSafe() else { throw .io("use \(directory): not a private directory of this user", EPERM) }
    guard let path = viewPath(for: timeline.widget) else {
      throw .io("use \(directory): not a private directory of this user", EPERM)
    }
    try store.writeAtomically(CacheEncoder.encode(timeline), to: path)
  }

  /// The directory is a directory, not a link, owned by us, and only we may write in it.
  func isSafe() -> Bool {
    var info = stat()
    guard lstat(directory, &info) == 0 else { return false }
    return (info.st_mode & S_IFMT) == S_IFDIR && info.st_uid == getuid() && info.st_mode & 0o022 == 0
  }
}
