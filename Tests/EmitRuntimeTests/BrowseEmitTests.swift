import EmitTestSupport
import Foundation
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

/// Browsing through the built binaries: `timeline browse` writes the session state,
/// `timeline-emit` (one-shot and `--follow`) shows the browsed entry, and any state that
/// is missing, expired, damaged or not ours means now.
@Suite(.serialized) struct BrowseEmitTests {
  let dir: TempDir
  var cache: String { dir.file("cache") }
  var runtime: String { dir.file("run") }
  /// The session folder of `cache`, as the binaries name it.
  var session: String { BrowseStore.session(cache: cache, environment: { env[$0] }).directory }
  var env: [String: String] {
    ["TIMELINE_CACHE_DIR": cache, "XDG_RUNTIME_DIR": runtime, "TIMELINE_CONFIG": dir.file("config.toml")]
  }

  init() throws {
    dir = try TempDir()
    mkdir(dir.file("run"), 0o700)
    try dir.write(
      "config.toml", "[bars]\nbrowse_timeout = \"1h\"\n\n[widgets.w]\nkind = \"command\"\ncommand = [\"true\"]\n")
  }

  func write(_ entries: [Entry]) {
    Caches.write(Caches.timeline(entries: entries), in: cache)
  }

  func emit(_ format: String, at: Int64) throws -> String {
    let result = try run(Paths.binary("timeline-emit"), [format, "w", "--at", "@\(at)"], environment: env)
    #expect(result.status == 0)
    return result.stdout.trimmingCharacters(in: .newlines)
  }

  @Test func aLiveStateShowsTheBrowsedEntryElseNow() throws {
    write([Caches.entry("one", at: 1000), Caches.entry("two", at: 2000), Caches.entry("three", at: 90_000)])
    let store = BrowseStore(directory: session)
    try store.write(BrowseState(offset: 1, anchor: 1000, target: 2000, expires: 1500), for: try .named("w"))
    #expect(try emit("plain", at: 1100) == "in 15 min ▸ two")
    let waybar = try #require(jsonObject(try emit("waybar", at: 1100)))
    #expect(waybar["text"] as? String == "two")
    #expect((waybar["class"] as? [String])?.contains("browsing") == true)
    #expect((waybar["tooltip"] as? String)?.hasPrefix("▸ in 15 min") == true)
    // The stored day word is used for the entry it names.
    try store.write(
      BrowseState(offset: 2, anchor: 1000, target: 90_000, expires: 1500, label: "tomorrow"), for: try .named("w"))
    #expect(try emit("tmux", at: 1100) == "tomorrow ▸ three")
    // Expired, or another entry current: now.
    #expect(try emit("plain", at: 1500) == "one")
    #expect(try emit("plain", at: 2100) == "two")
    // Damaged, empty, or in a directory others may write to: now, exit 0.
    for text in ["", "timeline-browse 1\noffset 1\n", String(repeating: "x", count: 5000), "\u{FF}\u{00}"] {
      try text.write(toFile: session + "/w.browse", atomically: false, encoding: .utf8)
      #expect(try emit("plain", at: 1100) == "one")
    }
    try store.write(BrowseState(offset: 1, anchor: 1000, target: 2000, expires: 1500), for: try .named("w"))
    chmod(session, 0o775)
    #expect(try emit("plain", at: 1100) == "one")
    chmod(session, 0o700)
    #expect(try emit("plain", at: 1100) == "in 15 min ▸ two")
  }

  @Test func theCommandWalksTheTimelineAndRefusesUnknownWidgets() throws {
    let now = Int64(Date().timeIntervalSince1970)
    write([
      Caches.entry("one", at: now - 60), Caches.entry("two", at: now + 3 * 3600),
      Caches.entry("three", at: now + 6 * 3600),
    ])
    let timeline = Paths.binary("timeline")
    for (move, shown) in [
      ("next", "two"), ("next", "three"), ("next", "three"), ("prev", "two"), ("prev", "one"), ("prev", "one"),
    ] {
      let result = try run(timeline, ["browse", "w", move], environment: env)
      #expect(result.status == 0, "\(result.stderr)")
      let line = try run(Paths.binary("timeline-emit"), ["plain", "w"], environment: env).stdout
      #expect(line.hasSuffix(shown + "\n"), "\(move): \(line)")
    }
    let unknown = try run(timeline, ["browse", "nope", "next"], environment: env)
    #expect(unknown.status == 2 && unknown.stderr.contains("unknown widget \"nope\""), "\(unknown.stderr)")
    let badMove = try run(timeline, ["browse", "w", "sideways"], environment: env)
    #expect(badMove.status != 0 && badMove.stderr.contains("sideways"))
    let help = try run(timeline, ["browse", "--help"], environment: env)
    #expect(help.status == 0 && help.stdout.contains("browse_timeout"))
  }

  @Test func aFollowerShowsTheBrowsedEntryAndTheReturnToNow() throws {
    let now = Int64(Date().timeIntervalSince1970)
    write([Caches.entry("one", at: now - 60), Caches.entry("two", at: now + 3 * 3600)])
    let follower = try FollowTests.Follower(["plain", "w"], cacheDir: cache, environment: env)
    #expect(follower.nextLine() == "one")
    #expect(try run(Paths.binary("timeline"), ["browse", "w", "next"], environment: env).status == 0)
    #expect(follower.nextLine()?.hasSuffix("▸ two") == true)
    #expect(try run(Paths.binary("timeline"), ["browse", "w", "now"], environment: env).status == 0)
    #expect(follower.nextLine() == "one")
    // A state that expires in a few seconds: the follower's timer brings it back to now.
    let store = BrowseStore(directory: session)
    let soon = Int64(Date().timeIntervalSince1970) + 4
    try store.write(
      BrowseState(offset: 1, anchor: now - 60, target: now + 3 * 3600, expires: soon), for: try .named("w"))
    #expect(follower.nextLine()?.hasSuffix("▸ two") == true)
    #expect(follower.nextLine() == "one")
    follower.signal(SIGTERM)
    #expect(follower.exitStatus()?.status == 0)
  }
}
