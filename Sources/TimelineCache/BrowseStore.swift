import Glibc
import Platform
import TimelineCore

/// Where browse states live: one small `<widget>.browse` file per widget in a session
/// directory of the cache directory they browse (`session(cache:)`): a subfolder named by
/// the cache directory's key in `$XDG_RUNTIME_DIR/timeline`, else in
/// `$TMPDIR/timeline-<uid>` (`/tmp` without an absolute `$TMPDIR`). Never in the cache:
/// browsing is per session and forgotten at logout; and never shared between cache
/// directories: browsing a `timeline preview --keep DIR` leaves the real bars alone.
///
/// The directory, and the session directory above it (`base`), must be real directories
/// (not symlinks) owned by this user and writable by no one else; otherwise nothing is
/// read from it or written to it (in a shared /tmp another user could have made either
/// first). Readers treat any problem as "no state", i.e. now.
public struct BrowseStore: Sendable {
  /// The directory.
  public let directory: String
  /// The directory above it that must be private too (`session(cache:)`'s base); nil for
  /// a store in a directory given as it is.
  public let base: String?

  /// A store in `directory` (usually `session(cache:)`'s); `base`: a directory above it
  /// that must be private too.
  public init(directory: String, base: String? = nil) {
    self.directory = directory
    self.base = base
  }

  /// The store of the bars and commands that read `cache` (a cache directory):
  /// `defaultDirectory(cache:)`, within `baseDirectory()`.
  public static func session(cache: String, environment: (String) -> String? = Environment.get) -> BrowseStore {
    let base = baseDirectory(environment: environment)
    return BrowseStore(directory: base + "/" + key(cache: cache), base: base)
  }

  /// `baseDirectory()/key(cache:)`: the browse states of the cache directory `cache`.
  public static func defaultDirectory(cache: String, environment: (String) -> String? = Environment.get) -> String {
    baseDirectory(environment: environment) + "/" + key(cache: cache)
  }

  /// `$XDG_RUNTIME_DIR/timeline` when that is an absolute path, else
  /// `$TMPDIR/timeline-<uid>` when that is, else `/tmp/timeline-<uid>`. Browse states live
  /// in a subfolder per cache directory (`defaultDirectory(cache:)`), not here.
  public static func baseDirectory(environment: (String) -> String? = Environment.get) -> String {
    if let runtime = environment("XDG_RUNTIME_DIR"), runtime.utf8.first == 47 {
      return (runtime.utf8.last == 47 ? String(runtime.dropLast()) : runtime) + "/timeline"
    }
    // Outside a login session (cron, a bare ssh, a bar started by hand) the conventional
    // private temporary directory, when one is given, else the shared /tmp.
    var temporary = "/tmp"
    if let given = environment("TMPDIR"), given.utf8.first == 47 {
      temporary = given.utf8.last == 47 && given.count > 1 ? String(given.dropLast()) : given
    }
    return temporary + "/timeline-" + DecimalText.string(Int64(getuid()))
  }

  /// The subfolder name of the cache directory `cache`: 16 hexadecimal digits of a 64-bit
  /// FNV-1a hash of its absolute path, with repeated and trailing slashes dropped (a
  /// relative path is taken from the working directory). Stable across runs, versions and
  /// programs, so the bars and the commands that browse agree; symlinks are not resolved,
  /// so two spellings of one directory through a link browse apart.
  public static func key(cache: String) -> String {
    var path = cache
    if path.utf8.first != 47, let cwd = getcwd(nil, 0) {
      path = String(cString: cwd) + "/" + path
      free(cwd)
    }
    // The hash of "/" + the path's non-empty parts joined by "/", taken in one pass over
    // its bytes: every emit computes it.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ byte: UInt8) { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    var slash = true
    var parts = false
    for byte in path.utf8 {
      if byte == UInt8(ascii: "/") {
        slash = true
        continue
      }
      if slash { mix(UInt8(ascii: "/")) }
      slash = false
      parts = true
      mix(byte)
    }
    if !parts { mix(UInt8(ascii: "/")) }
    let hex = Array("0123456789abcdef".utf8)
    return String(decoding: (0..<16).map { hex[Int(hash >> (60 - 4 * UInt64($0)) & 0xF)] }, as: UTF8.self)
  }

  /// The state file of `widget` (`WidgetName.browseFile`), joined in one allocation: every
  /// emit looks for it.
  public func path(for widget: WidgetName) -> String { CacheStore.join(directory, widget.text, ".browse") }

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
    try makeDirectory()
    let store = CacheStore(directory: directory)
    guard isSafe() else { throw .io("use \(directory): not a private directory of this user", EPERM) }
    try store.writeAtomically(Array(state.encoded().utf8), to: path)
  }

  /// Runs `body` holding an exclusive lock on the directory, so that overlapping
  /// read-change-write steps (a fast mouse wheel starts several `timeline browse` at once)
  /// are applied one after another and none is lost.
  ///
  /// The lock is a `flock` on the directory itself rather than on a lock file: the
  /// state files it guards live there, a `--follow` emitter watches that directory and
  /// would wake for a lock file's traffic, and the directory must exist for any write
  /// anyway. It is made first, with its missing parents (0700): `$XDG_RUNTIME_DIR` may name
  /// a directory that is gone (a session ended, `su`), and without `$XDG_RUNTIME_DIR` the
  /// fallback lives in a shared temporary directory. It is then checked on the open
  /// descriptor (a directory, owned by this user, writable by no one else): in a shared
  /// /tmp another user could have made it first, and could then hold its lock forever or
  /// swap the files under it, so such a directory is refused, nothing runs and nothing
  /// is written. The wait is bounded (`wait` seconds, polled): a holder that is stopped
  /// or stuck costs the next browse an error, never a bar's click handler hung for good.
  public func withLock<T>(wait: Double = 10, _ body: () throws -> T) throws -> T {
    try makeDirectory()
    let fd = open(directory, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    // A link or a file in its place fails the open (ELOOP, ENOTDIR), and is refused alike.
    guard fd >= 0 || errno == ELOOP || errno == ENOTDIR else { throw CacheWriteError.io("open \(directory)", errno) }
    defer { if fd >= 0 { close(fd) } }
    var info = stat()
    guard fd >= 0, fstat(fd, &info) == 0, Self.isPrivate(info), baseIsSafe() else {
      throw CacheWriteError.io("use \(directory): not a private directory of this user", EPERM)
    }
    let limit = wait.isNaN ? 0 : Int64(Swift.min(Swift.max(wait, 0), 3600) * 1000)
    var waited: Int64 = 0
    while flock(fd, LOCK_EX | LOCK_NB) != 0 {
      if errno == EINTR { continue }
      guard errno == EWOULDBLOCK else { throw CacheWriteError.io("lock \(directory)", errno) }
      guard waited < limit else {
        throw CacheWriteError.io(
          "lock \(directory) (another `timeline browse` held it for \(limit / 1000) s; the view is unchanged)",
          EWOULDBLOCK)
      }
      usleep(10_000)
      waited += 10
    }
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

  /// Creates the directory and its missing parents (0700) when it is missing, so a follower can watch it itself.
  /// A failure (it exists, or cannot be made) changes nothing; an unsafe directory stays
  /// unused (`isSafe`).
  public func prepare() { try? makeDirectory() }

  /// Makes the directory (0700, with its missing parents), `base` first: inside a base
  /// that is not private nothing is made, and the error says so.
  private func makeDirectory() throws(CacheWriteError) {
    if let base {
      try CacheStore(directory: base).ensureDirectory()
      guard Self.isPrivate(base) else { throw .io("use \(base): not a private directory of this user", EPERM) }
    }
    try CacheStore(directory: directory).ensureDirectory()
  }

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
    try makeDirectory()
    let store = CacheStore(directory: directory)
    guard isSafe() else { throw .io("use \(directory): not a private directory of this user", EPERM) }
    guard let path = viewPath(for: timeline.widget) else {
      throw .io("use \(directory): not a private directory of this user", EPERM)
    }
    try store.writeAtomically(CacheEncoder.encode(timeline), to: path)
  }

  /// The directory is a directory, not a link, owned by us, and only we may write in it;
  /// so is `base`, when there is one (whoever may rename in it could swap the directory).
  func isSafe() -> Bool { Self.isPrivate(directory) && baseIsSafe() }

  private func baseIsSafe() -> Bool { base.map(Self.isPrivate) ?? true }

  static func isPrivate(_ path: String) -> Bool {
    var info = stat()
    // Through `withCString`: the String itself made an array of its bytes per call.
    guard path.withCString({ lstat($0, &info) }) == 0 else { return false }
    return isPrivate(info)
  }

  static func isPrivate(_ info: stat) -> Bool {
    (info.st_mode & S_IFMT) == S_IFDIR && info.st_uid == getuid() && info.st_mode & 0o022 == 0
  }
}
