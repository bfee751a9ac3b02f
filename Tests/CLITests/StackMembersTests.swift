import Foundation
import Testing
import TimelineTestSupport

/// A stack shows its members as they are whenever one has an entry, whatever was refreshed
/// last: every refresh writes the stack's file (its members list, which is all the
/// emitter knows of the config) where it is missing or out of date, and the emitter reads
/// the members' files as they are at each emit. Through the real `timeline` and
/// `timeline-emit`.
@Suite struct StackMembersTests {
  let dir: TempDir

  init() throws { dir = try TempDir() }

  /// Two command widgets, `a` and `b`, whose programs print the text of the files
  /// `a.text` and `b.text` (and fail while a file is missing); `stack` lines follow them.
  func config(_ stack: String = "") throws -> String {
    for name in ["a", "b"] {
      let script = try dir.write(
        "\(name).sh",
        "#!/bin/sh\ntext=$(cat '\(dir.file(name + ".text"))') || exit 1\n"
          + "printf '{\"entries\":[{\"date\":0,\"text\":\"%s\"}]}' \"$text\"\n")
      chmod(script, 0o755)
    }
    let widgets = ["a", "b"].map { "[widgets.\($0)]\nkind = \"command\"\ncommand = [\"\(dir.file($0 + ".sh"))\"]\n" }
    return try dir.write("config.toml", widgets.joined(separator: "\n") + "\n" + stack)
  }

  /// With no `min_display`, so the member shown follows the scores at once.
  static let stack = "[widgets.now]\nkind = \"stack\"\nwidgets = [\"a\", \"b\"]\nmin_display = 0\n"

  func say(_ name: String, _ text: String) throws { _ = try dir.write(name + ".text", text) }

  var environment: [String: String] {
    ["TIMELINE_CACHE_DIR": dir.file("cache"), "TIMELINE_CONFIG": dir.file("config.toml"), "HOME": dir.path]
  }

  @discardableResult
  func timeline(_ arguments: [String]) throws -> RunResult {
    let result = try run(Paths.binary("timeline"), arguments, environment: environment)
    #expect(result.status == 0, "timeline \(arguments): \(result)")
    return result
  }

  func emit(_ widget: String = "now") throws -> String {
    try run(Paths.binary("timeline-emit"), ["plain", widget], environment: environment).stdout
  }

  @Test func aStackAddedAfterTheLastRefreshShowsAMemberAfterRefreshingOneMember() throws {
    try say("a", "alpha")
    try say("b", "beta")
    _ = try config()
    try timeline(["refresh"])
    _ = try config(Self.stack)
    // Before any refresh the emitter cannot know the new stack's members.
    #expect(try emit() == "now…\n")
    let report = try timeline(["refresh", "b"])
    #expect(try emit() == "alpha\n")
    // The stack's file is written without a line of its own: only `b` was asked for.
    #expect(!report.stderr.contains("now:"), "\(report)")
    #expect(FileManager.default.fileExists(atPath: dir.file("cache/now.json")))
  }

  @Test func aMissingStackFileIsWrittenAgainByAnyRefresh() throws {
    try say("a", "alpha")
    try say("b", "beta")
    _ = try config(Self.stack)
    try timeline(["refresh"])
    try FileManager.default.removeItem(atPath: dir.file("cache/now.json"))
    #expect(try emit() == "now…\n")
    // Nothing is due: the member is not fetched again, the stack's file is written all the same.
    let report = try timeline(["refresh", "a"])
    #expect(report.stderr.contains("a: not due"), "\(report)")
    #expect(try emit() == "alpha\n")
  }

  @Test func aMemberRefreshedAfterTheStackIsShownAtOnce() throws {
    _ = try config(Self.stack)
    // The first refresh finds no member with an entry: the stack shows its placeholder.
    let first = try run(Paths.binary("timeline"), ["refresh"], environment: environment)
    #expect(first.status == 1, "\(first)")
    #expect(try emit() == "…\n")
    try say("b", "beta")
    try timeline(["refresh", "b", "--force"])
    #expect(try emit() == "beta\n")
    try say("a", "alpha")
    try timeline(["refresh", "a", "--force"])
    // Ties go to the first member listed.
    #expect(try emit() == "alpha\n")
  }

  @Test func changedMembersAreWrittenByARefreshOfAnotherWidget() throws {
    try say("a", "alpha")
    try say("b", "beta")
    _ = try config("[widgets.now]\nkind = \"stack\"\nwidgets = [\"a\"]\n")
    try timeline(["refresh"])
    #expect(try emit() == "alpha\n")
    _ = try config("[widgets.now]\nkind = \"stack\"\nwidgets = [\"b\"]\n")
    try timeline(["refresh", "a"])
    #expect(try emit() == "beta\n")
  }

  /// A bar's `--follow` emitter started before the stack has a file shows the member as
  /// soon as a refresh of one member has run.
  @Test func aFollowingBarSeesTheStackOnceAMemberIsRefreshed() async throws {
    try say("a", "alpha")
    _ = try config(Self.stack)
    let lines = dir.file("follow.out")
    let bar = try run(
      "/bin/sh",
      [
        "-c",
        "\"$1\" --follow plain now > \"$2\" & pid=$!; wait_for() { i=0; "
          + "until grep -q \"$1\" \"$2\" || [ $i -ge 300 ]; do sleep 0.1; i=$((i+1)); done; }; "
          + "wait_for now \"$2\"; \"$3\" refresh a 2>/dev/null; wait_for alpha \"$2\"; kill $pid",
        "sh", Paths.binary("timeline-emit"), lines, Paths.binary("timeline"),
      ], environment: environment, timeout: 60)
    #expect(bar.status == 0, "\(bar)")
    let shown = try String(contentsOfFile: lines, encoding: .utf8)
    #expect(shown == "now…\nalpha\n", "\(shown)")
  }
}
