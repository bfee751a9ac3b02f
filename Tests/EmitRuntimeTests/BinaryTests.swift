import EmitTestSupport
import Foundation
import Testing
import TimelineTestSupport

/// Checks on the built executables: the fast path's dependencies, and that both front ends
/// print the same bytes.
@Suite struct BinaryTests {
  static let emit = Paths.binary("timeline-emit")

  @Test func timelineEmitLinksNoFoundation() throws {
    let ldd = try run("/usr/bin/env", ["ldd", Self.emit])
    let libraries = ldd.stdout + ldd.stderr
    for forbidden in [
      "libFoundation", "libFoundationEssentials", "libFoundationNetworking", "libcurl", "libicu", "lib_FoundationICU",
      "libxml2",
    ] {
      #expect(!libraries.contains(forbidden), "timeline-emit links \(forbidden):\n\(libraries)")
    }
  }

  @Test func timelineEmitHasNoFoundationOrArgumentParserSymbols() throws {
    let nm = try run("/usr/bin/env", ["nm", Self.emit])
    #expect(nm.status == 0, "nm failed: \(nm.stderr)")
    let symbols = nm.stdout
    #expect(!symbols.isEmpty)
    for forbidden in ["ArgumentParser", "10Foundation", "20FoundationEssentials", "FoundationNetworking"] {
      let hits = symbols.split(separator: "\n").filter { $0.contains(forbidden) }
      #expect(hits.isEmpty, "\(forbidden) symbols: \(hits.prefix(3))")
    }
  }

  @Test
  func bothFrontEndsPrintIdenticalBytes() throws {
    let dir = try TempDir()
    Caches.write(
      Caches.timeline(entries: [Caches.entry("ਸਤਿ & <b> %{A1:x:} #[fg=red] \"q\"", at: 0, color: "#ff9900", level: 4)]),
      in: dir.path)
    let cases: [[String]] = [
      ["waybar", "w"], ["polybar", "w", "--click"], ["tmux", "w", "--max-width", "8"], ["i3bar", "w"], ["plain", "w"],
      ["waybar", "missing", "--at", "2026-03-01T19:00:00+05:30"], ["polybar", "w", "--gurmukhi", "logical"],
    ]
    for arguments in cases {
      let fast = try run(Paths.binary("timeline-emit"), arguments, environment: ["TIMELINE_CACHE_DIR": dir.path])
      let cli = try run(Paths.binary("timeline"), ["emit"] + arguments, environment: ["TIMELINE_CACHE_DIR": dir.path])
      #expect(fast.status == 0 && cli.status == 0, "\(arguments)")
      #expect(fast.stdoutBytes == cli.stdoutBytes, "\(arguments)")
    }
    let bad = try run(Paths.binary("timeline"), ["emit", "waybar", "w", "--at", "soon"])
    #expect(bad.status == 2)
  }
}
