import Foundation
import Testing
import TimelineTestSupport

/// The paths a user copies from the docs and the installed files: every doc an installed
/// file names is installed, and every bar snippet in docs/ runs the binaries by their
/// installed full paths, as the shipped snippets do.
@Suite struct DocPathTests {
  /// The installed files that may name a doc: the snippets and the example config.
  static func installedTexts() throws -> [(name: String, text: String)] {
    let root = Repo.file("integrations")
    let files = try FileManager.default.subpathsOfDirectory(atPath: root).sorted()
    var texts = [("examples/config.toml", try Repo.text("examples/config.toml"))]
    for file in files where !file.hasPrefix(".") {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: root + "/" + file, isDirectory: &isDirectory), !isDirectory.boolValue
      else { continue }
      texts.append(("integrations/" + file, try Repo.text("integrations/" + file)))
    }
    return texts
  }

  @Test func everyDocTheInstalledFilesNameIsInstalled() throws {
    let dir = try TempDir()
    let script = try InstallPrefixTests.stage(dir)
    let docs = URL(fileURLWithPath: script).deletingLastPathComponent().path + "/share/doc/timeline/"
    var named: Set<String> = []
    for (name, text) in try Self.installedTexts() {
      // A path into the repository's docs/ would not exist on an installed system.
      #expect(!text.contains("docs/providers/") && !text.contains("docs/relevance.md"), "\(name) names docs/")
      #expect(!text.contains("docs/emitters.md"), "\(name) names docs/emitters.md")
      for match in text.matches(of: #/\/usr\/local\/share\/doc\/timeline\/([A-Za-z0-9._-]+\.md)/#) {
        named.insert(String(match.output.1))
      }
    }
    #expect(named.isSuperset(of: ["friends.md", "birthdays.md", "relevance.md", "emitters.md"]), "\(named)")
    for page in named {
      #expect(FileManager.default.fileExists(atPath: docs + page), "\(page) is named but not installed")
    }
  }

  /// The lines of every fenced code block in the docs (README.md, docs/, docs/providers/).
  static func codeLines() throws -> [(file: String, line: String)] {
    var pages = ["README.md"]
    for folder in ["docs", "docs/providers"] {
      let names = try FileManager.default.contentsOfDirectory(atPath: Repo.file(folder))
      pages += names.filter { $0.hasSuffix(".md") }.sorted().map { folder + "/" + $0 }
    }
    var lines: [(String, String)] = []
    for page in pages {
      var inside = false
      for line in try Repo.text(page).split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("```") {
          inside.toggle()
        } else if inside {
          lines.append((page, String(line)))
        }
      }
    }
    return lines
  }

  /// A bar runs its commands without a login shell's PATH: a snippet in the docs that
  /// starts `timeline` or `timeline-emit` by bare name stays blank as copied.
  @Test func everyBarSnippetInTheDocsUsesFullPaths() throws {
    let barCommand =
      #/("(exec|on-[a-z-]+)"\s*:\s*"|^\s*(;\s*or:\s*)?exec\s*=\s*|#\(|execpi\s+\d+\s+|status_command\s+|click-[a-z]+\s*=\s*|scroll-[a-z]+\s*=\s*|Run CommandReader ")(exec )?timeline/#
    var seen = 0
    for (file, line) in try Self.codeLines() {
      if line.contains("/usr/local/bin/timeline") { seen += 1 }
      #expect(line.firstMatch(of: barCommand) == nil, "\(file): runs timeline by bare name: \(line)")
    }
    #expect(seen >= 5, "the docs' bar snippets name no installed binary")
  }
}
