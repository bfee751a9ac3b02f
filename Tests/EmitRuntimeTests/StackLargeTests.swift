import EmitRuntime
import EmitTestSupport
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

@testable import Emitters

/// A stack's large form: the member shown, in its own large form, then every member's rank,
/// score, line and why, through real cache files on a fixed clock.
@Suite struct StackLargeTests {
  /// 2026-03-02 00:00 IST: the Hukamnama's first day starts (50 for 12 hours, then 20).
  static let ist0: Int64 = 1_772_389_800
  static let hostile = "${exec touch /tmp/stack-marker} $HOME #x"

  let dir: TempDir
  var cache: String { dir.file("cache") }

  init() throws {
    dir = try TempDir()
    let hukamnama = (0..<2).map { day -> Entry in
      let start = Self.ist0 + Int64(day) * 86_400
      return Entry(
        date: start, relevance: Relevance(50, changes: [(start + 12 * 3600, 20), (start + 86_400, 5)]),
        runs: [TextRun("ਹੁਕਮਨਾਮਾ \(day)")], tooltip: ["Hukamnama, day \(day)"], alt: "hukamnama",
        transliteration: LineText("hukamnama \(day)"))
    }
    Caches.write(Caches.timeline("hukamnama", kind: "hukamnama", entries: hukamnama), in: cache)
    let command = Entry(
      date: Self.ist0 - 3600, relevance: Relevance(30), runs: [TextRun(Self.hostile, color: "#a6e3a1")],
      alt: "command")
    Caches.write(Caches.timeline("cmd", kind: "command", entries: [command]), in: cache)
    Caches.write(Caches.timeline("ghost", kind: "command", entries: []), in: cache)
    var stack = Caches.timeline(
      "now", kind: StackRule.kind, entries: [],
      placeholder: Entry(date: 0, relevance: Relevance(0), runs: [TextRun("…")], alt: "placeholder"))
    stack.members = ["cmd", "hukamnama", "ghost"]
    stack.minDisplay = 600
    try CacheStore(directory: cache).write(stack)
  }

  func large(_ format: OutputFormat, at now: Int64, browse: BrowseStore? = nil) -> String {
    String(
      decoding: EmitPipeline.large(
        widget: "now", directory: cache, now: now, format: format, options: RenderOptions(), browse: browse)?.bytes
        ?? [],
      as: UTF8.self)
  }

  /// At 01:00 IST the Hukamnama (50) is shown whole and leads; at 13:00 its score is 20 and
  /// the command member (30) is shown and leads; the placeholder member is listed as such.
  @Test func plainShowsTheMemberThenTheRankingAcrossARelevanceChange() {
    Golden.check(large(.plain, at: Self.ist0 + 3600), bar: "plain", name: "stack-large-morning")
    Golden.check(large(.plain, at: Self.ist0 + 13 * 3600), bar: "plain", name: "stack-large-evening")
    let morning = large(.plain, at: Self.ist0 + 3600).split(separator: "\n").map(String.init)
    #expect(morning.first == "ਹੁਕਮਨਾਮਾ 0" && morning.contains("Hukamnama, day 0"))
    #expect(morning.firstIndex { $0.hasPrefix("▶ 1. hukamnama · relevance 50, shown") } != nil)
    #expect(morning.firstIndex { $0.hasPrefix("  2. cmd · relevance 30 · ") } != nil)
    #expect(morning.last == "–  ghost · placeholder: no entry is current")
    let evening = large(.plain, at: Self.ist0 + 13 * 3600).split(separator: "\n").map(String.init)
    #expect(evening.first == Self.hostile)
    #expect(evening.contains("  2. hukamnama · relevance 20 · ਹੁਕਮਨਾਮਾ 0"))
  }

  /// conky: every member's line escaped as conky text (`$$`, `\#`), so nothing an entry
  /// carries becomes a live object; a Gurmukhi line is the member's transliteration.
  @Test func conkyEscapesEveryMembersLineAndUsesTheTransliteration() {
    let out = large(.conky, at: Self.ist0 + 13 * 3600)
    Golden.check(out, bar: "conky", name: "stack-large-evening")
    let escaped = "$${exec touch /tmp/stack-marker} $$HOME \\#x"
    #expect(out.split(separator: "\n").first.map(String.init) == "${color #a6e3a1}" + escaped + "${color}")
    #expect(out.contains("· ${color}${color #a6e3a1}" + escaped))
    #expect(out.contains("2. hukamnama · relevance 20 · ${color}hukamnama 0"))
    // With conky's `$$` taken out, no `$` of an entry's text is left to start an object.
    let unescaped = out.split(separator: "$$", omittingEmptySubsequences: false).joined(separator: "")
    #expect(!unescaped.contains("${exec") && !unescaped.contains("$HOME") && !unescaped.contains(" #x"))
  }

  /// The member the bars hold for `min_display` is the one the large form shows, marked
  /// held, while the ranking still puts the higher score first.
  @Test func aHeldMemberIsShownAndSaysWhy() {
    let browse = BrowseStore(directory: dir.file("run"))
    let before = EmitPipeline.resolve(widget: "now", directory: cache, now: Self.ist0 + 12 * 3600 - 60, browse: browse)
    #expect(before.member == "hukamnama")
    let lines = large(.plain, at: Self.ist0 + 12 * 3600 + 60, browse: browse).split(separator: "\n").map(String.init)
    #expect(lines.first == "ਹੁਕਮਨਾਮਾ 0")
    #expect(lines.contains("  1. cmd · relevance 30 · " + Self.hostile))
    #expect(lines.contains("▶ 2. hukamnama · relevance 20, shown, held by min_display · ਹੁਕਮਨਾਮਾ 0"))
  }

  /// With no member to show, the stack's placeholder and every member listed as missing.
  @Test func noMemberToShowGivesThePlaceholderAndTheReasons() throws {
    var stack = Caches.timeline(
      "empty", kind: StackRule.kind, entries: [],
      placeholder: Entry(date: 0, relevance: Relevance(0), runs: [TextRun("nothing yet")], alt: "placeholder"))
    stack.members = ["ghost", "absent"]
    try CacheStore(directory: cache).write(stack)
    let out = String(
      decoding: EmitPipeline.large(
        widget: "empty", directory: cache, now: Self.ist0, format: .plain, options: RenderOptions())?.bytes ?? [],
      as: UTF8.self)
    let lines = out.split(separator: "\n").map(String.init)
    #expect(lines.first == "nothing yet")
    #expect(lines.suffix(2) == ["–  ghost · placeholder: no entry is current", "–  absent · no cache to read"])
  }

  /// `timeline show` of a stack prints what `timeline-emit plain --family large` prints: the
  /// shown member's entry, then the ranking (the real binaries, a fixed instant).
  @Test func showPrintsTheSameLargeFormAsTheEmitter() throws {
    let env = [
      "TIMELINE_CACHE_DIR": cache, "XDG_RUNTIME_DIR": dir.file("run"), "TIMELINE_CONFIG": dir.file("none.toml"),
    ]
    let at = "2026-03-01T19:30:00Z"
    let show = try run(Paths.binary("timeline"), ["show", "now", "--at", at], environment: env)
    let emit = try run(
      Paths.binary("timeline-emit"), ["plain", "--family", "large", "now", "--at", at], environment: env)
    #expect(show.status == 0 && emit.status == 0, "\(show.stderr) \(emit.stderr)")
    #expect(show.stdout == emit.stdout)
    #expect(show.stdout == large(.plain, at: Self.ist0 + 3600) + "\n")
  }
}
