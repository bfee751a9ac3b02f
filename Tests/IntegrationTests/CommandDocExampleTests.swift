import Foundation
import Testing
import TimelineTestSupport

/// The program in docs/command-provider.md, copied as a user would: its dates come from
/// the clock, so the widget it feeds is current, not stale, right after the first refresh.
@Suite struct CommandDocExampleTests {
  @Test func theDocumentedProgramGivesACurrentWidget() throws {
    let doc = try Repo.text("docs/command-provider.md")
    let start = try #require(doc.range(of: "```sh\n#!/bin/sh\n"))
    let end = try #require(doc[start.upperBound...].range(of: "```"))
    let dir = try TempDir()
    let script = try dir.write("example.sh", "#!/bin/sh\n" + doc[start.upperBound..<end.lowerBound])
    chmod(script, 0o755)
    let config = try dir.write(
      "config.toml", "[widgets.example]\nkind = \"command\"\ncommand = [\"\(script)\"]\n")
    let env = isolated(dir, ["TIMELINE_CACHE_DIR": dir.file("cache"), "TIMELINE_CONFIG": config])
    let refresh = try run(Repo.timeline, ["refresh"], environment: env)
    #expect(refresh.status == 0, "\(refresh)")
    let status = try run(Repo.timeline, ["status", "--json"], environment: env)
    let rows = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [[String: Any]]
    let row = try #require(rows?.first)
    #expect(row["stale"] as? Bool == false, "\(status.stdout)")
    #expect(row["current"] as? String == "today", "\(status.stdout)")
    #expect(row["entries"] as? Int == 2)
  }
}
