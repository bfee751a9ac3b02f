import Glibc
import Platform
import TimelineCore

/// Where browse states live: one small `<widget>.browse` file per widget in a session
/// directory per cache directory (docs/emitters.md, "Browsing"). The directory, and the
/// session directory above it (`base`), must be real directories owned by this user and
/// writable by no one else; otherwise nothing is read from it or written to it (in a shared
/// /tmp another user could have made either first). Readers treat any problem as "now".
public struct BrowseStore: Sendable {
  /// The directory.
  public let directory: String
  /// The directory above it that must be private too; nil for a directory given as it is.
  let base: String?

  /// A store in `directory`; `base`: a directory above it that must be private too.
  public init(directory: String, base: String? = nil) {
    self.directory = directory
    self.base = base
  }

  /// The store of the bars and commands that read `cache` (a cache directory): the
  /// subfolder `key(cache:)` of `baseDirectory()`.
  public static func session(cache: String, environment: (String) -> String? = Environment.get) -> BrowseStore {
    let base = baseDirectory(environment: environment)
    return BrowseStore(directory: base + "/" + key(cache: cache), base: base)
  }

  /// `$XDG_RUNTIME_DIR/timeline` when that is an absolute path, else
  /// `$TMPDIR/timeline-<uid>` when that is, else `/tmp/timeline-<uid>`.
  static func baseDirectory(environment: (String) -> String? = Environment.get) -> String {
    if let runtime = environment("XDG_RUNTIME_DIR"), runtime.utf8.first == 47 {
      return (runtime.utf8.last == 47 ? String(runtime.dropLast()) : runtime) + "/timeline"
    }
    // Outside a login session: the private temporary directory when one is given.
    var temporary = "/tmp"
    if let given = environment("TMPDIR"), given.utf8.first == 47 {
      temporary = given.utf8.last == 47 && given.count > 1 ? String(given.dropLast()) : given
    }
    return temporary + "/timeline-" + DecimalText.string(Int64(getuid()))
  }

  /// The subfolder name of the cache directory `cache`: 16 hexadecimal digits of a 64-bit
  /// FNV-1a hash of its absolute path, repeated and trailing slashes dropped, links not
  /// resolved. Stable across runs, versions and programs, so the bars and commands agree.
  public static func key(cache: String) -> String {
    var path = cache
    if path.utf8.first != 47, let cwd = getcwd(nil, 0) {
      path = String(cString: cwd) + "/" + path
      free(cwd)
    }
    // The hash of "/" + the path's non-empty parts joined by "/", in one pass: every emit computes it.
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

  /// The state file of `widget`, joined in one allocation: every emit looks for it.
  func path(for widget: WidgetName) -> String { CacheStore.join(directory, widget.text, ".browse") }

  /// The stored state of `widget`; nil when there is none or it cannot be trusted.
  public func read(_ widget: WidgetName) -> BrowseState? {
    guard let bytes = small(path(for: widget), limit: 1023) else { return nil }
    return BrowseState.decode(Substring(decoding: bytes, as: UTF8.self))
  }

  /// A file of this directory, when the directory can be trusted. The open comes first:
  /// with no file (the bars' usual case) it is the only system call.
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
    guard isSafe() else { throw Self.notPrivate(directory) }
    try store.writeAtomically(Array(state.encoded().utf8), to: path)
  }

  /// Runs `body` holding an exclusive `flock` on the directory itself, so overlapping
  /// read-change-write steps (a fast wheel) take turns. Not a lock file: a `--follow`
  /// emitter watches the directory and would wake for its traffic. The directory is made
  /// first and checked on the open descriptor (in a shared /tmp another user could have
  /// made it and hold its lock forever); the wait is bounded, so a stuck holder costs the
  /// next browse an error, never a click handler hung for good.
  public func withLock<T>(wait: Double = 10, _ body: () throws -> T) throws -> T {
    try makeDirectory()
    let fd = open(directory, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    // A link or a file in its place fails the open (ELOOP, ENOTDIR), and is refused alike.
    guard fd >= 0 || errno == ELOOP || errno == ENOTDIR else { throw CacheWriteError.io("open \(directory)", errno) }
    defer { if fd >= 0 { close(fd) } }
    var info = stat()
    guard fd >= 0, fstat(fd, &info) == 0, Self.isPrivate(info), baseIsSafe() else {
      throw Self.notPrivate(directory)
    }
    try CacheStore.pollLock(fd, path: directory, wait: wait, cap: 3600, step: 10) { seconds in
      .io("lock \(directory) (another `timeline browse` held it for \(seconds) s; the view is unchanged)", EWOULDBLOCK)
    }
    return try body()
  }

  /// The friends wheel's position that an older version kept in `WIDGET.wheel`, when still
  /// live at `now`; the file is removed either way. Call it under `withLock`.
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

  /// Creates the directory and its missing parents (0700) when missing, so a follower can
  /// watch it; a failure changes nothing.
  public func prepare() { try? makeDirectory() }

  /// Makes the directory (0700, with its missing parents), `base` first: inside a base
  /// that is not private nothing is made.
  private func makeDirectory() throws(CacheWriteError) {
    if let base {
      try CacheStore(directory: base).ensureDirectory()
      guard Self.isPrivate(base) else { throw Self.notPrivate(base) }
    }
    try CacheStore(directory: directory).ensureDirectory()
  }

  /// Forgets `widget`'s state: its view is back at now.
  public func remove(_ widget: WidgetName) {
    if isSafe() { unlink(path(for: widget)) }
  }

  /// The view file of `widget` (see `BrowseState.view`); nil when the directory is not safe.
  public func viewPath(for widget: WidgetName) -> String? {
    isSafe() ? directory + "/" + widget.viewFile : nil
  }

  /// Writes the browsed view of `timeline.widget` atomically, in the cache format.
  public func writeView(_ timeline: Timeline) throws(CacheWriteError) {
    try makeDirectory()
    guard let path = viewPath(for: timeline.widget) else { throw Self.notPrivate(directory) }
    try CacheStore(directory: directory).writeAtomically(CacheEncoder.encode(timeline), to: path)
  }

  static func notPrivate(_ path: String) -> CacheWriteError {
    .io("use \(path): not a private directory of this user", EPERM)
  }

  /// The directory is a directory, not a link, owned by us, and only we may write in it;
  /// so is `base` (whoever may rename in it could swap the directory).
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
