import EmitTestSupport
import Foundation
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

/// Each cache directory browses on its own: browsing a `timeline preview --keep DIR`
/// cache moves the bars of that cache only, with or without `$XDG_RUNTIME_DIR`. Real
/// `timeline browse` (given `--cache-dir`) and `timeline-emit` (given
/// `TIMELINE_CACHE_DIR`), so both programs must name the same folder.
@Suite struct BrowsePerCacheTests {
  let dir: TempDir
  let now = Int64(Date().timeIntervalSince1970)

  init() throws {
    dir = try TempDir()
    try dir.write(
      "config.toml", "[bars]\nbrowse_timeout = \"1h\"\n\n[widgets.w]\nkind = \"command\"\ncommand = [\"true\"]\n")
    for name in ["real", "preview"] {
      let entries = [
        Caches.entry("\(name) one", at: now - 60), Caches.entry("\(name) two", at: now + 3600),
        Caches.entry("\(name) three", at: now + 7200),
      ]
      Caches.write(Caches.timeline(entries: entries), in: dir.file(name))
    }
    try FileManager.default.createDirectory(atPath: dir.file("tmp"), withIntermediateDirectories: false)
  }

  /// No `$XDG_RUNTIME_DIR` (empty: the test's own cannot leak in) and `$TMPDIR` inside the
  /// test's directory, or a runtime directory there.
  func environment(_ session: String) -> [String: String] {
    session == "fallback"
      ? ["XDG_RUNTIME_DIR": "", "TMPDIR": dir.file("tmp"), "TIMELINE_CONFIG": dir.file("config.toml")]
      : ["XDG_RUNTIME_DIR": dir.file("run"), "TMPDIR": dir.file("tmp"), "TIMELINE_CONFIG": dir.file("config.toml")]
  }

  func browse(_ cache: String, _ move: String, _ session: String) throws {
    let result = try run(
      Paths.binary("timeline"), ["browse", "w", move, "--quiet", "--cache-dir", dir.file(cache)],
      environment: environment(session))
    #expect(result.status == 0, "\(result)")
  }

  func shown(_ cache: String, _ session: String) throws -> String {
    var env = environment(session)
    env["TIMELINE_CACHE_DIR"] = dir.file(cache)
    let result = try run(Paths.binary("timeline-emit"), ["plain", "w"], environment: env)
    #expect(result.status == 0, "\(result)")
    return result.stdout.trimmingCharacters(in: .newlines)
  }

  @Test(arguments: ["fallback", "runtime"])
  func twoCacheDirectoriesBrowseIndependently(_ session: String) throws {
    try browse("preview", "next", session)
    #expect(try shown("preview", session).hasSuffix("▸ preview two"))
    #expect(try shown("real", session) == "real one", "the preview's browse moved the real bar")
    try browse("real", "next", session)
    try browse("real", "next", session)
    #expect(try shown("real", session).hasSuffix("▸ real three"))
    #expect(try shown("preview", session).hasSuffix("▸ preview two"))
    try browse("preview", "now", session)
    #expect(try shown("preview", session) == "preview one")
    #expect(try shown("real", session).hasSuffix("▸ real three"))
    // Two folders in the one session directory, each private, named by their cache.
    let base = session == "fallback" ? dir.file("tmp/timeline-\(getuid())") : dir.file("run/timeline")
    let folders = try FileManager.default.contentsOfDirectory(atPath: base).sorted()
    #expect(
      folders == [BrowseStore.key(cache: dir.file("preview")), BrowseStore.key(cache: dir.file("real"))].sorted())
    for path in [base] + folders.map({ base + "/" + $0 }) {
      var info = stat()
      #expect(lstat(path, &info) == 0 && info.st_mode & 0o777 == 0o700, "\(path)")
    }
  }
}
