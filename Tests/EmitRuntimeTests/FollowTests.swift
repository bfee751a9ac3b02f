import EmitTestSupport
import Foundation
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

/// `--follow` through the built `timeline-emit`: real files, real inotify, real signals.
/// Deadlines only bound a hang; nothing asserts on timing.
@Suite(.serialized) struct FollowTests {
  final class Follower {
    let pid: pid_t
    private var readFD: Int32
    private var buffer = Data()
    private var exited = false

    init(_ arguments: [String], cacheDir: String, environment: [String: String] = [:]) throws {
      var fds: [Int32] = [-1, -1]
      guard pipe(&fds) == 0 else { throw CocoaError(.fileWriteUnknown) }
      _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
      pid = Spawn.start(
        Paths.binary("timeline-emit"), arguments + ["--follow"],
        environment: environment.merging(["TIMELINE_CACHE_DIR": cacheDir]) { $1 },
        stdout: .descriptor(fds[1]), stderr: .null)
      close(fds[1])
      readFD = fds[0]
      guard pid > 0 else { throw CocoaError(.executableLoad) }
    }

    /// The next line, or nil if none arrives before the deadline.
    func nextLine(within seconds: Double = 20) -> String? {
      let deadline = Date().addingTimeInterval(seconds)
      while true {
        if let newline = buffer.firstIndex(of: 0x0A) {
          let line = buffer[buffer.startIndex..<newline]
          buffer = Data(buffer[(newline + 1)...])
          return String(decoding: line, as: UTF8.self)
        }
        let remaining = deadline.timeIntervalSinceNow
        if remaining <= 0 || readFD < 0 { return nil }
        var pfd = pollfd(fd: readFD, events: Int16(POLLIN), revents: 0)
        guard poll(&pfd, 1, Int32(remaining * 1000)) > 0 else { continue }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = read(readFD, &chunk, chunk.count)
        if count <= 0 { return nil }
        buffer.append(contentsOf: chunk[0..<count])
      }
    }

    /// Closes our end of its stdout, as a bar does when it goes away.
    func closeOutput() {
      close(readFD)
      readFD = -1
    }

    var isRunning: Bool { !exited && kill(pid, 0) == 0 && Spawn.wait(pid, within: 0) == nil }

    func signal(_ number: Int32) { kill(pid, number) }

    /// Exit status and whether a signal ended it; nil if it did not end in time (then it is
    /// killed).
    func exitStatus(within seconds: Double = 20) -> (status: Int32, signalled: Bool)? {
      if let result = Spawn.wait(pid, within: seconds) {
        exited = true
        return result
      }
      kill(pid, SIGKILL)
      _ = Spawn.wait(pid)
      exited = true
      return nil
    }

    deinit {
      if !exited {
        kill(pid, SIGKILL)
        _ = Spawn.wait(pid)
      }
      if readFD >= 0 { close(readFD) }
    }
  }

  func version(_ text: String, widget: WidgetName = "w") -> Timeline {
    Caches.timeline(widget, entries: [Caches.entry(text, at: 0)])
  }

  @Test func printsOnEachRewriteThenExitsOnSIGTERM() throws {
    let dir = try TempDir()
    Caches.write(version("v0"), in: dir.path)
    let follower = try Follower(["plain", "w"], cacheDir: dir.path)
    #expect(follower.nextLine() == "v0")
    for n in 1...3 {
      Caches.write(version("v\(n)"), in: dir.path)
      #expect(follower.nextLine() == "v\(n)")
    }
    follower.signal(SIGTERM)
    let status = try #require(follower.exitStatus())
    #expect(status.status == 0)
    #expect(!status.signalled)
  }

  @Test func aStackFollowsEachMembersCache() throws {
    let dir = try TempDir()
    func member(_ name: WidgetName, _ text: String, score: Int) {
      let entry = Entry(date: 0, relevance: Relevance(score), runs: [TextRun(text)], alt: "a")
      Caches.write(Caches.timeline(name, entries: [entry]), in: dir.path)
    }
    member("quiet", "shabad", score: 10)
    member("alarm", "calm", score: 5)
    var stack = Caches.timeline("now", kind: "stack", entries: [])
    stack.members = ["alarm", "quiet"]
    stack.minDisplay = 0
    Caches.write(stack, in: dir.path)
    let runtime = dir.file("run")
    let follower = try Follower(["plain", "now"], cacheDir: dir.path, environment: ["XDG_RUNTIME_DIR": runtime])
    #expect(follower.nextLine() == "shabad")
    // A refresh of one member (not of the stack) changes what the stack shows.
    member("alarm", "level 4", score: 85)
    #expect(follower.nextLine() == "level 4")
    member("alarm", "calm", score: 5)
    #expect(follower.nextLine() == "shabad")
    follower.signal(SIGTERM)
    #expect(try #require(follower.exitStatus()).status == 0)
  }

  @Test func unchangedOutputIsNotRepeatedAndOtherFilesAreIgnored() throws {
    let dir = try TempDir()
    Caches.write(version("same"), in: dir.path)
    let follower = try Follower(["waybar", "w"], cacheDir: dir.path)
    #expect(follower.nextLine()?.contains("same") == true)
    Caches.write(version("same"), in: dir.path)
    Caches.write(version("other", widget: "other"), in: dir.path)
    Caches.write(version("changed"), in: dir.path)
    #expect(follower.nextLine()?.contains("changed") == true)
    follower.signal(SIGINT)
    #expect(follower.exitStatus()?.status == 0)
  }

  @Test func realTimeSignalsDoNotKillIt() throws {
    let dir = try TempDir()
    Caches.write(version("a"), in: dir.path)
    let follower = try Follower(["tmux", "w"], cacheDir: dir.path)
    #expect(follower.nextLine() == "a")
    follower.signal(sigrtminPlus(8))
    Caches.write(version("b"), in: dir.path)
    #expect(follower.nextLine() == "b")
    #expect(follower.isRunning)
    follower.signal(SIGTERM)
    #expect(follower.exitStatus()?.status == 0)
  }

  @Test func exitsCleanlyWhenTheReaderGoes() throws {
    let dir = try TempDir()
    Caches.write(version("a"), in: dir.path)
    let follower = try Follower(["plain", "w"], cacheDir: dir.path)
    #expect(follower.nextLine() == "a")
    follower.closeOutput()
    Caches.write(version("b"), in: dir.path)
    let status = try #require(follower.exitStatus())
    #expect(status.status == 0)
    #expect(!status.signalled)
  }

  @Test func waitsForAMissingCacheDirectory() throws {
    let root = try TempDir()
    let dir = root.path + "/not/yet"
    let follower = try Follower(["plain", "w"], cacheDir: dir)
    #expect(follower.nextLine() == "w…")
    Caches.write(version("arrived"), in: dir)  // creates not/, then not/yet/, then the file
    #expect(follower.nextLine() == "arrived")
    follower.signal(SIGTERM)
    #expect(follower.exitStatus()?.status == 0)
  }

  @Test func i3barProtocolWithSeveralWidgets() throws {
    let dir = try TempDir()
    Caches.write(version("A", widget: "a"), in: dir.path)
    let follower = try Follower(["i3bar", "a", "b"], cacheDir: dir.path)
    #expect(follower.nextLine() == #"{"version":1,"stop_signal":0,"click_events":true}"#)
    #expect(follower.nextLine() == "[")
    let first = try #require(follower.nextLine())
    #expect(first.hasPrefix("[{"))
    Caches.write(version("B", widget: "b"), in: dir.path)
    let second = try #require(follower.nextLine())
    #expect(second.hasPrefix(",[{"))
    let blocks = try #require(try JSONSerialization.jsonObject(with: Data(second.dropFirst().utf8)) as? [[String: Any]])
    #expect(blocks.map { $0["full_text"] as? String } == ["A", "B"])
    follower.signal(SIGTERM)
    #expect(follower.exitStatus()?.status == 0)
  }

  @Test func wakesAtTheNextEntryWithoutAnyFileChange() throws {
    let dir = try TempDir()
    let now = Int64(Date().timeIntervalSince1970)
    Caches.write(
      Caches.timeline(entries: [Caches.entry("now", at: 0), Caches.entry("next", at: now + 2)]), in: dir.path)
    let follower = try Follower(["plain", "w"], cacheDir: dir.path)
    #expect(follower.nextLine() == "now")
    #expect(follower.nextLine() == "next")
    follower.signal(SIGTERM)
    #expect(follower.exitStatus()?.status == 0)
  }
}

// SIGRTMIN is a glibc macro calling a function; Swift does not import it.
func sigrtminPlus(_ n: Int32) -> Int32 { __libc_current_sigrtmin() + n }
