import Foundation
import Testing
import TimelineCore
import TimelineTestSupport

@testable import Providers

/// Friends: periods, who is due, the texts and scores, name matching, and the log under
/// concurrent writers and damage.
@Suite struct FriendsTests {
  static func day(_ y: Int, _ m: Int, _ d: Int) -> Int {
    Int(ISOTime.days(year: Int64(y), month: Int64(m), day: Int64(d)))
  }

  func friend(_ name: String, _ period: String, last: Int?, since: Int = 0) throws -> FriendsPlan.Friend {
    FriendsPlan.Friend(
      contact: Contact(name: name, uid: name.lowercased(), file: "x.vcf"), period: try #require(Period(period)),
      lastContact: last,
      since: since)
  }

  @Test func periodsCountCalendarMonthsAndClampTheDay() {
    #expect(Period("1m")!.after(Self.day(2026, 1, 31)) == Self.day(2026, 2, 28))
    #expect(Period("1m")!.after(Self.day(2028, 1, 31)) == Self.day(2028, 2, 29))
    #expect(Period("3m")!.after(Self.day(2026, 11, 25)) == Self.day(2027, 2, 25))
    #expect(Period("2w")!.after(10) == 24)
    #expect(Period("1y")!.after(Self.day(2024, 2, 29)) == Self.day(2025, 2, 28))
    for bad in ["", "m", "0d", "-1w", "2h", "1.5m", "99999d"] { #expect(Period(bad) == nil, "\(bad)") }
  }

  @Test func dueFromTheLastContactOrTheStartOfTrackingAndMostOverdueFirst() throws {
    let today = Self.day(2026, 11, 25)
    let alice = try friend("Alice", "2w", last: today - 17)  // 3 days overdue of 14: 21 %
    let bob = try friend("Bob", "1w", last: today - 7)  // due today
    let carol = try friend("Carol", "1m", last: nil, since: today - 29)  // due in a day or two
    let dan = try friend("Dan", "1w", last: today - 9)  // 2 days overdue of 7: 29 %
    let (due, later) = FriendsPlan.ranked([alice, bob, carol, dan], on: today)
    #expect(due.map(\.contact.name) == ["Dan", "Alice", "Bob"])
    #expect(later.map(\.contact.name) == ["Carol"])
    #expect(FriendsPlan.dueText(alice, name: "Alice", on: today) == "☎ Alice · 3 days overdue")
    #expect(FriendsPlan.dueText(bob, name: "Bob", on: today) == "☎ Bob · due today")
    #expect(FriendsPlan.dueText(dan, name: "Dan", on: today + 1) == "☎ Dan · 3 days overdue")
    let next = try friend("Carol", "1w", last: today - 5)  // due on Friday the 27th
    #expect(FriendsPlan.caughtUpText(next: next, name: "Carol", on: today) == "all caught up · next: Carol on Friday")
    #expect(
      FriendsPlan.caughtUpText(next: next, name: "Carol", on: today + 1) == "all caught up · next: Carol tomorrow")
  }

  @Test func aSnoozeDelaysTheDueDay() throws {
    var alice = try friend("Alice", "2w", last: 100)
    #expect(alice.dueDay == 114)
    alice.snoozedUntil = 130
    #expect(alice.dueDay == 130 && alice.overdue(on: 120) < 0)
    alice.snoozedUntil = 105  // a snooze that ended before the due day changes nothing
    #expect(alice.dueDay == 114)
  }

  @Test func relevanceRisesFrom40WithTheOverdueShareOfThePeriodUpTo75() {
    #expect(ContactRelevance.friend(overdueDays: -1, periodDays: 14) == nil)
    #expect(ContactRelevance.friend(overdueDays: 0, periodDays: 14) == 40)
    #expect(ContactRelevance.friend(overdueDays: 7, periodDays: 14) == 58)
    #expect(ContactRelevance.friend(overdueDays: 14, periodDays: 14) == 75)
    #expect(ContactRelevance.friend(overdueDays: 400, periodDays: 14) == 75)
    #expect(ContactRelevance.quiet == 5)
  }

  @Test func namesMatchWithoutCaseOrAccents() {
    let names = ["Åse Nordmann", "Alice Example", "Alicia Keys", "José Ñúñez", "Zoë"].map { [$0] }
    #expect(NameMatch.candidates("ase", among: names) == [0])
    #expect(NameMatch.candidates("ÅSE", among: names) == [0])
    #expect(NameMatch.candidates("a\u{30A}se", among: names) == [0])
    #expect(NameMatch.candidates("alice", among: names) == [1])
    #expect(NameMatch.candidates("ali", among: names) == [1, 2])
    #expect(NameMatch.candidates("jose nunez", among: names) == [3])
    #expect(NameMatch.candidates("zoe", among: names) == [4])
    #expect(NameMatch.candidates("", among: names).isEmpty)
    #expect(NameMatch.fold("Straße  Łódź") == "strasse lodz")
  }

  @Test func theTimelineChangesAtEachLocalMidnightAndShowsInitialsWhenPrivate() throws {
    var provider = try FriendsProvider(
      config: WidgetConfig(name: try .named("friends"), kind: "friends", options: ["private": .bool(true)]))
    provider.days = LocalDays(fixedOffset: -5 * 3600)
    let today = Self.day(2026, 11, 25)
    let now = Int64(today) * 86_400 + 15 * 3600  // 10:00 in UTC-5
    let alice = try friend("Alice Example", "1w", last: today - 6)
    let draft = provider.draft([alice], now: now)
    #expect(draft.entries[0].date == now)
    #expect(draft.entries[0].text == "all caught up · next: A. E. tomorrow")
    #expect(draft.entries[0].relevance?.score == 5)
    #expect(draft.entries[1].date == Int64(today + 1) * 86_400 + 5 * 3600)
    #expect(draft.entries[1].text == "☎ A. E. · due today")
    #expect(draft.entries[1].relevance?.score == 40)
    #expect(draft.entries[2].text == "☎ A. E. · 1 day overdue")
    #expect(draft.entries.allSatisfy { !$0.text.contains("Alice") && !$0.tooltip.joined().contains("Alice") })
    // Every day stays right while overdue, up to five weeks ahead.
    #expect(draft.entries.count == LocalDays.horizonDays)
    #expect(draft.entries.last?.relevance?.score == 75)
  }

  @Test func theWheelShowsAnotherDueFriendUntilTheTimeout() throws {
    let provider = try FriendsProvider(config: WidgetConfig(name: try .named("friends"), kind: "friends"))
    let now: Int64 = Int64(Self.day(2026, 11, 25)) * 86_400 + 12 * 3600
    let today = provider.days.day(of: now)
    let friends = [try friend("Alice", "1w", last: today - 10), try friend("Bob", "1w", last: today - 8)]
    let draft = provider.draft(friends, now: now, browse: 1, browseUntil: now + 60)
    #expect(draft.entries[0].text == "2/2 ▸ ☎ Bob · 1 day overdue")
    #expect(draft.entries[0].classes.contains("browsing"))
    #expect(draft.entries[1].date == now + 60 && draft.entries[1].text == "☎ Alice · 3 days overdue")
  }

  @Test func concurrentWritersLoseNoEventAndDamagedLinesAreSkipped() async throws {
    let dir = try TempDir()
    let path = dir.file("data/timeline/friends/log.jsonl")
    await withTaskGroup(of: Void.self) { group in
      for writer in 0..<8 {
        group.addTask {
          for n in 0..<100 {
            let event = FriendsLog.Event(
              kind: .contact, who: "uid:w\(writer)", name: "Writer \(writer) \"\(n)\"\n", day: 20_000 + n, at: 1)
            try? FriendsLog(path: path).append([event])
          }
        }
      }
    }
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("{\"v\":1,\"event\":\"contact\",\"who\":\"x\",\"day\":\"2026-1\nnot json\n".utf8))
    try handle.close()
    try FriendsLog(path: path).append([FriendsLog.Event(kind: .snooze, who: "uid:w0", name: "", day: 30_000, at: 2)])
    let log = FriendsLog(path: path)
    let (events, damaged) = try log.read()
    #expect(events.count == 801)
    #expect(damaged == [801, 802])
    let summary = try log.summary()
    #expect((0..<8).allSatisfy { summary.lastContact["uid:w\($0)"] == 20_099 })
    #expect(summary.snoozedUntil["uid:w0"] == 30_000)
    #expect(events.first { $0.who == "uid:w3" }?.name == "Writer 3 \"0\"\n")
  }

  @Test func aCadenceNameThatMatchesNobodyOrSeveralIsReported() throws {
    let provider = try FriendsProvider(
      config: WidgetConfig(
        name: .named("friends"), kind: "friends",
        options: [
          "categories": .array([]),
          "cadence": .table(["al": .string("2w"), "zed": .string("1w"), "Bob": .string("3m")]),
        ]))
    let people = ["Alice", "Alan", "Bob Builder"].map { Contact(name: $0, file: "x.vcf") }
    let (friends, problems) = provider.friends(people, summary: FriendsLog.Summary(), today: 100)
    #expect(friends.map(\.contact.name) == ["Bob Builder"])
    #expect(friends[0].period == Period("3m"))
    #expect(
      problems == [
        "cadence \"al\": 2 contacts match (Alice, Alan); use more of the name",
        "cadence \"zed\": no contact has that name",
      ])
  }
}
