import Foundation
import Testing
import TimelineCache
import TimelineTestSupport

/// The friends wheel: one binding (`timeline browse WIDGET next|prev|now`, what every bar's
/// snippet and the emitters' own click actions run) turns through today's due list, as
/// `timeline friends next|prev` does; its position lives in the session's browse state,
/// one file under one lock, and an older version's `.wheel` file is taken over once.
extension FriendsCLITests {
  /// Alice (3 days overdue) and Åse (due today) are due, in that order.
  func twoDue() throws {
    try timeline(["refresh"])
    try timeline(["friends", "log", "alice", "--when", "17d"])
    try timeline(["friends", "log", "ASE", "--when", Self.utcDay(-14)])
  }

  /// The browse folder of this suite's cache directory, as the binaries name it.
  var session: String { BrowseStore.session(cache: dir.file("cache"), environment: { env[$0] }).directory }

  func browseFile() -> String { (try? String(contentsOfFile: session + "/friends.browse", encoding: .utf8)) ?? "" }

  @Test func browseTurnsThroughFriendsAsTheFriendsCommandsDo() throws {
    try twoDue()
    let first = try timeline(["browse", "friends", "next"]).stdout
    #expect(first.hasPrefix("friends: 2/2 ▸ ☎ Åse Nordmann · due today (back to the most due at "), "\(first)")
    #expect(try emit("plain") == "2/2 ▸ ☎ Åse Nordmann · due today\n")
    // The two commands share one position: either turns on from where the other left it.
    try timeline(["friends", "next", "friends"])
    #expect(try emit("plain") == "1/2 ▸ ☎ Alice Example · 3 days overdue\n")
    #expect(try timeline(["browse", "friends", "prev", "--quiet"]).stdout == "")
    #expect(try emit("plain") == "2/2 ▸ ☎ Åse Nordmann · due today\n")
    try timeline(["friends", "prev", "friends"])
    try timeline(["browse", "friends", "prev"])
    #expect(try emit("plain") == "2/2 ▸ ☎ Åse Nordmann · due today\n", "prev wraps from the top to the last")
    #expect(try timeline(["open", "friends", "--print"]).stdout == "mailto:ase@example.no\n")
    #expect(try timeline(["browse", "friends", "now"]).stdout == "friends: now\n")
    #expect(try emit("plain") == "☎ Alice Example · 3 days overdue\n")
    #expect(!FileManager.default.fileExists(atPath: session + "/friends.browse"))
  }

  /// The emitters' own wheel actions (xmobar, lemonbar `--click`) run `timeline browse`,
  /// so on a friends widget they turn through friends too.
  @Test func theEmittersWheelActionsTurnThroughFriends() throws {
    try twoDue()
    let line = try run(Paths.binary("timeline-emit"), ["lemonbar", "friends", "--click"], environment: env).stdout
    let action = try #require(line.firstMatch(of: /%\{A5:(timeline browse friends next --quiet):\}/)?.output.1)
    let words = action.split(separator: " ").map(String.init)
    #expect(try timeline(Array(words.dropFirst())).stdout == "")
    #expect(try emit("plain") == "2/2 ▸ ☎ Åse Nordmann · due today\n")
  }

  /// One file: the position is in the browse state next to the view it belongs to, and
  /// nothing else is left in the session directory.
  @Test func thePositionIsKeptInTheBrowseState() throws {
    try twoDue()
    try timeline(["browse", "friends", "next"])
    try timeline(["browse", "friends", "next"])
    try timeline(["browse", "friends", "next"])
    #expect(browseFile().hasSuffix("view 1\nwheel 3\n"), "\(browseFile())")
    let files = try FileManager.default.contentsOfDirectory(atPath: session).sorted()
    #expect(files == ["friends.browse", "friends.view"], "\(files)")
  }

  /// Concurrent turns (a fast wheel) are applied one after another under the one lock.
  @Test func concurrentTurnsAreAllCounted() throws {
    try twoDue()
    // $XDG_RUNTIME_DIR exists in a session; the lock is taken on its `timeline` directory.
    try FileManager.default.createDirectory(atPath: dir.file("run"), withIntermediateDirectories: true)
    let ran = try run(
      "/bin/sh",
      [
        "-c",
        "i=0; while [ $i -lt 12 ]; do { \"$T\" browse friends next --quiet || echo failed; } & i=$((i + 1)); done; wait",
      ], environment: env.merging(["T": Paths.binary("timeline")]) { $1 }, timeout: 240)
    #expect(ran.status == 0 && !ran.stdout.contains("failed") && ran.stderr.isEmpty, "\(ran)")
    #expect(browseFile().hasSuffix("wheel 12\n"), "\(browseFile())")
  }

  /// A `.wheel` file an older version left is taken over while it is live (its position
  /// goes on from there) and removed; an expired, damaged or odd one is ignored and removed.
  @Test(arguments: ["live", "expired", "garbage", "fifo", "directory"])
  func anOldWheelFileIsTakenOverOnceOrIgnored(_ kind: String) throws {
    try twoDue()
    try FileManager.default.createDirectory(atPath: session, withIntermediateDirectories: true)
    chmod(session, 0o700)
    let old = session + "/friends.wheel"
    let now = Int(Date().timeIntervalSince1970)
    switch kind {
    case "live": try "1 \(now + 50)\n".write(toFile: old, atomically: true, encoding: .utf8)
    case "expired": try "1 \(now - 5)\n".write(toFile: old, atomically: true, encoding: .utf8)
    case "garbage": try "\u{1B}[2J 1 2 3\n".write(toFile: old, atomically: true, encoding: .utf8)
    case "fifo": #expect(mkfifo(old, 0o600) == 0)
    default: try FileManager.default.createDirectory(atPath: old, withIntermediateDirectories: false)
    }
    try timeline(["browse", "friends", "next"])
    // Taken over at 1 (Åse), one more turn wraps to Alice; otherwise the turn starts at the top.
    let expected = kind == "live" ? "1/2 ▸ ☎ Alice Example · 3 days overdue\n" : "2/2 ▸ ☎ Åse Nordmann · due today\n"
    #expect(try emit("plain") == expected, "\(kind)")
    #expect(browseFile().hasSuffix(kind == "live" ? "wheel 2\n" : "wheel 1\n"), "\(browseFile())")
    var info = stat()
    #expect(kind == "directory" ? lstat(old, &info) == 0 : lstat(old, &info) != 0, "\(kind): left \(old)")
  }
}
