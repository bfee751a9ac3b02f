import EmitTestSupport
import Foundation
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

/// A follower ends when the bar that started it dies, even though its stdout stays
/// writable (waybar 0.9.17 leaks its modules' pipe ends, so no write ever fails). A real
/// process tree: a shell plays the bar; the test holds the read end of the follower's
/// stdout open the whole time. Deadlines only bound a hang.
@Suite(.serialized) struct FollowParentTests {
  /// "R", "S", "Z" (exited, not yet reaped by its new parent), or nil when it is gone.
  static func processState(_ pid: pid_t) -> String? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    return stat[stat.index(close, offsetBy: 2)...].split(separator: " ").first.map(String.init)
  }

  static func hasExited(_ pid: pid_t) -> Bool { processState(pid).map { $0 == "Z" || $0 == "X" } ?? true }

  /// Starts `sh -c SCRIPT` as the "bar" with stdout on a pipe we read; returns its pid,
  /// our read end and the follower's pid, which the script writes to `pidFile`.
  static func startBar(_ script: String, cacheDir: String, pidFile: String) throws -> (
    bar: pid_t, read: Int32, follower: pid_t
  ) {
    var fds: [Int32] = [-1, -1]
    #expect(pipe(&fds) == 0)
    _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
    let bar = Spawn.start(
      "/bin/sh", ["-c", script],
      environment: ["TIMELINE_CACHE_DIR": cacheDir, "EMIT": Paths.binary("timeline-emit"), "PIDFILE": pidFile],
      stdout: .descriptor(fds[1]), stderr: .null)
    close(fds[1])
    #expect(bar > 0)
    let deadline = Date().addingTimeInterval(20)
    var follower: pid_t = 0
    while follower == 0 && Date() < deadline {
      follower =
        pid_t(
          (try? String(contentsOfFile: pidFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        ) ?? 0
      if follower == 0 { usleep(20_000) }
    }
    return (bar, fds[0], try #require(follower > 0 ? follower : nil, "the shell never started the follower"))
  }

  static func readLine(_ fd: Int32) -> String? {
    var line: [UInt8] = []
    var byte: UInt8 = 0
    var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    while poll(&pfd, 1, 20_000) > 0, read(fd, &byte, 1) == 1 {
      if byte == 0x0A { return String(decoding: line, as: UTF8.self) }
      line.append(byte)
    }
    return nil
  }

  static func waitUntilExited(_ pid: pid_t) -> Bool {
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline {
      if hasExited(pid) { return true }
      usleep(20_000)
    }
    return hasExited(pid)
  }

  /// The shell is the bar; the follower is its child through a snippet that `exec`s the
  /// emitter (as the shipped snippets do), so the bar is the follower's parent. The bar
  /// ends by SIGTERM (a waybar restart) or SIGKILL (a crash).
  @Test(arguments: [SIGTERM, SIGKILL])
  func exitsWhenTheBarDiesWhileStdoutStaysOpen(signal: Int32) throws {
    let script = #"sh -c 'exec "$EMIT" --follow plain w' & echo $! > "$PIDFILE"; wait"#
    let dir = try TempDir()
    Caches.write(Caches.timeline("w", entries: [Caches.entry("first", at: 0)]), in: dir.path)
    let (bar, readFD, follower) = try Self.startBar(script, cacheDir: dir.path, pidFile: dir.path + "/pid")
    defer {
      kill(follower, SIGKILL)
      close(readFD)
    }
    #expect(Self.readLine(readFD) == "first")
    // While the bar lives, the follower keeps following: a rewrite still shows.
    Caches.write(Caches.timeline("w", entries: [Caches.entry("second", at: 0)]), in: dir.path)
    #expect(Self.readLine(readFD) == "second")
    #expect(!Self.hasExited(follower))

    kill(bar, signal)
    _ = Spawn.wait(bar)
    // Our read end is still open, so its writes would succeed: only the parent's death
    // can end it.
    #expect(
      Self.waitUntilExited(follower), "the follower outlived the bar (state \(Self.processState(follower) ?? "gone"))")
  }
}
