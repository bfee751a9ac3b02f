import Foundation
import Testing
import TimelineTestSupport

/// Hostile address books and friends logs, through the built `timeline`: a log that lost
/// its last newline, appends cut short, a read-only cache, a symlinked log, huge folded
/// cards, byte order marks and line ends, an unreadable folder, placeholder years and a
/// name that matches dozens.
@Suite struct HostileContactsTests {
  let dir: TempDir
  var env: [String: String]
  /// An argv prefix run before `timeline` (setpriv for the tests that need another user).
  var prefix: [String] = []

  init() throws {
    dir = try TempDir()
    try dir.write("book/alice.vcf", Self.card("Alice", uid: "alice"))
    try dir.write("book/bob.vcf", Self.card("Bob", uid: "bob"))
    let config = try dir.write(
      "config.toml",
      """
      [widgets.friends]
      kind = "friends"
      contacts = "\(dir.file("book"))"
      every = "2w"

      [widgets.birthdays]
      kind = "birthdays"
      contacts = "\(dir.file("book"))"
      within = "14d"
      """)
    env = [
      "TIMELINE_CONFIG": config, "TIMELINE_CACHE_DIR": dir.file("cache"), "XDG_DATA_HOME": dir.file("data"),
      "XDG_RUNTIME_DIR": dir.file("run"), "TMUX_TMPDIR": dir.file("tmux"), "TZ": "UTC", "HOME": dir.path,
    ]
  }

  static func card(_ name: String, uid: String? = nil, extra: String = "", end: String = "\r\n") -> String {
    var lines = ["BEGIN:VCARD", "VERSION:3.0", "FN:\(name)", "CATEGORIES:friends"]
    if let uid { lines.append("UID:\(uid)") }
    if !extra.isEmpty { lines.append(extra) }
    lines.append("END:VCARD")
    return lines.joined(separator: end) + end
  }

  var logPath: String { dir.file("data/timeline/friends/log.jsonl") }

  @discardableResult
  func timeline(_ args: [String], expect status: Int32? = 0, wrapper: [String] = []) throws -> RunResult {
    let argv = prefix + wrapper + [Paths.binary("timeline")] + args
    let result = try run(argv[0], Array(argv.dropFirst()), environment: env)
    if let status { #expect(result.status == status, "timeline \(args): \(result)") }
    return result
  }

  func logBytes() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: logPath)) }

  /// This scene as an unprivileged user when the tests run as root (who reads and writes
  /// past any mode): the temporary directory is handed to nobody and every `timeline`
  /// runs through setpriv. Nil (with the reason printed) when that cannot be done.
  func unprivileged(_ test: String) throws -> Self? {
    guard getuid() == 0 else { return self }
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
      print("\(test): skipped: running as root and /usr/bin/setpriv is missing, so a mode cannot be enforced")
      return nil
    }
    let chown = try run("/bin/chown", ["-R", "65534:65534", dir.path])
    guard chown.status == 0 else {
      print("\(test): skipped: cannot hand the temporary directory to nobody: \(chown.stderr)")
      return nil
    }
    var scene = self
    scene.prefix = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    return scene
  }

  // MARK: Torn appends

  /// The repro of issue 37 item 1: the log's last newline cut off, then another contact
  /// logged; both are logged and no line is damaged.
  @Test func aLogWithoutItsLastNewlineKeepsBothContacts() throws {
    try timeline(["refresh"])
    try timeline(["friends", "log", "bob", "--when", "3d"])
    let bytes = try logBytes()
    #expect(truncate(logPath, off_t(bytes.count - 1)) == 0)
    try timeline(["friends", "log", "alice"])
    let list = try timeline(["friends", "list"]).stdout
    #expect(list.contains("Bob · every 2w · last \(FriendsCLITests.utcDay(-3))"), "\(list)")
    #expect(list.contains("Alice · every 2w · last \(FriendsCLITests.utcDay(0))"), "\(list)")
    #expect(!list.contains("damaged"), "\(list)")
  }

  /// A log padded to just under `limit` bytes with whole lines that parse.
  func padLog(to size: Int) throws {
    try FileManager.default.createDirectory(
      atPath: dir.file("data/timeline/friends"), withIntermediateDirectories: true)
    var text = ""
    let line = { (name: String) in
      "{\"v\":1,\"event\":\"track\",\"who\":\"uid:pad\",\"name\":\"\(name)\",\"day\":\"2026-01-01\",\"at\":1}\n"
    }
    while text.utf8.count + line("").utf8.count + 100 < size { text += line(String(repeating: "p", count: 60)) }
    text += line(String(repeating: "q", count: size - text.utf8.count - line("").utf8.count))
    #expect(text.utf8.count == size)
    try text.write(toFile: logPath, atomically: false, encoding: .utf8)
  }

  /// An append that a file size limit cuts short (a partial write, then EFBIG) exits 1 and
  /// leaves the log byte for byte as it was; without the limit the same command logs.
  @Test func anAppendCutShortLeavesTheLogAsItWas() throws {
    try padLog(to: 2048 - 40)
    let before = try logBytes()
    // dash counts `ulimit -f` in blocks of 512 bytes: 4 is 2048.
    let limited = try timeline(
      ["friends", "log", "alice"], expect: 1, wrapper: ["/bin/sh", "-c", "ulimit -f 4; exec \"$0\" \"$@\""])
    #expect(limited.stderr.contains("File too large") && limited.stderr.contains("nothing was logged"), "\(limited)")
    #expect(try logBytes() == before)
    try timeline(["friends", "log", "alice"])
    let list = try timeline(["friends", "list"]).stdout
    #expect(list.contains("Alice · every 2w · last \(FriendsCLITests.utcDay(0))") && !list.contains("damaged"))
  }

  /// The same on a full disk (a full tmpfs as the data directory, root only).
  @Test func anAppendOnAFullDiskLeavesTheLogAsItWas() throws {
    let data = dir.file("data")
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
    let mounted = try run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k,mode=0700", "tmpfs", data])
    guard mounted.status == 0 else {
      print("anAppendOnAFullDiskLeavesTheLogAsItWas: skipped: cannot mount a tmpfs (needs root): \(mounted.stderr)")
      return
    }
    defer { _ = try? run("/bin/umount", ["-l", data]) }
    // 40 bytes short of a page: the append fills the page, then finds no other.
    try padLog(to: 4096 - 40)
    let before = try logBytes()
    _ = try run("/bin/sh", ["-c", "cat /dev/zero > \"$0\" 2>/dev/null; true", data + "/filler"])
    let full = try timeline(["friends", "log", "alice"], expect: 1)
    #expect(full.stderr.contains("No space left on device"), "\(full)")
    #expect(try logBytes() == before)
    try FileManager.default.removeItem(atPath: data + "/filler")
    try timeline(["friends", "log", "alice"])
    #expect(!(try timeline(["friends", "list"]).stdout.contains("damaged")))
  }

  // MARK: The exit status says whether the contact was logged

  /// A cache directory that cannot be written: the contact is logged (exit 0), the bar
  /// not updated is a warning; a retry would log it twice, so none is needed.
  @Test func aCacheThatCannotBeWrittenIsAWarningOnceTheContactIsLogged() throws {
    // A path under a regular file fails for root too.
    try dir.write("blocker", "")
    var blocked = self
    blocked.env["TIMELINE_CACHE_DIR"] = dir.file("blocker/cache")
    let logged = try blocked.timeline(["friends", "log", "alice"])
    #expect(logged.stdout.hasPrefix("logged contact with Alice on \(FriendsCLITests.utcDay(0))"), "\(logged)")
    #expect(logged.stderr.contains("warning: friends: ") && logged.stderr.contains("after the next refresh"))
    // A read-only cache directory, as its owner.
    guard let owner = try unprivileged("aCacheThatCannotBeWrittenIsAWarningOnceTheContactIsLogged") else { return }
    try owner.timeline(["refresh"])
    #expect(chmod(dir.file("cache"), 0o555) == 0)
    let readOnly = try owner.timeline(["friends", "log", "bob"])
    #expect(readOnly.stderr.contains("Permission denied"), "\(readOnly)")
    let list = try owner.timeline(["friends", "list"]).stdout
    #expect(list.contains("Alice · every 2w · last ") && list.contains("Bob · every 2w · last "), "\(list)")
    let log = try String(contentsOfFile: logPath, encoding: .utf8)
    #expect(log.components(separatedBy: "\"event\":\"contact\"").count == 3, "\(log)")
  }

  // MARK: Path spellings

  /// A log.jsonl that is a symlink to a dotfile is followed for writes as for reads.
  @Test func aSymlinkedLogIsReadAndWrittenThroughTheLink() throws {
    try FileManager.default.createDirectory(
      atPath: dir.file("data/timeline/friends"), withIntermediateDirectories: true)
    try dir.write("dotfiles/friends.jsonl", "")
    try FileManager.default.createSymbolicLink(atPath: logPath, withDestinationPath: dir.file("dotfiles/friends.jsonl"))
    try timeline(["refresh"])
    try timeline(["friends", "log", "bob", "--when", "2d"])
    try timeline(["friends", "log", "alice"])
    let list = try timeline(["friends", "list"]).stdout
    #expect(list.contains("Bob · every 2w · last \(FriendsCLITests.utcDay(-2))"), "\(list)")
    let kind = try FileManager.default.attributesOfItem(atPath: logPath)[.type] as? FileAttributeType
    #expect(kind == .typeSymbolicLink)
    let target = try String(contentsOfFile: dir.file("dotfiles/friends.jsonl"), encoding: .utf8)
    #expect(target.components(separatedBy: "\"event\":\"contact\"").count == 3, "\(target)")
  }

  // MARK: Linear parsers (vCard)

  /// A 260 KB quoted-printable value with thousands of soft breaks, 400 KB of folded
  /// lines with no colon, and a card over the budget: the refresh ends (the timeout is
  /// only a hang guard), the cards read, and the one over the budget is named.
  @Test func hugeFoldedCardsRefreshAndRead() throws {
    let note = VCardText.quotedPrintable(String(repeating: "Åse Nordmann ", count: 14_000))
    try dir.write(
      "book/long.vcf",
      Self.card("Long Card", extra: "NOTE;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:\(note)"))
    let junk = String(repeating: " ENCODING=QUOTED-PRINTABLE;X=abcdefghijklmnopqrstuvwxyz0123456789=\r\n", count: 6_000)
    try dir.write("book/junk.vcf", Self.card("Colonless Card", extra: "X-JUNK;QUOTED-PRINTABLE\r\n" + junk.dropLast(2)))
    try dir.write(
      "book/big.vcf", Self.card("Big Card", extra: "NOTE:" + String(repeating: "z", count: 2 << 20)))
    let refresh = try run(Paths.binary("timeline"), ["refresh"], environment: env, timeout: 120)
    #expect(!refresh.timedOut && refresh.status == 0, "\(refresh)")
    let list = try timeline(["friends", "list"]).stdout
    #expect(list.contains("Long Card · ") && list.contains("Colonless Card · "), "\(list)")
    #expect(list.contains("big.vcf: card 1 \"Big Card\" (line 1): larger than 1 MB or 10000 properties; skipped"))
  }

  /// A card that starts with a byte order mark, and cards with CR-only and mixed line
  /// ends, are all tracked.
  @Test func aByteOrderMarkAndAnyLineEndsKeepTheContact() throws {
    try dir.write("book/bom.vcf", "\u{FEFF}" + Self.card("Bom Person"))
    try dir.write("book/cr.vcf", Self.card("Carriage Return", end: "\r"))
    try dir.write("book/mixed.vcf", "BEGIN:VCARD\nVERSION:3.0\r\nFN:Mixed\r  Ends\nCATEGORIES:friends\r\nEND:VCARD\r")
    try timeline(["refresh"])
    let list = try timeline(["friends", "list"]).stdout
    for name in ["Bom Person", "Carriage Return", "Mixed Ends"] {
      #expect(list.contains(" \(name) · every 2w"), "\(name): \(list)")
    }
    #expect(!list.contains("not a vCard file"), "\(list)")
  }

  // MARK: An unreadable book

  /// A contacts folder that cannot be listed is an error, like a missing one: the refresh
  /// fails and the last good timeline stays.
  @Test func anUnreadableContactsFolderKeepsTheLastGoodTimeline() throws {
    guard let user = try unprivileged("anUnreadableContactsFolderKeepsTheLastGoodTimeline") else { return }
    try user.timeline(["friends", "log", "alice", "--when", "20d"])
    try user.timeline(["refresh", "--force"])
    let cache = dir.file("cache/friends.json")
    let good = try Data(contentsOf: URL(fileURLWithPath: cache))
    #expect(chmod(dir.file("book"), 0) == 0)
    let refresh = try user.timeline(["refresh", "--force", "friends"], expect: 1)
    #expect(refresh.stderr.contains("cannot read \(dir.file("book")): Permission denied"), "\(refresh)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: cache)) == good)
    let shown = try run(Paths.binary("timeline-emit"), ["plain", "friends"], environment: env).stdout
    #expect(shown.contains("Alice · 6 days overdue"), "\(shown)")
  }

  // MARK: Placeholder years and long candidate lists

  /// `BDAY:0000MMDD`, `0001-MM-DD` and Apple's 1604 are birthdays without a year: no age.
  @Test func placeholderBirthYearsShowNoAge() throws {
    let day = FriendsCLITests.utcDay(0)
    let (month, date) = (day.dropFirst(5).prefix(2), day.suffix(2))
    try dir.write("book/zero.vcf", Self.card("Year Zero", extra: "BDAY:0000\(month)\(date)"))
    try dir.write("book/one.vcf", Self.card("Year One", extra: "BDAY:0001-\(month)-\(date)"))
    try dir.write("book/apple.vcf", Self.card("Apple Year", extra: "BDAY:1604-\(month)-\(date)"))
    try timeline(["refresh"])
    let show = try timeline(["show", "birthdays"]).stdout
    for name in ["Year Zero", "Year One", "Apple Year"] { #expect(show.contains("\(name)'s birthday"), "\(show)") }
    #expect(!show.contains("turns"), "\(show)")
  }

  /// A name that matches many lists ten and counts the rest.
  @Test func anAmbiguousNameListsTenAndCountsTheRest() throws {
    try dir.write("book/many.vcf", (1...25).map { Self.card(String(format: "Anna %02d", $0)) }.joined())
    try timeline(["refresh"])
    let ambiguous = try timeline(["friends", "log", "anna"], expect: 2)
    #expect(ambiguous.stderr.contains("\"anna\" matches 25 friends; use more of the name"), "\(ambiguous)")
    #expect(ambiguous.stderr.components(separatedBy: "\n  Anna ").count == 11, "\(ambiguous.stderr)")
    #expect(ambiguous.stderr.contains("\n  … and 15 more"), "\(ambiguous.stderr)")
  }
}
