import Foundation
import Testing
import TimelineCore
import TimelineTestSupport

@testable import Providers

/// Birthdays: the day rules, the texts, the relevance and the provider's timeline at
/// local midnights (a fixed UTC+1 stands in for the user's zone).
@Suite struct BirthdaysTests {
  static func day(_ y: Int, _ m: Int, _ d: Int) -> Int {
    Int(ISOTime.days(year: Int64(y), month: Int64(m), day: Int64(d)))
  }

  func person(_ name: String, birthday: ContactDate? = nil, anniversary: ContactDate? = nil) -> Contact {
    var contact = Contact(name: name, uid: name, file: "x.vcf")
    contact.birthday = birthday
    contact.anniversary = anniversary
    return contact
  }

  @Test func february29FallsOnFebruary28InOtherYears() {
    let leapling = ContactDate(year: 2000, month: 2, day: 29)
    #expect(BirthdayPlan.day(of: leapling, in: 2027) == Self.day(2027, 2, 28))
    #expect(BirthdayPlan.day(of: leapling, in: 2028) == Self.day(2028, 2, 29))
    let next = BirthdayPlan.upcoming([person("Leapling", birthday: leapling)], today: Self.day(2027, 3, 1), days: 366)
    #expect(next.count == 1 && next[0].day == Self.day(2028, 2, 29) && next[0].years == 28)
  }

  @Test func soonestFirstWithAgesOnlyWhenTheYearIsKnown() {
    let today = Self.day(2026, 11, 25)  // a Wednesday
    let people = [
      person("Bob", birthday: ContactDate(year: nil, month: 11, day: 27)),
      person("Alice", birthday: ContactDate(year: 1986, month: 11, day: 25)),
      person("Carol", anniversary: ContactDate(year: 2016, month: 12, day: 3)),
      person("Dan", birthday: ContactDate(year: 1990, month: 12, day: 10)),
    ]
    let coming = BirthdayPlan.upcoming(people, today: today, days: 14)
    #expect(coming.map(\.contact.name) == ["Alice", "Bob", "Carol"])
    #expect(BirthdayPlan.text(coming[0], name: "Alice", today: today) == "🎂 Alice turns 40 today")
    #expect(BirthdayPlan.text(coming[1], name: "Bob", today: today) == "🎂 Bob · Friday")
    #expect(BirthdayPlan.text(coming[2], name: "Carol", today: today) == "💍 Carol · anniversary 3 December")
    #expect(BirthdayPlan.text(coming[1], name: "Bob", today: today + 2) == "🎂 Bob · birthday today")
    #expect(BirthdayPlan.line(coming[0], name: "Alice") == "Wed 25 Nov · Alice turns 40")
  }

  @Test func relevanceOnTheSharedScale() {
    #expect(ContactRelevance.birthday(daysAway: 0) == 70)
    #expect(ContactRelevance.birthday(daysAway: 1) == 25)
    #expect(ContactRelevance.birthday(daysAway: 7) == 25)
    #expect(ContactRelevance.birthday(daysAway: 8) == 5)
    #expect(ContactRelevance.birthday(daysAway: nil) == 5)
  }

  @Test func theTimelineSwitchesAtLocalMidnightAndIsQuietWhenNobodyIsNear() throws {
    let provider = try BirthdaysProvider(
      config: WidgetConfig(name: try .named("birthdays"), kind: "birthdays", options: ["within": .string("7d")]))
    var zoned = provider
    zoned.days = LocalDays(fixedOffset: 3600)
    // 2026-11-25 10:00 in UTC+1.
    let now: Int64 = Int64(Self.day(2026, 11, 25)) * 86_400 + 9 * 3600
    let people = [person("Alice", birthday: ContactDate(year: 1986, month: 11, day: 27))]
    let draft = zoned.draft(people, now: now)
    #expect(draft.entries[0].date == now)
    #expect(draft.entries[0].text == "🎂 Alice · Friday")
    #expect(draft.entries[0].relevance?.score == 25)
    // The next local midnight is 23:00 UTC.
    #expect(draft.entries[1].date == Int64(Self.day(2026, 11, 26)) * 86_400 - 3600)
    #expect(draft.entries[1].text == "🎂 Alice · tomorrow")
    #expect(draft.entries[2].text == "🎂 Alice turns 40 today")
    #expect(draft.entries[2].relevance?.score == 70)
    #expect(draft.entries[3].text == "🎂 none in the next 7 days")
    #expect(draft.entries[3].relevance?.score == 5)
    #expect(draft.entries[3].classes == ["birthdays", "quiet"])
  }

  @Test func privateShowsInitials() throws {
    let provider = try BirthdaysProvider(
      config: WidgetConfig(name: try .named("b"), kind: "birthdays", options: ["private": .bool(true)]))
    let entry = provider.entry(
      [
        BirthdayPlan.Occasion(
          contact: person("Alice Example"), kind: .birthday, day: Self.day(2026, 1, 1), years: 30)
      ], today: Self.day(2026, 1, 1))
    #expect(entry.text == "🎂 A. E. turns 30 today")
    #expect(!entry.tooltip.joined().contains("Alice"))
  }

  @Test func badOptionsNameTheKey() {
    for (key, value) in [("within", ConfigValue.string("2h")), ("within", .string("400d")), ("colour", .bool(true))] {
      #expect(throws: ProviderError.self) {
        _ = try BirthdaysProvider(config: WidgetConfig(name: try .named("b"), kind: "birthdays", options: [key: value]))
      }
    }
  }
}
