import EmitRuntime
import Emitters
import Foundation
import Testing
import TimelineCore
import TimelineTestSupport

@testable import Providers
@testable import TimelineCache
@testable import TimelineKit

/// `timeline browse` in-process: a random-shabad timeline (eight 3-hour entries, then the
/// offline repeats, which browsing never offers as what lies ahead) at a fixed clock,
/// and a private browse directory.
@Suite struct BrowseTests {
  let engine: Engine
  let browse: BrowseStore
  let oslo = Zone.oslo

  init() async throws {
    engine = try Engine("[bars]\nbrowse_timeout = \"2m\"\n\n[widgets.shabad]\nkind = \"random-shabad\"\n")
    browse = BrowseStore(directory: engine.dir.file("run"))
    #expect(try await engine.refresh("shabad").isRefreshed)
  }

  func move(_ move: Browser.Move, at now: Int64? = nil) throws -> Browser.Outcome {
    try Browser.move(
      move, widget: "shabad", config: engine.config(), cache: engine.store, browse: browse, now: now ?? engine.now,
      zone: oslo)
  }

  @Test func nextWalksAheadAndPrevComesBackButNeverBeforeNow() throws {
    let t = engine.now
    let first = try move(.next)
    #expect(first.offset == 1 && first.entry?.date == t + 3 * 3600 && first.label == "in 3 h")
    #expect(first.expires == t + 120)
    let second = try move(.next)
    #expect(second.offset == 2 && second.entry?.date == t + 6 * 3600 && second.label == "in 6 h")
    #expect(try browse.read(.named("shabad"))?.offset == 2)
    #expect(try move(.prev).offset == 1)
    #expect(try move(.prev).offset == 0)
    #expect(try browse.read(.named("shabad")) == nil)
    #expect(try move(.prev).offset == 0)
  }

  @Test func nextPastTheLastEntryStaysOnTheLast() throws {
    var last = try move(.next)
    for _ in 0..<80 { last = try move(.next) }
    let fresh = try engine.timeline("shabad").entries.filter { !$0.isRepeat }.count
    #expect(fresh == 8 && last.offset == fresh - 1)
    #expect(try move(.next).offset == last.offset)
  }

  @Test func aDayWordForAnotherDayAndTheViewEndsAtLocalMidnight() throws {
    // 06:00 UTC is 07:00 in Oslo: the fourth entry ahead is at 18:00 UTC, 19:00 Oslo,
    // the sixth at 00:00 UTC, 01:00 tomorrow in Oslo.
    for _ in 0..<5 { _ = try move(.next) }
    let sixth = try move(.next)
    #expect(sixth.offset == 6 && sixth.label == "tomorrow 01:00")
    #expect(try browse.read(.named("shabad"))?.label == "tomorrow 01:00")
    // Browsed at 23:59:30 Oslo (22:59:30 UTC), a 2-minute timeout would outlive the day:
    // the view ends at midnight Oslo.
    let late = engine.now + 16 * 3600 + 59 * 60 + 30
    let outcome = try move(.next, at: late)
    #expect(outcome.label?.hasPrefix("tomorrow") == true)
    #expect(outcome.expires == engine.now + 17 * 3600)
  }

  @Test func theViewReturnsToNowAfterTheTimeoutOrWhenTheCurrentEntryChanges() throws {
    _ = try move(.next)
    _ = try move(.next)
    // After the timeout the old offset is forgotten: next is one ahead again.
    #expect(try move(.next, at: engine.now + 121).offset == 1)
    // A new current entry (3 h later) ends the browse too.
    #expect(try move(.next, at: engine.now + 3 * 3600 + 60).offset == 1)
  }

  @Test func anUnknownWidgetIsAConfigError() throws {
    #expect(throws: ConfigError.self) {
      try Browser.move(
        .next, widget: "nope", config: engine.config(), cache: engine.store, browse: browse, now: engine.now)
    }
  }

  @Test func anUnsafeDirectoryIsNeitherReadNorWritten() throws {
    _ = try move(.next)
    #expect(try browse.read(.named("shabad")) != nil)
    chmod(engine.dir.file("run"), 0o777)
    #expect(try browse.read(.named("shabad")) == nil)
    #expect(throws: CacheWriteError.self) {
      try browse.write(BrowseState(offset: 1, anchor: nil, target: 1, expires: 2), for: try .named("shabad"))
    }
    chmod(engine.dir.file("run"), 0o700)
    // A symlink in place of the directory is not followed.
    let linked = BrowseStore(directory: engine.dir.file("link"))
    symlink(engine.dir.file("run"), engine.dir.file("link"))
    #expect(try linked.read(.named("shabad")) == nil)
  }

  @Test func theFallbackDirectoryIsPerUser() {
    #expect(BrowseStore.baseDirectory(environment: { _ in nil }) == "/tmp/timeline-\(getuid())")
    #expect(
      BrowseStore.baseDirectory(environment: { $0 == "TMPDIR" ? "/var/tmp/u/" : nil })
        == "/var/tmp/u/timeline-\(getuid())")
    #expect(
      BrowseStore.baseDirectory(environment: { $0 == "TMPDIR" ? "tmp" : nil }) == "/tmp/timeline-\(getuid())")
    #expect(
      BrowseStore.baseDirectory(environment: { $0 == "XDG_RUNTIME_DIR" ? "/run/user/7/" : nil })
        == "/run/user/7/timeline")
    #expect(
      BrowseStore.baseDirectory(environment: { $0 == "XDG_RUNTIME_DIR" ? "relative" : nil })
        == "/tmp/timeline-\(getuid())")
  }

  /// Each cache directory browses in its own subfolder of the session directory, named
  /// the same by every program and run; spellings of one path with extra slashes agree.
  @Test func eachCacheDirectoryHasItsOwnSessionFolder() {
    let runtime: (String) -> String? = { $0 == "XDG_RUNTIME_DIR" ? "/run/user/7" : nil }
    let real = BrowseStore.session(cache: "/home/u/.cache/timeline", environment: runtime)
    let preview = BrowseStore.session(cache: "/home/u/preview", environment: runtime)
    #expect(real.directory != preview.directory)
    #expect(real.base == "/run/user/7/timeline" && preview.base == "/run/user/7/timeline")
    #expect(real.directory == "/run/user/7/timeline/" + BrowseStore.key(cache: "/home/u/.cache/timeline"))
    #expect(BrowseStore.key(cache: "/home/u//.cache/timeline/") == BrowseStore.key(cache: "/home/u/.cache/timeline"))
    let key = BrowseStore.key(cache: "/a")
    #expect(key.count == 16 && key.allSatisfy { $0.isHexDigit })
    // Known values: a change of the hash would reset every user's browsing silently.
    #expect(BrowseStore.key(cache: "/") == "af63a24c860189fe")
  }

  /// The session folder is trusted only inside a private session directory: whoever may
  /// rename in the one above could swap the folder.
  @Test func aSessionFolderInAnOpenDirectoryIsNotUsed() throws {
    let base = engine.dir.file("base")
    let store = BrowseStore(directory: base + "/k", base: base)
    try store.write(BrowseState(offset: 1, anchor: nil, target: 1, expires: 2), for: try .named("shabad"))
    #expect(try store.read(.named("shabad")) != nil)
    chmod(base, 0o777)
    defer { chmod(base, 0o700) }
    #expect(try store.read(.named("shabad")) == nil)
    #expect(throws: (any Error).self) { try store.withLock {} }
  }

  @Test func offlineRepeatsAreBrowsedOnlyWhileOneIsShowing() throws {
    // Two days on, with no refresh: the bar shows repeats, and the next ones are ahead.
    let offline = engine.now + 2 * 86_400
    let outcome = try move(.next, at: offline)
    #expect(outcome.offset == 1 && outcome.entry?.isRepeat == true)
  }

  /// With nothing ahead the view stays at now, and the bar where the wheel was turned
  /// says so over the current entry for a moment, as the terminal does.
  @Test func thereIsNoTomorrowsHukamnamaToBrowse() async throws {
    let hukam = try Engine()
    #expect(try await hukam.refresh().isRefreshed)
    func move(_ move: Browser.Move) throws -> Browser.Outcome {
      try Browser.move(
        move, widget: "hukamnama", config: hukam.config(), cache: hukam.store, browse: browse, now: hukam.now)
    }
    let outcome = try move(.next)
    #expect(outcome.offset == 0 && outcome.entry == nil && outcome.nothingLater)
    #expect(outcome.describe(widget: "hukamnama") == "hukamnama: nothing later yet (the view stays at now)")
    let note = try #require(try browse.read(.named("hukamnama")))
    #expect(note.offset == 0 && note.label == "nothing later yet" && note.expires == hukam.now + 10)
    func shown(at t: Int64) -> RenderInput {
      EmitPipeline.resolve(widget: "hukamnama", directory: hukam.store.directory, now: t, browse: browse).state
    }
    let plain = shown(at: hukam.now + 9)
    let current = CacheReader.view(path: hukam.store.path(for: "hukamnama"), at: hukam.now + 9).current
    #expect(plain.browsing == "nothing later yet" && plain.entry.date == current?.date && !plain.isPlaceholder)
    #expect(EmitPipeline.line(plain, format: .plain, options: RenderOptions()).hasPrefix("nothing later yet ▸ "))
    // A moment later the bar is back to the entry alone.
    #expect(shown(at: hukam.now + 10).browsing == nil)
    // Another `next` says it again; `prev` and `now` take the note away at once.
    #expect(try move(.next).nothingLater && browse.read(.named("hukamnama"))?.offset == 0)
    #expect(try move(.prev).offset == 0 && browse.read(.named("hukamnama")) == nil)
  }
}
