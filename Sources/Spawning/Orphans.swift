import Glibc

/// Processes a command started that left its process group (`setsid prog &`): stopping
/// the group cannot reach them, so the refresh adopts them instead and ends them before
/// it exits. A timer-run refresh must not leave daemons behind, one per run.
public enum Orphans {
  /// PR_SET_CHILD_SUBREAPER (linux/prctl.h; not in Glibc's module map).
  private static let setChildSubreaper: Int32 = 36

  // prctl(2) is variadic in C, which Swift does not import; its arguments are plain
  // words, so declaring it with a fixed list calls it correctly on Linux.
  @_silgen_name("prctl")
  private static func prctl(_ option: Int32, _ argument: UInt) -> Int32

  /// Makes this process the reaper of its orphaned descendants: when a command exits,
  /// whatever it left running is reparented here, not to init.
  public static func adopt() {
    _ = prctl(setChildSubreaper, 1)
  }

  /// Stops every adopted orphan (a child of this process that no `Subprocess` run is
  /// waiting for): SIGTERM to it and its group, a grace, then SIGKILL, and reaps it.
  /// Call it when no run is in progress, e.g. as the refresh ends.
  public static func stopAll() {
    let orphans = children(of: getpid()).filter { !ProcessGroups.isRegistered($0) }
    for pid in orphans { signal(pid, SIGTERM) }
    let until = Clocks.monotonicMillis() + ProcessGroups.termGraceMillis
    var left = orphans
    while !left.isEmpty && Clocks.monotonicMillis() < until {
      left = left.filter { waitpid($0, nil, WNOHANG) == 0 }
      if !left.isEmpty { usleep(20_000) }
    }
    for pid in left {
      signal(pid, SIGKILL)
      _ = waitpid(pid, nil, 0)
    }
  }

  /// The process, and its group when it leads one (a `setsid` daemon does).
  private static func signal(_ pid: pid_t, _ signal: Int32) {
    if getpgid(pid) == pid { kill(-pid, signal) }
    kill(pid, signal)
  }

  /// The processes whose parent is `parent`, from /proc/PID/stat.
  static func children(of parent: pid_t) -> [pid_t] {
    guard let dir = opendir("/proc") else { return [] }
    defer { closedir(dir) }
    var found: [pid_t] = []
    while let item = readdir(dir) {
      let name = withUnsafeBytes(of: item.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      guard let pid = pid_t(name), let ppid = parentOf(pid), ppid == parent else { continue }
      found.append(pid)
    }
    return found
  }

  /// The fourth field of /proc/PID/stat; the second, the command name, may hold spaces
  /// and parentheses, so the fields are counted from its last `)`.
  private static func parentOf(_ pid: pid_t) -> pid_t? {
    let fd = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 512)
    let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    let text = buffer[..<count]
    guard let close = text.lastIndex(of: UInt8(ascii: ")")) else { return nil }
    let fields = text[(close + 1)...].split(separator: UInt8(ascii: " "))
    guard fields.count >= 2 else { return nil }
    return pid_t(String(decoding: fields[1], as: UTF8.self))
  }
}
