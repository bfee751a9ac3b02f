import Foundation
import Testing
import TimelineTestSupport

@testable import Emitters

/// `timeline-emit --list-traits`, the registry as scripts read it, and `make bench`'s polybar
/// peers derived from it (bench/realcache.py), through the built binary.
@Suite struct TraitListingTests {
  static let emit = Paths.binary("timeline-emit")

  /// Every format of `--list-formats`, in its order, with each trait as the registry says.
  @Test func everyFormatWithItsTraits() throws {
    let names = try run(Self.emit, ["--list-formats"]).stdout.split(separator: "\n").map(String.init)
    let listed = try run(Self.emit, ["--list-traits"])
    #expect(listed.status == 0 && listed.stderr.isEmpty, "\(listed)")
    let lines = listed.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
    #expect(lines.map { $0.first ?? "" } == names)
    for line in lines {
      let format = try #require(OutputFormat.named(line[0]))
      var said: [String: String] = [:]
      for word in line.dropFirst() {
        let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
        try #require(parts.count == 2, "\(word)")
        said[parts[0]] = parts[1]
      }
      let traits = format.traits
      #expect(said["shapes"] == (traits.shapesComplexScripts ? "yes" : "no"), "\(line)")
      #expect(said["tooltip"] == (traits.tooltip ? "yes" : "no"), "\(line)")
      #expect(said["click"] == (traits.clickActions ? "yes" : "no"), "\(line)")
      #expect(said["fonts"] == (traits.fontSwitching ? "yes" : "no"), "\(line)")
      #expect(said["emoji"] == (traits.drawsEmoji ? "yes" : "no"), "\(line)")
      #expect(said["stream"] == (format.stream != nil ? "yes" : "no"), "\(line)")
      #expect(said["large"] == (format.hasLargeFamily ? "yes" : "no"), "\(line)")
      #expect(said["cost-peer"] == (format.costPeer?.name ?? "none"), "\(line)")
      #expect(
        said.keys.sorted() == [
          "click", "cost-peer", "emoji", "fonts", "large", "level", "markup", "shapes", "stream", "tooltip",
        ])
    }
  }

  /// The bench's list of polybar's peers is the registry's, read through the binary by
  /// bench/realcache.py itself: today the formats issue 28 added.
  @Test func theBenchsPolybarPeersComeFromTheRegistry() throws {
    let bench = Paths.repo + "/bench"
    let ran = try run(
      "/usr/bin/env",
      ["python3", "-c", "import sys, realcache; print(' '.join(realcache.polybar_peers(sys.argv[1])))", Self.emit],
      environment: ["PYTHONPATH": bench])
    #expect(ran.status == 0, "\(ran)")
    let expected = OutputFormat.allCases.filter { $0.costPeer == .polybar }.map(\.name)
    #expect(ran.stdout == expected.joined(separator: " ") + "\n", "\(ran)")
    #expect(expected == ["i3blocks", "xmobar", "lemonbar", "conky"])
  }
}
