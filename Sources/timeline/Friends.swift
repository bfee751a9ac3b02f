import ArgumentParser
import Platform
import Providers
import TimelineCore
import TimelineKit

extension TimelineCommand {
  struct Friends: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List tracked friends, log a contact, snooze, and the friends widget's clicks.",
      discussion: """
        The log is kept in $XDG_DATA_HOME/timeline/friends/log.jsonl (default \
        ~/.local/share/timeline/friends/log.jsonl): append-only JSON Lines, safe for \
        several writers, kept when the cache is removed. Your vCards are only read.

        NAME is any part of a tracked friend's name, in any case and with or without \
        accents (`ase` finds Åse); a first name is enough when it is unique. It may also \
        be part of a Gurmukhi name's transliteration, of a nickname or of an e-mail \
        address before its @. An \
        ambiguous name exits 2 and lists the candidates. Each change rewrites the friends \
        widgets' caches at once (no network) and nudges the running bars as `timeline \
        reload` does. See docs/providers/friends.md.
        """,
      subcommands: [List.self, Log.self, Snooze.self, Next.self, Prev.self])

    /// Runs `body` and maps a desk failure to its exit status.
    static func run(_ body: () async throws(FriendsError) -> String) async throws -> Int32 {
      do {
        let text = try await body()
        if !text.isEmpty { print(text) }
        return 0
      } catch {
        throw failure(error)
      }
    }

    /// Exit 2 for what the user asked wrongly (a name, a day, the config), 1 for what
    /// failed on the way (the contacts, the log, the caches, nothing to show).
    static func failure(_ error: FriendsError) -> CommandFailure {
      switch error {
      case .unknownWidget, .notFriendsWidget, .noFriendsWidget, .config, .noMatch, .ambiguous, .futureDay:
        .config(error.description)
      case .nothingShown, .noLongerTracked, .nothingToBrowse, .files, .write: .failed(error.description)
      }
    }

    static func desk(_ common: CommonOptions) throws -> FriendsDesk {
      FriendsDesk(config: try common.loadConfig(), store: common.store, now: SystemClock().now())
    }

    /// The change's message, for stdout; what failed after it was recorded goes to stderr
    /// as warnings, since the exit status says only whether it was recorded.
    static func report(_ change: FriendsDesk.Change) -> String {
      for warning in change.warnings { Console.error("warning: \(Terminal.clean(warning))") }
      return change.message
    }

    /// A change to the log or the wheel: `body` as `run` runs it, then, when it worked, the
    /// running bars are nudged to show it.
    static func change(_ desk: FriendsDesk, _ body: () async throws(FriendsError) -> String) async throws -> Int32 {
      let status = try await run(body)
      _ = BarNudge(bars: desk.config.bars).run()
      return status
    }

    struct List: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        abstract: "Each tracked friend: period, last contact, due or overdue, snooze.",
        discussion: "Exit status: 0; 1 when the contacts cannot be read; 2 for a config error or an unknown widget.")
      @OptionGroup var common: CommonOptions
      @Argument(
        help: "A friends widget (default: every one).", completion: Completions.widgets,
        transform: WidgetArgument.parse)
      var widget: WidgetName?

      func run() async throws {
        try await exiting {
          let desk = try Friends.desk(common)
          return try await Friends.run { () throws(FriendsError) in try desk.list(widget) }
        }
      }
    }

    struct Log: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        abstract: "Record that you reached out to a friend (today unless --when says otherwise).",
        discussion: """
          With --shown WIDGET instead of NAME, logs the friend that widget shows now (a \
          bar's right click). Exit status: 0 when the contact was logged (a bar that could \
          not be updated then is a warning on stderr; the next refresh shows it); 1 when it \
          was not; 2 for an unknown or ambiguous name or a bad --when.
          """)
      @OptionGroup var common: CommonOptions
      @Argument(help: "Any part of the friend's name.", completion: Completions.friends) var name: String?
      @Option(help: ArgumentHelp("today, yesterday, a date (2026-11-20) or days ago (3d).", valueName: "day"))
      var when: String?
      @Option(help: ArgumentHelp("How: call, message or meetup.", valueName: "how")) var how: String?
      @Option(
        help: ArgumentHelp("Log the friend this widget shows now.", valueName: "widget"),
        completion: Completions.widgets, transform: WidgetArgument.parse)
      var shown: WidgetName?

      func validate() throws {
        guard (name == nil) != (shown == nil) else { throw ValidationError("give either NAME or --shown WIDGET") }
        if let how, !["call", "message", "meetup"].contains(how) {
          throw ValidationError("--how: expected call, message or meetup, got \"\(how)\"")
        }
      }

      func run() async throws {
        try await exiting {
          let desk = try Friends.desk(common)
          let today = LocalDays().day(of: desk.now)
          var day: Int?
          if let when {
            guard let parsed = Friends.day(when, today: today) else {
              throw CommandFailure.config(
                "--when: expected today, yesterday, a date like 2026-11-20 or 3d, got \"\(when)\"")
            }
            day = parsed
          }
          return try await Friends.change(desk) { () async throws(FriendsError) in
            let friend: FriendsPlan.Friend
            if let shown { friend = try desk.shown(shown) } else { friend = try desk.find(name ?? "") }
            return Friends.report(try await desk.logContact(friend, day: day, how: how))
          }
        }
      }
    }

    struct Snooze: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        abstract: "Do not show a friend as due before a day: `snooze alice 2w`.",
        discussion: "The snooze is kept in the log; a later snooze replaces it (`snooze alice 0d` lifts it).")
      @OptionGroup var common: CommonOptions
      @Argument(help: "Any part of the friend's name.", completion: Completions.friends) var name: String
      @Argument(help: "How long (10d, 2w, 1m, 1y) or until when (2026-12-24).") var duration: String

      func run() async throws {
        try await exiting {
          let desk = try Friends.desk(common)
          let today = LocalDays().day(of: desk.now)
          let until: Int
          if duration == "0d" {
            // Lifted: a snooze that ended long ago leaves the due day as the log has it.
            until = 0
          } else if let period = Period(duration) {
            until = period.after(today)
          } else if let date = LocalDays.parse(duration), date >= today {
            until = date
          } else {
            throw CommandFailure.config("expected a duration like 2w or 1m, or a coming date, got \"\(duration)\"")
          }
          return try await Friends.change(desk) { () async throws(FriendsError) in
            Friends.report(try await desk.snooze(try desk.find(name), until: until))
          }
        }
      }
    }

    struct Next: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        abstract: "Show the next friend of the due list in the bar (the mouse wheel).",
        discussion: """
          The same as `timeline browse WIDGET next`: a wheel on a friends widget turns \
          through today's due list, most overdue first, and wraps at its end. The bar \
          returns to the most overdue friend after [bars] browse_timeout.
          """)
      @OptionGroup var common: CommonOptions
      @Argument(help: "The friends widget.", completion: Completions.widgets, transform: WidgetArgument.parse)
      var widget: WidgetName
      func run() async throws { try await exiting { try await Friends.step(common, widget, .next) } }
    }

    struct Prev: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        abstract: "Show the previous friend of the due list in the bar (the mouse wheel).",
        discussion: "The same as `timeline browse WIDGET prev`; from the top it wraps to the last friend due.")
      @OptionGroup var common: CommonOptions
      @Argument(help: "The friends widget.", completion: Completions.widgets, transform: WidgetArgument.parse)
      var widget: WidgetName
      func run() async throws { try await exiting { try await Friends.step(common, widget, .prev) } }
    }

    /// Turns the wheel (its position is kept in the session's browse state, never the cache).
    static func step(_ common: CommonOptions, _ name: WidgetName, _ move: Browser.Move) async throws -> Int32 {
      let desk = try desk(common)
      return try await change(desk) { () async throws(FriendsError) in
        try desk.turn(name, move).describe(widget: name.text)
      }
    }

    /// `today`, `yesterday`, `2026-11-20` or `3d` (days ago).
    static func day(_ text: String, today: Int) -> Int? {
      switch text {
      case "today": return today
      case "yesterday": return today - 1
      default:
        if let date = LocalDays.parse(text) { return date }
        if text.hasSuffix("d"), let days = Int(text.dropLast()), (0...3650).contains(days) { return today - days }
        return nil
      }
    }
  }
}
