import Foundation
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

/// Arithmetic on values read from a file never traps (docs/reliability.md, "Arithmetic on
/// read values"): a stack whose `minDisplay` is near Int64.max while its hold names a member
/// is shown by the real binaries, and a browse offset at Int.max is a damaged state file.
@Suite struct ReadArithmeticTests {
  @Test func aStackWithAnOverflowingMinDisplayIsShownNotACrash() throws {
    let dir = try TempDir()
    let cache = dir.file("cache")
    let runtime = dir.file("runtime")
    try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
    let now = Int64(Date().timeIntervalSince1970)
    let store = CacheStore(directory: cache)
    // Two members within the stack's margin, the hold naming the lower one: the hold keeps
    // it, and its end is `since + minDisplay`.
    for (name, score) in [("top", 30), ("m", 20)] {
      try store.write(
        Timeline(
          widget: WidgetName(name)!, kind: "command",
          entries: [Entry(date: now - 60, relevance: Relevance(score), runs: [TextRun("\(name) text")], alt: "m")],
          policy: .never, placeholder: Entry(date: 0, runs: [TextRun("…")], alt: "p"), generated: now))
    }
    try store.write(
      Timeline(
        widget: "s", kind: StackRule.kind, entries: [], policy: .never,
        placeholder: Entry(date: 0, runs: [TextRun("…")], alt: "p"), generated: now, members: ["top", "m"],
        minDisplay: Int64.max - 1))
    let browse = BrowseStore.session(cache: cache, environment: { $0 == "XDG_RUNTIME_DIR" ? runtime : nil })
    browse.writeHold(StackHold(member: "m", since: now - 10), for: "s")
    let env = ["TIMELINE_CACHE_DIR": cache, "XDG_RUNTIME_DIR": runtime]
    for format in ["plain", "waybar"] {
      let shown = try run(Paths.binary("timeline-emit"), [format, "s"], environment: env)
      #expect(shown.status == 0 && shown.stdout.contains("m text"), "\(shown)")
    }
    let large = try run(Paths.binary("timeline-emit"), ["plain", "s", "--family", "large"], environment: env)
    #expect(large.status == 0 && large.stdout.contains("m text"), "\(large)")
    let show = try run(Paths.binary("timeline"), ["show", "s", "--cache-dir", cache], environment: env)
    #expect(show.status == 0 && show.stdout.contains("m text"), "\(show)")
  }

  @Test func aBrowseOffsetPastAnyTimelineIsNoState() {
    let text = "timeline-browse 1\noffset \(Int.max)\nanchor 0\ntarget 0\nexpires \(Int64.max)\n"
    #expect(BrowseState.decode(Substring(text)) == nil)
    #expect(Int64.max.adding(saturating: 1) == Int64.max && Int64.min.subtracting(saturating: 1) == Int64.min)
    #expect(Int64(5).adding(saturating: -7) == -2)
  }
}
