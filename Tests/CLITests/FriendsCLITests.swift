import Foundation
import Testing
import TimelineTestSupport

/// `friends` and `birthdays` end to end: cards written by the real khard plus hand-written
/// ones, the built `timeline` and `timeline-emit`, and after every command each vCard
/// byte for byte as it was.
@Suite struct FriendsCLITests {
  let dir: TempDir
  let book: KhardBook
  let env: [String: String]
  /// A hostile name: markup and actions for every bar, a bidi override, 10 000 letters.
  let hostile: String
  let pwn: String

  init() throws {
    dir = try TempDir()
    book = try KhardBook(dir)
    pwn = dir.file("pwn")
    hostile =
      "Carol <b>x</b> #[fg=red]#(touch \(pwn))%{A1:touch \(pwn):}y%{A} $(touch \(pwn)) \u{202E}z "
      + String(repeating: "w", count: 10_000)
    let today = Self.utcDay(0)
    let year = try #require(Int(today.prefix(4)))
    try book.add(
      """
      First name : Alice
      Last name : Example
      Birthday : \(year - 40)\(today.dropFirst(4))
      Phone :
          cell : +47 555 01 01
      Categories :
          - friends
      """, version: "4.0")
    try book.add(
      """
      First name : Åse
      Last name : Nordmann
      Birthday : --\(Self.utcDay(2).dropFirst(5))
      Email :
          home : ase@example.no
      Categories : friends
      """, version: "4.0")
    try book.add(
      """
      First name : Alan
      Last name : Other
      """, version: "3.0")
    let cards = Paths.fixture("ProvidersTests/Fixtures/contacts")
    for name in ["v21-phone-export.vcf", "v30-apple.vcf", "malformed.vcf"] {
      try FileManager.default.copyItem(atPath: cards + "/" + name, toPath: book.folder + "/hand-" + name)
    }
    let hostileCard =
      "BEGIN:VCARD\r\nVERSION:4.0\r\nUID:hostile\r\nFN:\(hostile)\r\nCATEGORIES:friends\r\nEND:VCARD\r\n"
    try dir.write("khard-book/sub/hostile.vcf", hostileCard)
    let config = try dir.write(
      "config.toml",
      """
      [widgets.friends]
      kind = "friends"
      contacts = "\(book.folder)"
      every = "2w"
      cadence = { "jane" = "1w" }

      [widgets.birthdays]
      kind = "birthdays"
      contacts = "\(book.folder)"
      within = "14d"
      """)
    env = [
      "TIMELINE_CONFIG": config, "TIMELINE_CACHE_DIR": dir.file("cache"), "XDG_DATA_HOME": dir.file("data"),
      "XDG_RUNTIME_DIR": dir.file("run"), "TMUX_TMPDIR": dir.file("tmux"), "TZ": "UTC", "HOME": dir.path,
    ]
  }

  /// `yyyy-MM-dd` of today plus `days`, in UTC (the zone the commands run in).
  static func utcDay(_ days: Int) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    return formatter.string(from: Date().addingTimeInterval(Double(days) * 86_400))
  }

  @discardableResult
  func timeline(_ args: [String], expect status: Int32 = 0) throws -> RunResult {
    let before = snapshot()
    let result = try run(Paths.binary("timeline"), args, environment: env)
    #expect(result.status == status, "timeline \(args): \(result)")
    #expect(snapshot() == before, "timeline \(args) changed a vCard")
    return result
  }

  func emit(_ format: String, _ widget: String = "friends") throws -> String {
    let result = try run(Paths.binary("timeline-emit"), [format, widget], environment: env)
    #expect(result.status == 0)
    return result.stdout
  }

  func snapshot() -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: book.folder)
    while let name = enumerator?.nextObject() as? String {
      if name.hasSuffix(".vcf"), let data = FileManager.default.contents(atPath: book.folder + "/" + name) {
        files[name] = data
      }
    }
    return files
  }

  /// The wheel's position file is named after the widget: a name from argv that breaks the
  /// rule is refused before any file is named after it, so nothing lands outside the
  /// session directory.
  @Test func theWheelRefusesANameThatWouldLeaveItsDirectory() throws {
    try timeline(["refresh"])
    for name in ["../escaped", "../../escaped", "Friends"] {
      let result = try timeline(["friends", "next", name], expect: 2)
      #expect(result.stderr.contains("'\(name)' is invalid") && result.stderr.contains("invalid widget name"))
    }
    // A valid name the config lacks is refused before its wheel file is named, too.
    let unknown = try timeline(["friends", "next", "escaped"], expect: 2)
    #expect(unknown.stderr.contains("unknown widget \"escaped\""), "\(unknown.stderr)")
    for path in [
      dir.file("escaped.wheel"), dir.file("run/escaped.wheel"), dir.file("run/timeline/escaped.wheel"),
      session + "/escaped.wheel",
      dir.file("escaped"),
    ] {
      #expect(!FileManager.default.fileExists(atPath: path), "\(path)")
    }
  }

  @Test func logSnoozeWheelAndClicksDriveTheBarWithNoRefresh() throws {
    #expect(snapshot().count == 7)
    try timeline(["refresh"])
    #expect(try emit("plain").hasPrefix("all caught up · next: "))
    try timeline(["friends", "log", "alice", "--when", "17d", "--how", "call"])
    #expect(try emit("plain") == "☎ Alice Example · 3 days overdue\n")
    try timeline(["friends", "log", "ASE", "--when", Self.utcDay(-14)])
    #expect(try emit("plain") == "☎ Alice Example · 3 days overdue\n")
    // The wheel turns to the next friend due, and the right click logs whoever is shown.
    try timeline(["friends", "next", "friends"])
    #expect(try emit("plain") == "2/2 ▸ ☎ Åse Nordmann · due today\n")
    #expect(try timeline(["open", "friends", "--print"]).stdout == "mailto:ase@example.no\n")
    try timeline(["friends", "log", "--shown", "friends"])
    #expect(try emit("plain") == "☎ Alice Example · 3 days overdue\n")
    #expect(try timeline(["open", "friends", "--print"]).stdout == "tel:+4755501" + "01\n")
    let list = try timeline(["friends", "list"]).stdout
    #expect(list.contains("Alice Example · every 2w · last \(Self.utcDay(-17)) (call) · 3 days overdue"))
    #expect(list.contains("Åse Nordmann · every 2w · last \(Self.utcDay(0)) · due "))
    #expect(list.contains("Jane Doe · every 1w · no contact logged"))
    #expect(list.contains("warning: hand-malformed.vcf: card 1 \"Has No End\""))
    // A snooze is kept in the log: it survives the removal of the cache.
    try timeline(["friends", "snooze", "alice", "1w"])
    #expect(try emit("plain").hasPrefix("all caught up · next: "))
    try FileManager.default.removeItem(atPath: dir.file("cache"))
    try timeline(["refresh"])
    #expect(try emit("plain").hasPrefix("all caught up · next: "))
    try timeline(["friends", "snooze", "alice", "0d"])
    #expect(try emit("plain") == "☎ Alice Example · 3 days overdue\n")
    let log = try String(contentsOfFile: dir.file("data/timeline/friends/log.jsonl"), encoding: .utf8)
    #expect(log.split(separator: "\n").count == 4 + 5)
  }

  /// The wheel changes no data: the friends cache keeps its bytes, inode and modification
  /// time, and nothing new appears in the cache directory; only the session's browse state
  /// and its view file (in XDG_RUNTIME_DIR) change, and the bar, `open` and the right click
  /// still act on the friend shown.
  @Test func theWheelLeavesTheCacheUntouched() throws {
    try timeline(["refresh"])
    try timeline(["friends", "log", "alice", "--when", "17d"])
    try timeline(["friends", "log", "ASE", "--when", Self.utcDay(-14)])
    let cache = dir.file("cache/friends.json")
    func identity() -> [Int] {
      var info = stat()
      guard stat(cache, &info) == 0 else { return [] }
      return [Int(info.st_ino), info.st_mtim.tv_sec, info.st_mtim.tv_nsec, Int(info.st_size)]
    }
    let bytes = try Data(contentsOf: URL(fileURLWithPath: cache))
    let before = identity()
    let listing = try FileManager.default.contentsOfDirectory(atPath: dir.file("cache")).sorted()
    try timeline(["friends", "next", "friends"])
    #expect(try emit("plain") == "2/2 ▸ ☎ Åse Nordmann · due today\n")
    #expect(try emit("waybar").contains(#""class":["friends","due","browsing"]"#))
    #expect(try timeline(["open", "friends", "--print"]).stdout == "mailto:ase@example.no\n")
    try timeline(["friends", "next", "friends"])
    #expect(try emit("plain") == "1/2 ▸ ☎ Alice Example · 3 days overdue\n")
    try timeline(["friends", "prev", "friends"])
    #expect(try emit("plain") == "2/2 ▸ ☎ Åse Nordmann · due today\n")
    #expect(try Data(contentsOf: URL(fileURLWithPath: cache)) == bytes, "the wheel rewrote the cache")
    #expect(identity() == before, "the cache file was replaced or touched")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.file("cache")).sorted() == listing)
    let files = try FileManager.default.contentsOfDirectory(atPath: session)
    #expect(files.contains("friends.browse") && files.contains("friends.view"), "\(files)")
    // Back at now, the bar shows the cache's own entry again.
    try FileManager.default.removeItem(atPath: session + "/friends.browse")
    #expect(try emit("plain") == "☎ Alice Example · 3 days overdue\n")
  }

  @Test func anAmbiguousOrUnknownNameExits2AndListsTheCandidates() throws {
    try timeline(["refresh"])
    // Alan matches too, but is not tracked.
    let ambiguous = try timeline(["friends", "log", "a"], expect: 2)
    #expect(ambiguous.stderr.contains("\"a\" matches 4 friends; use more of the name"))
    #expect(ambiguous.stderr.contains("\n  Alice Example\n") && ambiguous.stderr.contains("\n  Åse Nordmann"))
    #expect(!ambiguous.stderr.contains("Alan"))
    #expect(try timeline(["friends", "log", "nobody"], expect: 2).stderr.contains("no tracked friend matches"))
    #expect(try timeline(["friends", "log", "alice", "--when", "tomorrow"], expect: 2).stderr.contains("--when"))
    #expect(try timeline(["friends", "log", "alice", "--when", Self.utcDay(3)], expect: 2).stderr.contains("future"))
    try timeline(["friends", "list", "birthdays"], expect: 2)
    #expect(!FileManager.default.fileExists(atPath: dir.file("data/timeline/friends/log.jsonl.bak")))
  }

  @Test func birthdaysInEveryFormatAndTheWholeListInShow() throws {
    try timeline(["refresh"])
    #expect(try emit("plain", "birthdays") == "🎂 Alice Example turns 40 today\n")
    let waybar = try JSONSerialization.jsonObject(with: Data(try emit("waybar", "birthdays").utf8)) as? [String: Any]
    #expect(
      waybar?["tooltip"] as? String
        == "\(Self.weekday(0)) · Alice Example turns 40\n\(Self.weekday(2)) · Åse Nordmann's birthday")
    for format in ["polybar", "tmux", "i3bar"] { #expect(try emit(format, "birthdays").contains("turns 40 today")) }
    let show = try timeline(["show", "birthdays"]).stdout
    #expect(show.contains("Åse Nordmann's birthday"))
    let status = try timeline(["status", "birthdays"]).stdout
    #expect(status.contains("warning:      hand-malformed.vcf: card 2 (line 4): no name (FN or N); skipped"))
    let doctor = try timeline(["doctor"], expect: 1).stdout
    #expect(doctor.contains("✗ contacts (birthdays): 3 problems"))
  }

  @Test func aHostileNameIsShownLiterallyInEveryBarAndTerminal() throws {
    try timeline(["refresh"])
    try timeline(["friends", "log", "carol", "--when", "30d"])
    let waybar = try #require(try JSONSerialization.jsonObject(with: Data(try emit("waybar").utf8)) as? [String: Any])
    let text = waybar["text"] as? String ?? ""
    #expect(BarMarkup.pangoText(text, allowTags: true)?.hasPrefix("☎ Carol <b>x</b> #[fg=red]") == true, "\(text)")
    #expect(BarMarkup.pangoText(waybar["tooltip"] as? String ?? "", allowTags: false) != nil)
    let i3bar = try #require(try JSONSerialization.jsonObject(with: Data(try emit("i3bar").utf8)) as? [String: Any])
    #expect(BarMarkup.pangoText(i3bar["full_text"] as? String ?? "", allowTags: true)?.contains("<b>x</b>") == true)
    let polybar = try emit("polybar")
    #expect(BarMarkup.polybarIsOurs(String(polybar.dropLast()), click: false), "\(polybar.debugDescription)")
    let tmux = try emit("tmux")
    #expect(BarMarkup.tmuxIsOurs(String(tmux.dropLast())) && tmux.contains("##[fg=red]"))
    let plain = try emit("plain")
    #expect(plain.hasPrefix("☎ Carol <b>x</b> #[fg=red]#(touch") && !plain.unicodeScalars.contains("\u{202E}"))
    for args in [["friends", "list"], ["show", "friends"], ["status", "friends"]] {
      let out = try timeline(args).stdout
      #expect(out.contains("Carol <b>x</b> #[fg=red]") && !out.unicodeScalars.contains("\u{202E}"), "\(args)")
    }
    #expect(!FileManager.default.fileExists(atPath: pwn))
  }

  static func weekday(_ days: Int) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "EEE d MMM"
    return formatter.string(from: Date().addingTimeInterval(Double(days) * 86_400))
  }
}

/// The day switches at the user's local midnight (the C library's zone rules, `TZ`), in
/// zones 25 hours apart.
@Suite struct BirthdaysZoneTests {
  @Test(arguments: ["Pacific/Kiritimati", "Pacific/Pago_Pago", "Europe/Oslo"])
  func entriesSwitchAtLocalMidnight(zone: String) throws {
    let dir = try TempDir()
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: zone))
    let now = Date()
    let today = calendar.dateComponents([.year, .month, .day], from: now)
    let card = String(
      format: "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Zoe Zone\r\nBDAY:%04d%02d%02d\r\nEND:VCARD\r\n", today.year! - 30,
      today.month!, today.day!)
    try dir.write("book/zoe.vcf", card)
    let config = try dir.write(
      "config.toml", "[widgets.birthdays]\nkind = \"birthdays\"\ncontacts = \"\(dir.file("book"))\"\n")
    let env = ["TIMELINE_CONFIG": config, "TIMELINE_CACHE_DIR": dir.file("cache"), "TZ": zone]
    let refresh = try run(Paths.binary("timeline"), ["refresh"], environment: env)
    #expect(refresh.status == 0, "\(refresh)")
    let shown = try run(Paths.binary("timeline-emit"), ["plain", "birthdays"], environment: env).stdout
    // A refresh in the last second of the day sees the next one; then the card is a year away.
    let midnight = calendar.startOfDay(for: calendar.date(byAdding: .day, value: 1, to: now)!)
    if midnight.timeIntervalSinceNow > 5 {
      #expect(shown == "🎂 Zoe Zone turns 30 today\n", "\(zone)")
      let cache = try JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: dir.file("cache/birthdays.json"))))
      let entries = try #require((cache as? [String: Any])?["entries"] as? [[String: Any]])
      #expect(entries.count >= 2)
      #expect((entries[1]["date"] as? NSNumber)?.int64Value == Int64(midnight.timeIntervalSince1970), "\(zone)")
    } else {
      #expect(shown.hasPrefix("🎂 "), "\(zone): \(shown)")
    }
  }
}
