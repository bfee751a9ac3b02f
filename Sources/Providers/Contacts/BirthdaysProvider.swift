import TimelineCore

/// Kind `birthdays`: birthdays and anniversaries from the user's vCards in the next
/// `within` days, soonest first. The entries switch at each local midnight for five
/// weeks, so the bar is right with no refresh. docs/providers/birthdays.md.
struct BirthdaysProvider: TimelineProvider, LocalDiagnostics {
  static let kind = "birthdays"

  let contacts: ContactsOptions
  let within: Int
  /// The user's days; a test fixes the offset.
  var days = LocalDays()

  init(config: WidgetConfig) throws {
    var options = Options(config)
    contacts = try ContactsOptions(&options)
    let raw = try options.string("within", default: "14d") ?? "14d"
    guard let period = Period(raw), period.unit == .d || period.unit == .w, period.days(from: 0) <= 366 else {
      throw options.invalid("within", expected: "a number of days or weeks like \"14d\" or \"3w\" (at most a year)")
    }
    within = period.days(from: 0)
    try options.finish()
  }

  func placeholder() -> Entry {
    Entry(date: 0, runs: [TextRun("🎂 …")], alt: "placeholder", classes: ["birthdays"])
  }

  func snapshot(context: ProviderContext) -> TimelineDraft {
    let now = context.clock.now()
    let today = days.day(of: now)
    // The bundled cards' dates are moved next to today, so the preview shows each form.
    var sample = ContactSamples.contacts()
    for (index, offset) in [0, 2, 9].enumerated() where index < sample.count {
      let (_, month, date) = ISOTime.civil(fromDays: Int64(today + offset))
      sample[index].birthday?.month = Int(month)
      sample[index].birthday?.day = Int(date)
    }
    return draft(sample, now: now)
  }

  func timeline(context: ProviderContext) async throws -> TimelineDraft {
    let book = try AddressBook.read(contacts.path)
    let now = context.clock.now()
    var fetched = draft(book.contacts, now: now)
    fetched.facts = facts(book.contacts, now: now)
    return fetched
  }

  /// The address book's (and the log's) problems, read now from the files.
  func diagnostics() -> [String] {
    do { return try AddressBook.read(contacts.path).problems } catch { return ["\(error)"] }
  }

  /// One entry per local day from today, each listing that day's coming occasions.
  func draft(_ people: [Contact], now: Int64) -> TimelineDraft {
    // Every occasion of the five weeks at once; each day's window is then a slice.
    let all = BirthdayPlan.upcoming(people, today: days.day(of: now), days: LocalDays.horizonDays + within)
    var start = 0
    var end = 0
    return days.daily(from: now) { day, isToday in
      while start < all.count, all[start].day < day { start += 1 }
      end = max(end, start)
      while end < all.count, all[end].day < day + within { end += 1 }
      return entry(all[start..<end], today: day, withDetail: isToday)
    }
  }

  func entry(_ coming: ArraySlice<BirthdayPlan.Occasion>, today: Int, withDetail: Bool = true) -> Entry {
    guard let first = coming.first else {
      let quiet = "🎂 " + localizedPlural("none in the next %d day", "none in the next %d days", within)
      return Entry(
        date: 0, relevance: Relevance(ContactRelevance.quiet), runs: [TextRun(quiet)],
        tooltip: [quiet], alt: "none", classes: ["birthdays", "quiet"], detail: [[TextRun(quiet)]], quiet: true)
    }
    let away = first.day - today
    var text = BirthdayPlan.text(first, name: contacts.shown(first.contact), today: today)
    let sameDay = coming.prefix { $0.day == first.day }.count
    if sameDay > 1 { text += " +\(sameDay - 1)" }
    let line = { (occasion: BirthdayPlan.Occasion) in
      BirthdayPlan.line(occasion, name: contacts.shown(occasion.contact))
    }
    // The whole list only today: later days' `timeline show` falls back to the tooltip.
    let detail = withDetail ? coming.map { [TextRun(line($0))] } : []
    return Entry(
      date: 0, relevance: Relevance(ContactRelevance.birthday(daysAway: away)),
      runs: [TextRun(text)], short: "🎂 \(LocalDays.word(first.day, today: today))",
      tooltip: coming.prefix(12).map(line)
        + (coming.count > 12 ? ["… " + localized("%d more", coming.count - 12)] : []),
      alt: away == 0 ? "today" : "soon", classes: ["birthdays", away == 0 ? "today" : "soon"],
      key: "birthdays:\(LocalDays.iso(today))", detail: detail)
  }
}
