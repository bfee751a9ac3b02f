import EmitTestSupport
import Foundation
import Spawning
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

/// `timeline-emit --follow i3bar` asks for click events and acts on them as the other
/// bars' snippets do: the wheel browses (down `next`, up `prev`). The built emitter, the
/// built `timeline` beside it, a real pipe for stdin as i3bar and swaybar write it.
@Suite struct I3barClickTests {
  @Test func theWheelOverABlockBrowsesItsWidget() throws {
    let dir = try TempDir()
    let now = Int64(Date().timeIntervalSince1970)
    Caches.write(
      Caches.timeline(entries: [Caches.entry("NOW", at: now - 60), Caches.entry("LATER", at: now + 3 * 3600)]),
      in: dir.file("cache"))
    let config = try dir.write("config.toml", "[widgets.w]\nkind = \"command\"\ncommand = [\"/bin/true\"]\n")
    mkdir(dir.file("run"), 0o700)
    let input = try Subprocess.makePipe()
    let output = try Subprocess.makePipe()
    _ = fcntl(input.write, F_SETFD, FD_CLOEXEC)
    _ = fcntl(output.read, F_SETFD, FD_CLOEXEC)
    let pid = try Subprocess.spawn(
      [Paths.binary("timeline-emit"), "--follow", "i3bar", "w"],
      environment: [
        "TIMELINE_CACHE_DIR": dir.file("cache"), "TIMELINE_CONFIG": config, "XDG_RUNTIME_DIR": dir.file("run"),
      ],
      stdin: .descriptor(input.read), stdout: .descriptor(output.write), stderr: .null)
    close(input.read)
    close(output.write)
    defer {
      kill(pid, SIGKILL)
      _ = Subprocess.wait(pid, within: 5)
      close(input.write)
      close(output.read)
    }
    var buffer: [UInt8] = []
    func nextLine() -> String? {
      let deadline = Date().addingTimeInterval(20)
      while Date() < deadline {
        if let newline = buffer.firstIndex(of: 0x0A) {
          let line = String(decoding: buffer[..<newline], as: UTF8.self)
          buffer.removeSubrange(...newline)
          return line
        }
        var pfd = pollfd(fd: output.read, events: Int16(POLLIN), revents: 0)
        guard poll(&pfd, 1, 1000) > 0 else { continue }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = read(output.read, &chunk, chunk.count)
        if count <= 0 { return nil }
        buffer += chunk[0..<count]
      }
      return nil
    }
    func click(_ text: String) {
      _ = text.utf8CString.withUnsafeBufferPointer { write(input.write, $0.baseAddress, $0.count - 1) }
    }

    #expect(nextLine() == #"{"version":1,"stop_signal":0,"click_events":true}"#)
    #expect(nextLine() == "[")
    #expect(try #require(nextLine()).contains("NOW"))
    // i3bar opens its own array, then one event per line.
    click("[\n{\"name\":\"timeline\",\"instance\":\"w\",\"button\":5,\"x\":10,\"y\":5}\n")
    let browsed = try #require(nextLine())
    #expect(browsed.hasPrefix(",[") && browsed.contains("LATER") && browsed.contains("▸"), "\(browsed)")
    // A click on another program's block is not ours.
    click(",{\"name\":\"clock\",\"instance\":\"other\",\"button\":4}\n")
    click(",{\"name\":\"timeline\",\"instance\":\"w\",\"button\":4}\n")
    let back = try #require(nextLine())
    #expect(back.contains("NOW") && !back.contains("▸"), "\(back)")
    // The actions have ended and none is left a zombie of the follower (the kernel reaps
    // them; no later click is needed to collect them).
    var zombies = ["?"]
    let deadline = Date().addingTimeInterval(20)
    while !zombies.isEmpty && Date() < deadline {
      zombies = Self.zombieChildren(of: pid)
      if !zombies.isEmpty { usleep(50_000) }
    }
    #expect(zombies.isEmpty, "\(zombies)")
    kill(pid, SIGTERM)
    #expect(Subprocess.wait(pid, within: 20)?.status == 0)
  }

  /// The processes whose parent is `pid` and whose state is Z, from /proc.
  static func zombieChildren(of pid: pid_t) -> [String] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.filter { $0.allSatisfy(\.isNumber) }.compactMap { child in
      guard let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return nil }
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      guard fields.count > 2, fields[0] == "Z", fields[1] == Substring(String(pid)) else { return nil }
      return child
    }
  }
}
