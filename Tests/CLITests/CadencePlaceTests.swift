import Foundation
import Testing
import TimelineTestSupport

/// The friends `cadence` inline table: an error points at the bad entry inside it (its value,
/// or its key when the name is wrong), `FILE:LINE:COL` with the column in characters, not
/// at the whole table; through the real binary, as ConfigErrorPlaceTests.
@Suite struct CadencePlaceTests {
  let dir: TempDir
  init() throws { dir = try TempDir() }

  static let header = "[widgets.f]\nkind = \"friends\"\n"
  static let period = "a period like \"10d\", \"2w\", \"1m\" (months) or \"1y\""

  @Test(
    arguments: [
      (
        "cadence = { \"Alice\" = \"2w\", \"Bob\" = \"fortnight\", \"Carl\" = \"1m\" }\n",
        "3:37: [widgets.f] cadence \"Bob\": expected \(period), got \"fortnight\""
      ),
      ("cadence = { \"Alice\" = 14 }\n", "3:23: [widgets.f] cadence \"Alice\": expected a string, got an integer"),
      ("cadence = { \"Alice\" = [\"2w\"] }\n", "3:23: [widgets.f] cadence \"Alice\": expected a string, got an array"),
      ("cadence = { \"\" = \"2w\" }\n", "3:13: [widgets.f] cadence \"\": expected a contact's name"),
      ("cadence = { \"  \" = \"2w\" }\n", "3:13: [widgets.f] cadence \"  \": expected a contact's name"),
      // Columns count characters as a user sees them.
      ("cadence = { \"Åse\" = \"2x\" }\n", "3:21: [widgets.f] cadence \"Åse\": expected \(period), got \"2x\""),
      ("cadence = { \"ਸ਼ਬਦ\" = \"0d\" }\n", "3:21: [widgets.f] cadence \"ਸ਼ਬਦ\": expected \(period), got \"0d\""),
      // The first bad entry in the file is the one named, whatever the order of the names.
      (
        "cadence = { \"zed\" = \"x\", \"amy\" = \"y\" }\n",
        "3:21: [widgets.f] cadence \"zed\": expected \(period), got \"x\""
      ),
      // Spread over lines with other keys before it: the line and column are the entry's own.
      (
        "every = \"2w\"\n\n   cadence = {   \"Jane\"=\"1w\" ,\"Ola\" =  \"3q\"}\n",
        "5:40: [widgets.f] cadence \"Ola\": expected \(period), got \"3q\""
      ),
      // A value no option takes, inside the table: at that value, not at the table.
      (
        "cadence = { \"Alice\" = \"2w\", \"Bob\" = 2026-01-01 }\n",
        "3:37: [widgets.f] cadence: unsupported value type"
      ),
      // The whole table is still the place when the option itself has the wrong type.
      (
        "cadence = \"2w\"\n",
        "3:11: [widgets.f] cadence: expected an inline table like { \"Alice\" = \"2w\" }, got a string"
      ),
    ] as [(TextArgument, String)])
  func statusAndRefreshPointAtTheBadEntry(cadence: TextArgument, message: String) throws {
    let file = try dir.write("config.toml", Self.header + "contacts = \"\(dir.file("cards"))\"\n" + cadence.text)
    // The contacts line moves everything after it down by one.
    let shifted = message.replacing(/^(\d+):/) { "\(Int($0.output.1).map { $0 + 1 } ?? 0):" }
    let env = ["TIMELINE_CACHE_DIR": dir.file("cache"), "XDG_DATA_HOME": dir.file("data")]
    for args in [["status"], ["refresh"], ["friends", "list"]] {
      let result = try run(Paths.binary("timeline"), args + ["--config", file], environment: env)
      #expect(result.status == 2, "\(args): \(result.stderr)")
      #expect(result.stderr.contains("\(file):\(shifted)"), "\(args): \(result.stderr)")
    }
  }

  /// A name that matches no contact is not an error but a warning, at its place too.
  @Test func aNameThatMatchesNobodyIsReportedAtItsPlace() throws {
    try FileManager.default.createDirectory(atPath: dir.file("cards"), withIntermediateDirectories: true)
    let file = try dir.write(
      "config.toml",
      Self.header + "contacts = \"\(dir.file("cards"))\"\ncadence = { \"Alice\" = \"2w\", \"zed\" = \"1w\" }\n")
    let env = ["TIMELINE_CACHE_DIR": dir.file("cache"), "XDG_DATA_HOME": dir.file("data")]
    let list = try run(Paths.binary("timeline"), ["friends", "list", "--config", file], environment: env)
    #expect(list.status == 0, "\(list)")
    #expect(
      list.stdout.contains("warning: \(file):4:29: [widgets.f] cadence \"zed\": no contact has that name"), "\(list)")
    let status = try run(Paths.binary("timeline"), ["status", "--config", file], environment: env)
    #expect(
      status.stdout.contains("\(file):4:13: [widgets.f] cadence \"Alice\": no contact has that name"), "\(status)")
  }

  /// A control character in a name is not printed raw.
  @Test func aNameIsPrintedClean() throws {
    let file = try dir.write("config.toml", Self.header + "cadence = { \"a\\u001b[2Jb\" = \"x\" }\n")
    let result = try run(Paths.binary("timeline"), ["status", "--config", file])
    #expect(result.status == 2, "\(result)")
    #expect(result.stderr.contains("\(file):3:29: [widgets.f] cadence \"a[2Jb\": expected"), "\(result.stderr)")
    #expect(
      result.stderr.contains("cadence \"a[2Jb\": expected") && !result.stderr.contains("\u{1B}"), "\(result.stderr)")
  }
}
