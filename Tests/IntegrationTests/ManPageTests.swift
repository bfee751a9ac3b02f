import Foundation
import Testing
import TimelineTestSupport

/// The man pages say what the programs do, render without a warning, and the version is
/// the same everywhere (docs/packaging.md).
@Suite struct ManPageTests {
  /// The page as `man` renders it; fails on any warning groff or mdoc prints.
  static func render(_ page: String) throws -> String {
    let man = try #require(which("man"), "man is missing (make deps installs man-db)")
    let result = try run(
      man, ["--warnings", "-l", page],
      environment: [
        // No hyphenation, so that every word can be found whole.
        "MANWIDTH": "100", "LC_ALL": "C.UTF-8", "MANPAGER": "cat", "MANROFFOPT": "-rHY=0",
      ])
    #expect(result.status == 0, "man -l \(page): \(result.stderr)")
    #expect(result.stderr.isEmpty, "man -l \(page) warns: \(result.stderr)")
    return result.stdout
  }

  /// The subcommands `timeline --help` lists.
  static func subcommands() throws -> [String] {
    let help = try run(Repo.timeline, ["--help"]).stdout
    let section = try #require(help.range(of: "SUBCOMMANDS:"))
    return help[section.upperBound...].split(separator: "\n").compactMap { line in
      guard line.hasPrefix("  "), !line.hasPrefix("   "), let word = line.split(separator: " ").first,
        word.first?.isLowercase == true
      else { return nil }
      return String(word)
    }
  }

  @Test func timelinePageIsGeneratedFromTheArgumentParser() throws {
    let page = try Self.render(InstallTests.manual)
    let subcommands = try Self.subcommands()
    #expect(subcommands.count >= 10, "\(subcommands)")
    for name in subcommands {
      #expect(page.contains("\n     \(name)"), "timeline.1 lacks the subcommand \(name)")
    }
    // Options come from the same definitions as --help.
    for option in ["--cache-dir", "--force", "--quiet", "--json", "--offline"] {
      #expect(page.contains(option), "timeline.1 lacks \(option)")
    }
    #expect(page.contains("SEE ALSO") && page.contains("timeline-emit(1)"))
  }

  @Test func timelineEmitPageHasEveryOption() throws {
    let page = try Self.render(Repo.file("man/timeline-emit.1"))
    let help = try run(Repo.emit, ["--help"]).stdout
    let options = help.split(whereSeparator: { " ,\n".contains($0) }).filter { $0.hasPrefix("--") && $0.count > 2 }
    #expect(options.count >= 7, "\(options)")
    for option in Set(options) { #expect(page.contains(option), "timeline-emit.1 lacks \(option)") }
    // The format registry, as the binary lists it: a new format needs its own entry here.
    let formats = try run(Repo.emit, ["--list-formats"]).stdout.split(separator: "\n")
    #expect(formats.count >= 5, "\(formats)")
    for format in formats { #expect(page.contains("\n       \(format)"), "timeline-emit.1 lacks format \(format)") }
    for heading in ["EXIT STATUS", "EXAMPLES", "ENVIRONMENT"] { #expect(page.contains(heading)) }
  }

  @Test func configPageHasEveryKeyOfTheExampleConfig() throws {
    let page = try Self.render(Repo.file("man/timeline.toml.5"))
    let example = try Repo.text("examples/config.toml")
    // `key =` lines, commented-out alternatives included.
    let keys = Set(
      example.split(separator: "\n").compactMap { line -> String? in
        var text = line.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("#") { text = text.dropFirst().trimmingCharacters(in: .whitespaces) }
        guard let equals = text.range(of: " = ") else { return nil }
        let key = text[..<equals.lowerBound]
        return key.allSatisfy({ $0.isLetter || $0 == "_" }) ? String(key) : nil
      })
    #expect(keys.count >= 20, "\(keys.sorted())")
    for key in keys.sorted() { #expect(page.contains(key), "timeline.toml.5 lacks the key \(key)") }
    for section in ["[sources]", "[refresh]", "[bars]", "[widgets.NAME]"] { #expect(page.contains(section)) }
  }

  @Test func bothBinariesPrintTheOneVersion() throws {
    let version = try run(Repo.file("scripts/version"), []).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(version.split(separator: ".").count == 3, "\(version)")
    #expect(try run(Repo.timeline, ["--version"]).stdout == version + "\n")
    #expect(try run(Repo.emit, ["--version"]).stdout == "timeline-emit \(version)\n")
  }
}
