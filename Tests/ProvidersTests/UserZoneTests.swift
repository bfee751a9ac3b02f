import Glibc
import Platform
import Testing
import TimelineCore
import TimelineTestSupport

@testable import Providers

/// The user's own zone, read as glibc reads `TZ` and /etc/localtime, and the reader's
/// answers to files that are not TZif.
@Suite(.serialized) struct UserZoneTests {
  @Test func theUsersZoneFollowsTZAsGNUDateDoes() throws {
    let saved = Environment.get("TZ")
    defer {
      if let saved { setenv("TZ", saved, 1) } else { unsetenv("TZ") }
    }
    let values: [String?] = [
      nil, "", "UTC", "Europe/Oslo", ":Europe/Stockholm", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata",
      "/usr/share/zoneinfo/America/Sao_Paulo", ":/usr/share/zoneinfo/America/Denver", "Nowhere/Zone",
      // POSIX rules: the US rule, Nuuk's negative time, Julian and zero-based days.
      "EST5EDT,M3.2.0,M11.1.0", "<-02>2<-01>,M3.5.0/-1,M10.5.0/0", "XXX3YYY,J60/2,300/3", "<+0530>-5:30",
    ]
    for tz in values {
      if let tz { setenv("TZ", tz, 1) } else { unsetenv("TZ") }
      let gnu = try ZoneTests.gnuDate(tz, ZoneTests.format, ZoneTests.instants.map { "@\($0)" })
      ZoneTests.expectSame(ZoneTests.ours(.user), ZoneTests.normalised(gnu), tz ?? "TZ unset")
    }
  }

  @Test func etcLocaltimeIsALinkNamingTheZoneOrAFileItself() throws {
    let dir = try TempDir()
    let link = dir.file("localtime")
    #expect(symlink("/usr/share/zoneinfo/America/Denver", link) == 0)
    let linked = try #require(UserZone.systemZone(link))
    #expect(linked.name == "America/Denver")
    #expect(linked == (try Zone(identifier: "America/Denver")))
    let bytes = try SmallFile.bytes("/usr/share/zoneinfo/Asia/Kolkata").get()
    let copy = dir.file("copy")
    let fd = open(copy, O_WRONLY | O_CREAT, 0o644)
    #expect(write(fd, bytes, bytes.count) == bytes.count)
    close(fd)
    let copied = try #require(UserZone.systemZone(copy))
    #expect(copied.name == "localtime")
    #expect(copied.offset(at: 1_800_000_000) == 19_800)
    #expect(UserZone.systemZone(dir.file("none")) == nil)
  }

  @Test func aDamagedFileIsAnErrorNotAZone() throws {
    let good = try SmallFile.bytes("/usr/share/zoneinfo/Europe/Vienna").get()
    guard case .success = TZif.rules(good) else {
      Issue.record("Vienna unread")
      return
    }
    // Cut anywhere, or the counts made huge, or not TZif at all: an error, never a trap.
    for length in stride(from: 0, to: good.count, by: 97) {
      guard case .failure = TZif.rules(Array(good.prefix(length))) else {
        Issue.record("read \(length) bytes as a zone")
        continue
      }
    }
    var huge = good
    for index in 32..<36 { huge[index] = 0xFF }
    #expect(TZif.rules(huge) == .failure(TZifError("impossible counts")))
    #expect(TZif.rules(Array("<html>not a zone</html>".utf8)) == .failure(TZifError("not a TZif file")))
    var badRule = good
    let footer = try #require(badRule.dropLast().lastIndex(of: UInt8(ascii: "\n")))
    badRule.replaceSubrange((footer + 1)..<(badRule.count - 1), with: Array("CET-1CEST,M13.5.0".utf8))
    #expect(TZif.rules(badRule) == .failure(TZifError("unreadable rule \"CET-1CEST,M13.5.0\"")))
  }

  @Test func rulesThatAreNotRules() {
    for text in [
      "", "CE", "CET", "CET-", "CET-1CEST,M3.5.0", "CET-1CEST,M3.5.0,M10.6.0", "<CET-1", "CET-200", "X1Y,J0,J1",
    ] {
      #expect(PosixRule(text) == nil, "\(text)")
    }
    #expect(PosixRule("CET-1")?.offset(at: 0) == 3600)
    // RFC 8536's daylight time all year, across the new year too (glibc is an hour off
    // there, so this is checked here rather than against `date`).
    let always = PosixRule("EST5EDT,0/0,J365/25")
    for instant in ZoneTests.instants { #expect(always?.offset(at: instant) == -14_400, "\(instant)") }
  }
}
