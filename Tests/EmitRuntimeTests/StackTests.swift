import EmitRuntime
import EmitTestSupport
import Foundation
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

@testable import Emitters

/// The stack kind through real cache files and the real pipeline, on a fixed clock: a week
/// of an avalanche region (one forecast per Oslo day), the Hukamnama (one per IST day, 50
/// for its first 12 hours, then 20, then 5), a random shabad every 3 hours (10) and a
/// member that only has its placeholder.
@Suite struct StackTests {
  /// 2026-03-02 00:00 IST (2026-03-01 18:30 UTC): the first Hukamnama's day starts.
  static let ist0: Int64 = 1_772_389_800
  /// 2026-03-02 00:00 in Oslo (23:00 UTC): the first avalanche forecast.
  static let oslo0: Int64 = ist0 + 4 * 3600 + 1800
  static let levels = [2, 3, 2, 4, 1, 2, 2]
  static let levelScores = [5, 5, 20, 60, 85, 100]
  static let members = ["avalanche", "hukamnama", "ghost", "random-shabad"]

  let dir: TempDir
  var cache: String { dir.file("cache") }
  var browse: BrowseStore { BrowseStore(directory: dir.file("run")) }

  init() throws {
    dir = try TempDir()
    let avalanche = Self.levels.enumerated().map { day, level in
      Entry(
        date: Self.oslo0 + Int64(day) * 86_400, relevance: Relevance(Self.levelScores[level]),
        runs: [TextRun("Tromsø \(level)", bold: level >= 4)], short: "\(level)", tooltip: ["Tromsø: level \(level)"],
        alt: "level-\(level)", classes: ["avalanche"], level: level)
    }
    Caches.write(Caches.timeline("avalanche", kind: "avalanche", entries: avalanche), in: cache)
    let hukamnama = (0..<8).map { day -> Entry in
      let start = Self.ist0 + Int64(day) * 86_400
      return Entry(
        date: start, relevance: Relevance(50, changes: [(start + 12 * 3600, 20), (start + 86_400, 5)]),
        runs: [TextRun("ਹੁਕਮਨਾਮਾ \(day)")], tooltip: ["Hukamnama, day \(day)"], alt: "hukamnama",
        classes: ["hukamnama"])
    }
    Caches.write(Caches.timeline("hukamnama", kind: "hukamnama", entries: hukamnama), in: cache)
    let shabads = (0..<72).map { slot in
      Entry(
        date: Self.ist0 - 86_400 + Int64(slot) * 3 * 3600, relevance: Relevance(10), runs: [TextRun("shabad \(slot)")],
        alt: "shabad", classes: ["shabad"])
    }
    Caches.write(Caches.timeline("random-shabad", kind: "random-shabad", entries: shabads), in: cache)
    Caches.write(Caches.timeline("ghost", kind: "command", entries: []), in: cache)
    try writeStack("now", members: Self.members)
  }

  func writeStack(_ name: WidgetName, members: [String], minDisplay: Int64 = 600) throws {
    var stack = Caches.timeline(
      name, kind: StackRule.kind, entries: [],
      placeholder: Entry(date: 0, relevance: Relevance(0), runs: [TextRun("…")], alt: "placeholder", classes: ["stack"])
    )
    stack.members = members
    stack.minDisplay = minDisplay
    try CacheStore(directory: cache).write(stack)
  }

  func emit(_ widget: String = "now", at now: Int64, hold: Bool = true) -> EmitPipeline.Resolution {
    EmitPipeline.resolve(widget: WidgetName(widget), directory: cache, now: now, browse: hold ? browse : nil)
  }

  /// What the plan above says the stack shows at `t`: the highest score, ties to the first
  /// listed; the placeholder member never.
  static func expected(at t: Int64) -> (member: String, score: Int) {
    var best: (String, Int) = ("random-shabad", 10)
    func offer(_ name: String, _ score: Int) {
      if score > best.1 || (score == best.1 && order(name) < order(best.0)) { best = (name, score) }
    }
    func order(_ name: String) -> Int { members.firstIndex(of: name) ?? members.count }
    if t >= oslo0 { offer("avalanche", levelScores[levels[Int((t - oslo0) / 86_400)]]) }
    if t >= ist0 { offer("hukamnama", (t - ist0) % 86_400 < 12 * 3600 ? 50 : 20) }
    return best
  }

  @Test func theMorningHukamnamaThenTheAvalancheDayAtLevel3() {
    let morning = emit(at: Self.ist0 + 2 * 3600)
    #expect(morning.member == "hukamnama" && morning.state.entry.text == "ਹੁਕਮਨਾਮਾ 0")
    #expect(morning.state.classes.starts(with: ["hukamnama", "stack"]))
    #expect(morning.state.entry.tooltip.last == "hukamnama: relevance 50 · next: random-shabad 10")
    // The next change is the shabad's next slot (03:00 IST), before the avalanche's first day.
    #expect(morning.nextChange == Self.ist0 + 3 * 3600)
    #expect(emit(at: Self.ist0 + 11 * 3600, hold: false).nextChange == Self.ist0 + 12 * 3600)
    // Day 0 after noon IST: the Hukamnama's 20 ties the avalanche's level 2; the first listed wins.
    let afternoon = emit(at: Self.ist0 + 13 * 3600)
    #expect(afternoon.member == "avalanche" && afternoon.state.entry.text == "Tromsø 2")
    // Day 1 is level 3: 60 beats the fresh Hukamnama's 50 all day.
    let levelThree = emit(at: Self.ist0 + 86_400 + 6 * 3600)
    #expect(levelThree.member == "avalanche" && levelThree.state.entry.level == 3)
    #expect(levelThree.state.entry.tooltip.last == "avalanche: level 3, relevance 60 · next: hukamnama 50")
    #expect(levelThree.state.classes.contains("level-3") && levelThree.state.classes.contains("avalanche"))
  }

  @Test func aWeekHourByHourShowsTheMostRelevantMemberAndSwitchesOnTime() {
    var switches = 0
    var last: String?
    for hour in 0..<(7 * 24) {
      let t = Self.ist0 + Int64(hour) * 3600 + 60
      let resolved = emit(at: t)
      let want = Self.expected(at: t)
      #expect(resolved.member == want.member, "at \(ISOTime.format(t))")
      #expect(resolved.state.entry.tooltip.last?.hasPrefix("\(want.member): ") == true)
      #expect(resolved.member != "ghost" && !resolved.state.isPlaceholder)
      // Nothing changes before the next change the emitter announced.
      if let next = resolved.nextChange, next - 1 > t {
        #expect(emit(at: next - 1, hold: false).member == want.member, "before \(ISOTime.format(next))")
      }
      if resolved.member != last { switches += 1 }
      last = resolved.member
    }
    #expect(switches > 4)
  }

  @Test func placeholderMembersAreSkippedAndAllMissingShowsThePlaceholder() throws {
    try writeStack("empty", members: ["ghost", "nowhere"])
    let resolved = emit("empty", at: Self.ist0 + 3600)
    #expect(resolved.state.isPlaceholder && resolved.state.entry.text == "…")
    #expect(resolved.state.classes.contains("stack") && resolved.state.classes.contains("placeholder"))
    #expect(resolved.reason?.contains("no member has an entry") == true)
    try writeStack("one", members: ["ghost", "random-shabad"])
    #expect(emit("one", at: Self.ist0 + 3600).member == "random-shabad")
  }

  @Test func aShownMemberIsHeldForMinDisplayUnlessAnotherIsClearlyHigher() throws {
    let t0 = Self.ist0 + 100 * 86_400
    func member(_ name: String, _ scores: [(Int64, Int)]) throws {
      let entries = scores.map { Entry(date: $0.0, relevance: Relevance($0.1), runs: [TextRun(name)], alt: "a") }
      Caches.write(Caches.timeline(try .named(name), kind: "command", entries: entries), in: cache)
    }
    try member("steady", [(t0, 50)])
    try member("rising", [(t0, 20), (t0 + 300, 60)])
    try writeStack("held", members: ["rising", "steady"])
    #expect(emit("held", at: t0).member == "steady")
    let during = emit("held", at: t0 + 300)
    #expect(during.member == "steady" && during.state.entry.tooltip.last?.contains("kept for min_display") == true)
    #expect(during.nextChange == t0 + 600)
    #expect(emit("held", at: t0 + 599).member == "steady")
    #expect(emit("held", at: t0 + 600).member == "rising")
    // By a clear margin (85 against 50) it replaces the shown member at once.
    try member("alarm", [(t0, 20), (t0 + 300, 85)])
    try writeStack("urgent", members: ["alarm", "steady"])
    #expect(emit("urgent", at: t0).member == "steady")
    #expect(emit("urgent", at: t0 + 300).member == "alarm")
    // Without the session's state (status, a bar in another session) the score alone decides.
    #expect(emit("held", at: t0 + 300, hold: false).member == "rising")
  }

  @Test func theHoldFileReadsBackAndAnythingElseIsNoHold() throws {
    let hold = StackHold(member: "hukamnama", since: 1_772_389_800)
    let now = try WidgetName.named("now")
    browse.writeHold(hold, for: now)
    #expect(browse.readHold(now) == hold)
    for junk in ["", "timeline-stack 1\nmember Bad!\nsince 1\n", "timeline-stack 1\nmember a\nsince x\n", "member a"] {
      try junk.write(toFile: dir.file("run/now.shown"), atomically: true, encoding: .utf8)
      #expect(browse.readHold(now) == nil, "\(junk)")
    }
    // Read with the safe reader: a file past its size is no hold, and a FIFO in its place is
    // refused at once (before, the open waited for a writer and the bar with it).
    try (hold.encoded() + String(repeating: "#", count: 300)).write(
      toFile: dir.file("run/now.shown"), atomically: true, encoding: .utf8)
    #expect(try browse.readHold(.named("now")) == nil)
    try FileManager.default.removeItem(atPath: dir.file("run/now.shown"))
    try #require(mkfifo(dir.file("run/now.shown"), 0o600) == 0)
    #expect(try browse.readHold(.named("now")) == nil)
    #expect(
      StackRule.ranking([.init(name: "a", score: 5), .init(name: "b", score: 9), .init(name: "c", score: 9)]).map(
        \.name)
        == ["b", "c", "a"])
  }

  @Test func browsingTurnsThroughTheMembersByRelevanceAndReturnsByItself() throws {
    let t = Self.ist0 + 2 * 3600
    #expect(emit(at: t).ranking == ["hukamnama", "random-shabad"])
    let later = Self.oslo0 + 3600
    #expect(emit(at: later).ranking == ["hukamnama", "avalanche", "random-shabad"])
    try browse.write(BrowseState(offset: 1, anchor: nil, target: later, expires: later + 120), for: try .named("now"))
    let browsed = emit(at: later + 10)
    #expect(browsed.member == "avalanche" && browsed.state.browsing == "avalanche, 2 of 3")
    #expect(browsed.state.classes.contains("browsing") && browsed.nextChange == later + 120)
    try browse.write(BrowseState(offset: 2, anchor: nil, target: later, expires: later + 120), for: try .named("now"))
    #expect(emit(at: later + 20).member == "random-shabad")
    let back = emit(at: later + 120)
    #expect(back.member == "hukamnama" && back.state.browsing == nil)
  }

  @Test func everyFormatShowsTheMembersLookPlusTheStackClasses() {
    // Day 3 is level 4: 85, urgent, shown over the fresh Hukamnama.
    let resolved = emit(at: Self.ist0 + 3 * 86_400 + 6 * 3600)
    #expect(resolved.member == "avalanche" && resolved.state.entry.isUrgent)
    for format in OutputFormat.allCases {
      Golden.check(
        EmitPipeline.line(resolved.state, format: format, options: RenderOptions()), bar: format.name, name: "stack")
    }
  }
}
