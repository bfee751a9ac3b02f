import EmitTestSupport
import Foundation
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

/// Issue 13, findings 9 and 11: a `--follow` emitter must not outlive the reader of its
/// stdout, nor die of a stray SIGUSR1/SIGUSR2. Real processes, pipes and signals.
@Suite(.serialized) struct FollowHangupTests {
  typealias Follower = FollowTests.Follower

  /// The reader closes its end and nothing is ever written again (the next change is a day
  /// away): the follower must see the hang-up by itself and exit 0.
  @Test func exitsAtOnceWhenTheReaderHangsUpWithNothingToWrite() throws {
    let dir = try TempDir()
    let now = Int64(Date().timeIntervalSince1970)
    Caches.write(
      Caches.timeline("w", entries: [Caches.entry("today", at: now - 60), Caches.entry("tomorrow", at: now + 86_400)]),
      in: dir.path)
    let follower = try Follower(["plain", "w"], cacheDir: dir.path)
    #expect(follower.nextLine() == "today")
    follower.closeOutput()
    let status = try #require(follower.exitStatus(within: 10), "still running after its reader hung up")
    #expect(status.status == 0)
    #expect(!status.signalled)
  }

  @Test(arguments: [SIGUSR1, SIGUSR2])
  func userSignalsDoNotKillIt(_ signal: Int32) throws {
    let dir = try TempDir()
    Caches.write(Caches.timeline("w", entries: [Caches.entry("a", at: 0)]), in: dir.path)
    let follower = try Follower(["waybar", "w"], cacheDir: dir.path)
    #expect(follower.nextLine()?.contains("\"a\"") == true)
    follower.signal(signal)
    Caches.write(Caches.timeline("w", entries: [Caches.entry("b", at: 0)]), in: dir.path)
    #expect(follower.nextLine()?.contains("\"b\"") == true)
    #expect(follower.isRunning)
    follower.signal(SIGTERM)
    #expect(follower.exitStatus()?.status == 0)
  }
}
