import EmitTestSupport
import Foundation
import Testing
import TimelineCore
import TimelineTestSupport

@testable import EmitRuntime
@testable import Emitters
@testable import TimelineCache

/// The shared command: argv parsing, and cache → line through real cache files.
@Suite struct EmitCommandTests {
  struct Run {
    var status: Int32
    var out: String
    var err: String
  }

  /// Runs the library command in-process with pipes, a fixed clock and `dir` as the cache.
  func run(_ arguments: [String], dir: String, now: Int64 = 1_000) -> Run {
    let out = Pipe()
    let err = Pipe()
    let status = EmitCommand.run(
      arguments: arguments, stdout: out.fileHandleForWriting.fileDescriptor,
      stderr: err.fileHandleForWriting.fileDescriptor, clock: FixedClock(now),
      environment: { $0 == "TIMELINE_CACHE_DIR" ? dir : nil })
    try? out.fileHandleForWriting.close()
    try? err.fileHandleForWriting.close()
    return Run(
      status: status, out: String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
      err: String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
  }

  func waybar(_ widget: String, dir: String, now: Int64 = 1_000, extra: [String] = []) throws -> [String: Any] {
    let result = run(["waybar", widget] + extra, dir: dir, now: now)
    #expect(result.status == 0)
    #expect(result.out.hasSuffix("}\n") && result.out.filter { $0 == "\n" }.count == 1)
    return try #require(jsonObject(result.out))
  }

  // MARK: - Parsing

  @Test func parsesEverything() {
    let parsed = EmitCommand.parse([
      "polybar", "w", "--at", "2026-03-01T19:00:00Z", "--max-width=30", "--click", "--verbose",
      "--gurmukhi", "logical",
    ])
    #expect(
      parsed
        == .run(
          EmitRequest(
            format: .polybar, widgets: ["w"], at: 1_772_391_600,
            options: RenderOptions(maxWidth: 30, click: true, gurmukhi: .logical), verbose: true)))
    #expect(
      EmitCommand.parse(["i3bar", "a", "b", "--follow"])
        == .run(EmitRequest(format: .i3bar, widgets: ["a", "b"], follow: true)))
    #expect(EmitCommand.parse(["--help"]) == .help)
    #expect(EmitCommand.parse(["waybar", "w", "-h"]) == .help)
    #expect(EmitCommand.parse(["--version"]) == .version)
    #expect(EmitCommand.parse(["--", "tmux", "-w"]) == .run(EmitRequest(format: .tmux, widgets: ["-w"])))
  }

  @Test(arguments: [
    [], ["waybar"], ["nope", "w"], ["waybar", "a", "b"], ["waybar", "w", "--at"], ["waybar", "w", "--at", "soon"],
    ["waybar", "w", "--max-width", "0"], ["waybar", "w", "--max-width", "x"], ["waybar", "w", "--gurmukhi", "up"],
    ["waybar", "w", "--bogus"], ["waybar", "w", "--follow", "--at", "2026-01-01"], ["waybar", "w", "--click=yes"],
  ])
  func usageErrorsExit2(_ arguments: [String]) throws {
    let dir = try TempDir()
    let result = run(arguments, dir: dir.path)
    #expect(result.status == 2)
    #expect(result.out.isEmpty)
    #expect(result.err.hasPrefix("timeline-emit: "))
  }

  @Test func helpAndVersion() throws {
    let dir = try TempDir()
    #expect(run(["--help"], dir: dir.path).out.contains("usage: timeline-emit FORMAT WIDGET"))
    #expect(run(["--version"], dir: dir.path).out == "timeline-emit \(EmitCommand.version)\n")
  }

  // MARK: - Cache states, through real files

  @Test func currentEntryAndAt() throws {
    let dir = try TempDir()
    Caches.write(
      Caches.timeline(entries: [Caches.entry("one", at: 100), Caches.entry("two", at: 2_000)]), in: dir.path)
    #expect(try waybar("w", dir: dir.path)["text"] as? String == "one")
    #expect(try waybar("w", dir: dir.path, extra: ["--at", "1970-01-01T00:33:20Z"])["text"] as? String == "two")
    #expect(try waybar("w", dir: dir.path)["class"] as? [String] == ["test-kind"])
  }

  @Test func beforeFirstEntryIsThePlaceholder() throws {
    let dir = try TempDir()
    Caches.write(Caches.timeline(entries: [Caches.entry("later", at: 5_000)]), in: dir.path)
    let object = try waybar("w", dir: dir.path)
    #expect(object["text"] as? String == "loading")
    #expect(object["alt"] as? String == "placeholder")
    #expect(object["class"] as? [String] == ["test-kind", "placeholder"])
    let verbose = run(["plain", "w", "--verbose"], dir: dir.path)
    #expect(verbose.err.contains("no entry is current yet"))
  }

  @Test func expiredIsThePlaceholder() throws {
    let dir = try TempDir()
    Caches.write(Caches.timeline(entries: [Caches.entry("old", at: 0)], end: 500), in: dir.path)
    let object = try waybar("w", dir: dir.path)
    #expect(object["text"] as? String == "loading")
    #expect((object["class"] as? [String])?.contains("placeholder") == true)
    #expect(run(["plain", "w", "--verbose"], dir: dir.path).err.contains("ended at 1970-01-01T00:08:20Z"))
    #expect(
      object["tooltip"] as? String
        == "Out of date: the timeline ended at 1970-01-01T00:08:20Z; run \"timeline refresh\"")
  }

  @Test func staleAddsClassAndDimming() throws {
    let dir = try TempDir()
    // Due at 100 with 60 s grace: stale from 161 on.
    Caches.write(
      Caches.timeline(entries: [Caches.entry("x", at: 0, color: "#ff0000")], policy: .after(100), grace: 60),
      in: dir.path)
    #expect(try waybar("w", dir: dir.path, now: 160)["class"] as? [String] == ["test-kind"])
    let stale = try waybar("w", dir: dir.path, now: 161)
    #expect(stale["class"] as? [String] == ["test-kind", "stale"])
    #expect((stale["tooltip"] as? String)?.contains("Out of date") == true)
    #expect(run(["tmux", "w"], dir: dir.path, now: 161).out == "#[push-default]#[dim]x#[default]#[pop-default]\n")
    #expect(run(["polybar", "w"], dir: dir.path, now: 161).out == "%{F#9aa5b1}x%{F-}\n")
    #expect(run(["tmux", "w", "--verbose"], dir: dir.path, now: 161).err.contains("stale"))
  }

  @Test func missingCacheAndUnknownWidget() throws {
    let dir = try TempDir()
    let object = try waybar("nothing-here", dir: dir.path)
    #expect(object["text"] as? String == "nothing-here…")
    #expect(object["class"] as? [String] == ["placeholder"])
    #expect(object["tooltip"] as? String == "No data yet: run \"timeline refresh\"")
    let quiet = run(["waybar", "nothing-here"], dir: dir.path)
    #expect(quiet.err.isEmpty)
    // A misspelled name: --verbose says which widgets have a cache instead of advising a
    // refresh of the misspelling.
    Caches.write(Caches.timeline("hukamnama", entries: [Caches.entry("x")]), in: dir.path)
    Caches.write(Caches.timeline("avalanche", entries: [Caches.entry("y")]), in: dir.path)
    let verbose = run(["waybar", "hukamnam", "--verbose"], dir: dir.path).err
    #expect(verbose.contains("no cache for widget \"hukamnam\""), "\(verbose)")
    #expect(verbose.contains("widgets with a cache: avalanche, hukamnama"), "\(verbose)")
    #expect(!verbose.contains("timeline refresh hukamnam"))
    // The cache directory itself may not exist.
    #expect(run(["plain", "w"], dir: dir.path + "/no/such/dir").out == "w…\n")
  }

  @Test(arguments: [
    "../etc/passwd", "/etc/passwd", "W", "a/b", "", "-x", ".hidden", "a b", "ਸਤਿ", String(repeating: "a", count: 65),
  ])
  func invalidNamesNeverTouchTheFilesystem(_ name: String) throws {
    let dir = try TempDir()
    let result = run(["waybar", "--verbose", "--", name], dir: dir.path)
    #expect(result.status == 0)
    let object = try #require(jsonObject(result.out))
    #expect(object["text"] as? String == "…")
    #expect(result.err.contains("invalid widget name"))
  }

  @Test(arguments: [
    ("empty", Data()),
    ("garbage", Data("not json at all\n".utf8)),
    ("future", Data(#"{"version":99,"meta":{},"entries":[]}"#.utf8)),
    ("binary", Data([0, 1, 2, 0xFF, 0xFE])),
  ])
  func corruptFilesGiveTheNeutralPlaceholder(_ label: String, _ content: Data) throws {
    let dir = try TempDir()
    #expect(FileManager.default.createFile(atPath: dir.path + "/w.json", contents: content))
    let object = try waybar("w", dir: dir.path)
    #expect(object["text"] as? String == "w…", "\(label)")
    #expect(object["class"] as? [String] == ["placeholder"])
    #expect(object["tooltip"] as? String == "The cache file cannot be read: run \"timeline refresh\"")
    #expect(!run(["plain", "w", "--verbose"], dir: dir.path).err.isEmpty)
  }

  @Test func truncatedFileUsesTheMetaPlaceholder() throws {
    let dir = try TempDir()
    let timeline = Caches.timeline(entries: (0..<50).map { Caches.entry("entry \($0)", at: Int64($0)) })
    let bytes = CacheEncoder.encode(timeline)
    #expect(FileManager.default.createFile(atPath: dir.path + "/w.json", contents: Data(bytes.prefix(bytes.count / 2))))
    let object = try waybar("w", dir: dir.path)
    #expect(object["text"] as? String == "loading")
    #expect(object["class"] as? [String] == ["test-kind", "placeholder"])
    #expect(run(["plain", "w", "--verbose"], dir: dir.path).err.contains("truncated"))
  }

  @Test func symlinkIsRefused() throws {
    let dir = try TempDir()
    let other = try TempDir()
    Caches.write(Caches.timeline(entries: [Caches.entry("secret")]), in: other.path)
    try FileManager.default.createSymbolicLink(
      atPath: dir.path + "/w.json", withDestinationPath: other.path + "/w.json")
    #expect(try waybar("w", dir: dir.path)["text"] as? String == "w…")
  }

  @Test func nextChangeCoversEntryEndAndStaleBoundary() throws {
    let dir = try TempDir()
    Caches.write(
      Caches.timeline(
        entries: [Caches.entry("a", at: 0), Caches.entry("b", at: 3_000)], end: 9_000, policy: .after(1_500), grace: 100
      ),
      in: dir.path)
    #expect(EmitPipeline.resolve(widget: "w", directory: dir.path, now: 1_000).nextChange == 1_601)
    #expect(EmitPipeline.resolve(widget: "w", directory: dir.path, now: 2_000).nextChange == 3_000)
    #expect(EmitPipeline.resolve(widget: "w", directory: dir.path, now: 4_000).nextChange == 9_000)
    #expect(EmitPipeline.resolve(widget: "w", directory: dir.path, now: 9_500).nextChange == nil)
  }

  @Test func i3barSeveralWidgetsOneShot() throws {
    let dir = try TempDir()
    Caches.write(Caches.timeline("a", entries: [Caches.entry("A")]), in: dir.path)
    let result = run(["i3bar", "a", "b"], dir: dir.path)
    let array = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]])
    #expect(array.map { $0["full_text"] as? String } == ["A", "b…"])
  }

  /// The last refresh error reaches the tooltip of a placeholder and of a stale entry (the
  /// state file `timeline refresh` writes beside the cache), never of a current entry.
  @Test func lastRefreshErrorInTheTooltip() throws {
    let dir = try TempDir()
    let store = CacheStore(directory: dir.path)
    try store.writeState(
      WidgetState(lastAttempt: 50, lastError: "HTTP 500 from api.banidb.com", failures: 1), of: .named("w"))
    let first = try waybar("w", dir: dir.path)
    #expect(
      first["tooltip"] as? String
        == "No data yet: run \"timeline refresh\"\nLast refresh failed: HTTP 500 from api.banidb.com")
    Caches.write(Caches.timeline(entries: [Caches.entry("x", at: 0)], policy: .after(100), grace: 60), in: dir.path)
    #expect(try waybar("w", dir: dir.path, now: 150)["tooltip"] as? String == "")
    #expect(
      try waybar("w", dir: dir.path, now: 161)["tooltip"] as? String
        == "Out of date: the last refresh is overdue\nLast refresh failed: HTTP 500 from api.banidb.com")
    let i3bar = try #require(jsonObject(run(["i3bar", "w"], dir: dir.path, now: 161).out))
    #expect(i3bar["color"] as? String == "#9aa5b1")
  }
}
