import Foundation
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

@testable import Providers

/// `timeline show` and `timeline open` on a cache holding a hukamnama entry.
@Suite struct BaniDBCLITests {
  let now = BaniDBFixture.epoch("2026-03-02T03:00:00Z")

  func cache() throws -> TempDir {
    let dir = try TempDir()
    let provider = try HukamnamaProvider(config: BaniDBFixture.config("hukamnama", ["transliteration": .string("en")]))
    let context = ProviderContext(
      clock: FixedClock(now), config: try BaniDBFixture.config("hukamnama"), http: CurlHTTPClient())
    let draft = provider.snapshot(context: context)
    try CacheStore(directory: dir.path).write(
      Timeline(
        widget: "hukam", kind: "hukamnama", entries: draft.entries, end: draft.end, policy: draft.policy,
        placeholder: provider.placeholder(), generated: now))
    return dir
  }

  @Test func showPrintsTheWholeShabadWithoutColourWhenPiped() throws {
    let dir = try cache()
    let result = try run(
      Paths.binary("timeline"), ["show", "hukam", "--at", "2026-03-02T03:00:00Z"],
      environment: ["TIMELINE_CACHE_DIR": dir.path])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("Hukamnama, 13 October 2025\nAng 673 · Raag Dhanaasree · Guru Arjan Dev Ji\n"))
    #expect(result.stdout.contains("ਤੁਮੑ ਕਰਹੁ ਦਇਆ ਮੇਰੇ ਸਾਈ ॥\n"))
    #expect(result.stdout.contains("https://www.sikhitothemax.org/shabad?id=2565"))
    #expect(!result.stdout.contains("\u{1B}"))
  }

  @Test func showWithoutACurrentEntryFails() throws {
    let dir = try cache()
    let before = try run(
      Paths.binary("timeline"), ["show", "hukam", "--at", "2026-03-01T00:00:00Z"],
      environment: ["TIMELINE_CACHE_DIR": dir.path])
    #expect(before.status == 1 && before.stderr.contains("no current entry"))
    // A name the (embedded default) config lacks is unknown, not a widget to refresh.
    let unknown = try run(
      Paths.binary("timeline"), ["show", "nothing"],
      environment: ["TIMELINE_CACHE_DIR": dir.path, "XDG_CONFIG_HOME": dir.path, "TIMELINE_CONFIG": ""])
    #expect(unknown.status == 1 && unknown.stderr.contains("unknown widget \"nothing\""), "\(unknown.stderr)")
    #expect(
      unknown.stderr.contains("(configured: random-shabad, hukamnama, avalanche)")
        && !unknown.stderr.contains("timeline refresh nothing"))
  }

  @Test func openHandsTheLinkToXdgOpenOrPrintsIt() throws {
    let dir = try cache()
    let bin = try TempDir()
    try bin.write("xdg-open", "#!/bin/sh\nprintf '%s\\n' \"$1\" > \"\(bin.path)/opened\"\n")
    chmod(bin.file("xdg-open"), 0o755)
    let env = ["TIMELINE_CACHE_DIR": dir.path, "PATH": bin.path + ":/usr/bin:/bin"]
    let opened = try run(Paths.binary("timeline"), ["open", "hukam", "--at", "2026-03-02T03:00:00Z"], environment: env)
    #expect(opened.status == 0 && opened.stdout.isEmpty)
    let url = try String(contentsOfFile: bin.file("opened"), encoding: .utf8)
    #expect(url == "https://www.sikhitothemax.org/shabad?id=2565\n")
    let empty = try TempDir()
    let printed = try run(
      Paths.binary("timeline"), ["open", "hukam", "--at", "2026-03-02T03:00:00Z"],
      environment: ["TIMELINE_CACHE_DIR": dir.path, "PATH": empty.path])
    #expect(printed.status == 0 && printed.stdout == "https://www.sikhitothemax.org/shabad?id=2565\n")
    #expect(printed.stderr.contains("xdg-open not found"))
  }

  @Test func showPrintsOnlyTheCurrentShabadUnlessAll() throws {
    let dir = try TempDir()
    let provider = try RandomShabadProvider(config: BaniDBFixture.config("random-shabad"))
    let shabad = try BaniDBFixture.shabad()
    let entries = [
      provider.makeEntry(shabad, date: now, timeZone: "UTC"),
      provider.makeEntry(shabad, date: now + 3600, timeZone: "UTC"),
    ]
    try CacheStore(directory: dir.path).write(
      Timeline(
        widget: "rand", kind: "random-shabad", entries: entries, end: now + 7200, policy: .after(now + 3600),
        placeholder: provider.placeholder(), generated: now))
    let env = ["TIMELINE_CACHE_DIR": dir.path]
    let url = "https://www.sikhitothemax.org/shabad?id=3492"
    let one = try run(Paths.binary("timeline"), ["show", "rand", "--at", "2026-03-02T03:00:00Z"], environment: env)
    #expect(one.status == 0 && one.stdout.components(separatedBy: url).count == 2)
    #expect(one.stdout.components(separatedBy: "Random shabad for ").count == 2)
    let all = try run(
      Paths.binary("timeline"), ["show", "rand", "--all", "--at", "2026-03-02T03:00:00Z"], environment: env)
    #expect(all.status == 0 && all.stdout.components(separatedBy: url).count == 3)
    #expect(all.stdout.components(separatedBy: "Random shabad for ").count == 3)
  }
}
