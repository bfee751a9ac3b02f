import Foundation
import Testing
import TimelineTestSupport

/// `make install`, which stages the release tree and runs its install.sh (the same routine
/// as the tarball's and the .deb's), into a home prefix and into /usr under a DESTDIR.
@Suite struct InstallTests {
  static let make = which("make")
  /// timeline(1) as `make man` generates it (`make test` runs it before the tests).
  static let manual = Repo.file(".build/man/timeline.1")

  /// The list under "## Installed files" in integrations/README.md (its first code block).
  static func documentedFiles() throws -> [String] {
    let readme = try Repo.text("integrations/README.md")
    let section = try #require(readme.range(of: "## Installed files"), "no Installed files section")
    let rest = readme[section.upperBound...]
    let open = try #require(rest.range(of: "```\n"))
    let close = try #require(rest[open.upperBound...].range(of: "```"))
    let lines = rest[open.upperBound..<close.lowerBound].split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    // `LANG` stands for each catalog of po/.
    let languages = try FileManager.default.contentsOfDirectory(atPath: Paths.repo + "/po")
      .filter { $0.hasSuffix(".po") }.map { String($0.dropLast(3)) }.sorted()
    return lines.flatMap { line in
      line.contains("/LANG/") ? languages.map { line.replacingOccurrences(of: "/LANG/", with: "/\($0)/") } : [line]
    }
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

  /// Runs `make TARGET` with the debug binaries and the generated manual, staging in a
  /// folder of its own beside `home` (tests run in parallel).
  static func runMake(_ target: String, _ variables: [String], home: String) throws -> RunResult {
    let make = try #require(Self.make, "make is not installed")
    #expect(FileManager.default.fileExists(atPath: manual), "\(manual) is missing: run `make man` (make test does)")
    let built = [
      "SKIP_BUILD=1", "TIMELINE_BIN=\(Repo.timeline)", "EMIT_BIN=\(Repo.emit)", "MAN1=\(manual)", "STAGE=\(home)-stage",
    ]
    return try run(
      make, ["--no-print-directory", "-C", Repo.root, target] + built + variables, environment: ["HOME": home])
  }

  /// Where `systemd-analyze --user unit-paths` says the user manager of `home` looks.
  static func unitPaths(home: String) throws -> [String] {
    let analyze = try #require(which("systemd-analyze"), "systemd-analyze is missing (make deps installs systemd)")
    let result = try run(
      analyze, ["--user", "unit-paths"],
      environment: [
        "HOME": home, "XDG_DATA_HOME": home + "/.local/share", "XDG_CONFIG_HOME": home + "/.config",
      ])
    #expect(result.status == 0, "systemd-analyze --user unit-paths: \(result.stderr)")
    return result.stdout.split(separator: "\n").map(String.init)
  }

  /// Path-and-content of every file under `root`.
  static func snapshot(_ root: String) throws -> [String: Data] {
    var out: [String: Data] = [:]
    for file in files(under: root) { out[file] = try Data(contentsOf: URL(fileURLWithPath: root + "/" + file)) }
    return out
  }

  @Test func homePrefixInstallsTheDocumentedFilesWhereTheyAreFound() throws {
    let dir = try TempDir()
    // As systemd prints it (TMPDIR may end in a slash).
    let home = dir.file("home").replacingOccurrences(of: "//", with: "/")
    let prefix = home + "/.local"
    let install = try Self.runMake("install", ["PREFIX=\(prefix)"], home: home)
    #expect(install.status == 0, "make install: \(install.stdout)\(install.stderr)")
    // Installed stripped, as the release tarball's: no symbol table, no debug sections.
    for binary in ["bin/timeline", "bin/timeline-emit"] {
      let sections = try run("/usr/bin/readelf", ["-S", "-W", prefix + "/" + binary]).stdout
      #expect(!sections.contains(".symtab") && !sections.contains(".debug_info"), "\(binary) is not stripped")
    }
    let documented = try Self.documentedFiles()
    #expect(documented == documented.sorted(), "keep the README list sorted")
    #expect(Self.files(under: prefix) == documented)

    func text(_ path: String) throws -> String { try String(contentsOfFile: prefix + "/" + path, encoding: .utf8) }
    // systemd finds the units, and they run the installed binary.
    let unitPaths = try Self.unitPaths(home: home)
    #expect(unitPaths.contains(prefix + "/share/systemd/user"), "\(unitPaths)")
    #expect(
      try text("share/systemd/user/timeline-refresh.service").contains(
        "\nExecStart=\(prefix)/bin/timeline refresh --quiet\n"))
    #expect(try text("share/timeline/integrations/cron/crontab").contains(" \(prefix)/bin/timeline refresh --quiet"))
    // The installed binary finds its catalogs beside it (share/locale): Norwegian words with
    // no locale generated and no catalog directory named.
    let preview = try run(
      prefix + "/bin/timeline", ["preview", "plain"], environment: ["HOME": home, "LANGUAGE": "nb", "LANG": "C"])
    #expect(preview.stdout.contains("dager forsinket"), "\(preview)")
    // zsh does not search a home prefix: the install says what to add.
    #expect(install.stdout.contains("fpath=(\(prefix)/share/zsh/site-functions $fpath)"), "\(install.stdout)")

    // The installed snippets and examples name this prefix, never the default one, and
    // every path under the prefix that they name exists.
    let texts = Self.files(under: prefix + "/share/timeline").filter { !$0.hasPrefix("samples/") }
    var named = 0
    for file in texts {
      let body = try text("share/timeline/" + file)
      #expect(
        !body.contains("/usr/local/share/timeline") && !body.contains("/usr/local/bin/timeline"),
        "\(file) names /usr/local")
      #expect(!body.contains("Sources/"), "\(file) points at a source file that is not installed")
      for path in Self.paths(in: body, under: prefix) {
        named += 1
        #expect(FileManager.default.fileExists(atPath: path), "\(file) names \(path), which was not installed")
      }
    }
    #expect(named >= 10, "the installed files name only \(named) installed paths")
    #expect(
      try text("share/timeline/integrations/waybar/config.jsonc").contains(
        "\(prefix)/share/timeline/integrations/waybar/config.jsonc"))
    #expect(
      try text("share/timeline/examples/config.toml").contains("\"\(prefix)/share/timeline/examples/countdown.sh\""))
    #expect(
      try text("share/timeline/examples/countdown.sh").contains("\(prefix)/share/doc/timeline/command-provider.md"))

    for path in [
      "bin/timeline", "bin/timeline-emit", "share/timeline/integrations/tmux/timeline.tmux",
      "share/timeline/integrations/tmux/scripts/interpolate.sh",
      "share/timeline/integrations/tmux/scripts/browse-keys.sh", "share/timeline/examples/countdown.sh",
    ] {
      #expect(FileManager.default.isExecutableFile(atPath: prefix + "/" + path), "\(path) is not executable")
    }
    // Completions come from the argument parser and know the subcommands.
    let bash = try text("share/bash-completion/completions/timeline")
    let zsh = try text("share/zsh/site-functions/_timeline")
    let fish = try text("share/fish/vendor_completions.d/timeline.fish")
    #expect(zsh.hasPrefix("#compdef timeline"))
    #expect(!bash.hasPrefix("#!"), "a sourced completion has no #! line")
    for script in [bash, zsh, fish] {
      for sub in ["refresh", "reload", "preview", "doctor"] { #expect(script.contains(sub), "completion lacks \(sub)") }
    }
    let syntax = try run(try #require(which("bash")), ["-n", prefix + "/share/bash-completion/completions/timeline"])
    #expect(syntax.status == 0, "bash -n: \(syntax.stderr)")

    // Installing again changes nothing; uninstalling removes every file.
    let before = try Self.snapshot(prefix)
    #expect(try Self.runMake("install", ["PREFIX=\(prefix)"], home: home).status == 0)
    #expect(try Self.snapshot(prefix) == before, "a second install changed the tree")
    let uninstall = try Self.runMake("uninstall", ["PREFIX=\(prefix)"], home: home)
    #expect(uninstall.status == 0, "make uninstall: \(uninstall.stderr)")
    #expect(Self.files(under: prefix) == [])
    #expect(!FileManager.default.fileExists(atPath: prefix), "uninstall left the directories it created")
  }

  @Test func usrPrefixUsesTheDistributionPaths() throws {
    let dir = try TempDir()
    let destdir = dir.file("dest")
    let install = try Self.runMake("install", ["PREFIX=/usr", "DESTDIR=\(destdir)"], home: dir.file("home"))
    #expect(install.status == 0, "make install: \(install.stdout)\(install.stderr)")
    let root = destdir + "/usr"
    let service = try String(contentsOfFile: root + "/lib/systemd/user/timeline-refresh.service", encoding: .utf8)
    #expect(service.contains("\nExecStart=/usr/bin/timeline refresh --quiet\n"))
    #expect(try Self.unitPaths(home: dir.file("home")).contains("/usr/lib/systemd/user"))
    #expect(FileManager.default.fileExists(atPath: root + "/share/zsh/vendor-completions/_timeline"))
    #expect(FileManager.default.fileExists(atPath: root + "/share/man/man5/timeline.toml.5"))
    #expect(FileManager.default.fileExists(atPath: root + "/share/locale/de/LC_MESSAGES/timeline.mo"))
    #expect(
      FileManager.default.fileExists(
        atPath: root + "/share/fonts/opentype/open-gurbani-akhar/OpenGurbaniAkhar-Regular.otf"))
    let uninstall = try Self.runMake("uninstall", ["PREFIX=/usr", "DESTDIR=\(destdir)"], home: dir.file("home"))
    #expect(uninstall.status == 0, "make uninstall: \(uninstall.stderr)")
    #expect(Self.files(under: root) == [])
    #expect(!FileManager.default.fileExists(atPath: root), "uninstall left the directories it created")
  }

  /// Absolute paths under `prefix` in `text`, up to a quote, space, bracket or backtick.
  static func paths(in text: String, under prefix: String) -> [String] {
    var out: [String] = []
    var rest = text[...]
    while let start = rest.range(of: prefix + "/") {
      let tail = rest[start.lowerBound...]
      let end = tail.firstIndex { " \"'`)],;\n".contains($0) } ?? tail.endIndex
      out.append(String(tail[..<end]).trimmingCharacters(in: CharacterSet(charactersIn: ".:")))
      rest = tail[end...]
    }
    return out
  }
}
