import Foundation
import Testing
import TimelineTestSupport

/// `make install` into a DESTDIR installs exactly the files integrations/README.md lists.
@Suite struct InstallTests {
  static let make = which("make")

  /// The list under "## Installed files" in integrations/README.md (its first code block).
  static func documentedFiles() throws -> [String] {
    let readme = try Repo.text("integrations/README.md")
    let section = try #require(readme.range(of: "## Installed files"), "no Installed files section")
    let rest = readme[section.upperBound...]
    let open = try #require(rest.range(of: "```\n"))
    let close = try #require(rest[open.upperBound...].range(of: "```"))
    return rest[open.upperBound..<close.lowerBound].split(separator: "\n").map(String.init).filter { !$0.isEmpty }
  }

  /// Every regular file under `root`, relative, sorted.
  static func files(under root: String) -> [String] {
    var out: [String] = []
    let enumerator = FileManager.default.enumerator(atPath: root)
    while let item = enumerator?.nextObject() as? String {
      var isDir: ObjCBool = false
      if FileManager.default.fileExists(atPath: root + "/" + item, isDirectory: &isDir), !isDir.boolValue {
        out.append(item)
      }
    }
    return out.sorted()
  }

  @Test(.enabled(if: make != nil, "make is not installed"))
  func installsExactlyTheDocumentedFilesAndUninstallRemovesThem() throws {
    let dir = try TempDir()
    let destdir = dir.file("dest")
    let variables = [
      "SKIP_BUILD=1", "DESTDIR=\(destdir)", "PREFIX=/usr", "TIMELINE_BIN=\(Repo.timeline)", "EMIT_BIN=\(Repo.emit)",
    ]
    let install = try run(try #require(Self.make), ["--no-print-directory", "-C", Repo.root, "install"] + variables)
    #expect(install.status == 0, "make install: \(install.stdout)\(install.stderr)")

    let documented = try Self.documentedFiles()
    #expect(documented == documented.sorted(), "keep the README list sorted")
    #expect(Self.files(under: destdir + "/usr") == documented)

    let root = destdir + "/usr"
    func text(_ path: String) throws -> String { try String(contentsOfFile: root + "/" + path, encoding: .utf8) }
    // The units and the crontab name the installed binary.
    #expect(try text("lib/systemd/user/timeline-refresh.service").contains("\nExecStart=/usr/bin/timeline refresh --quiet\n"))
    #expect(try text("share/timeline/integrations/cron/crontab").contains(" /usr/bin/timeline refresh --quiet"))
    // Executables stay executable.
    for path in ["bin/timeline", "bin/timeline-emit", "share/timeline/integrations/tmux/timeline.tmux",
      "share/timeline/integrations/tmux/scripts/interpolate.sh",
      "share/timeline/integrations/tmux/scripts/browse-keys.sh", "share/timeline/examples/countdown.sh"]
    {
      #expect(FileManager.default.isExecutableFile(atPath: root + "/" + path), "\(path) is not executable")
    }
    // Completions come from the argument parser and know the subcommands.
    let bash = try text("share/bash-completion/completions/timeline")
    let zsh = try text("share/zsh/site-functions/_timeline")
    let fish = try text("share/fish/vendor_completions.d/timeline.fish")
    #expect(zsh.hasPrefix("#compdef timeline"))
    for script in [bash, zsh, fish] {
      for sub in ["refresh", "reload", "preview", "doctor"] { #expect(script.contains(sub), "completion lacks \(sub)") }
    }
    if let bashProgram = which("bash") {
      let syntax = try run(bashProgram, ["-n", root + "/share/bash-completion/completions/timeline"])
      #expect(syntax.status == 0, "bash -n: \(syntax.stderr)")
    }

    let uninstall = try run(try #require(Self.make), ["--no-print-directory", "-C", Repo.root, "uninstall"] + variables)
    #expect(uninstall.status == 0, "make uninstall: \(uninstall.stderr)")
    #expect(Self.files(under: root) == [])
  }
}
