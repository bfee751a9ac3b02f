import Foundation
import Testing
import TimelineTestSupport

/// install.sh with prefixes that break naive quoting, files that are not its own, a
/// tampered manifest and an install that fails half-way. Each test stages the tree from
/// the debug binaries (scripts/stage) and runs its install.sh, as a user would.
@Suite struct InstallPrefixTests {
  /// A staged tree in `dir`; returns its install.sh.
  static func stage(_ dir: TempDir) throws -> String {
    let out = dir.file("stage")
    let staged = try run(
      Repo.file("scripts/stage"),
      ["--out", out, "--timeline", Repo.timeline, "--emit", Repo.emit, "--man1", InstallTests.manual])
    #expect(staged.status == 0, "scripts/stage: \(staged)")
    return out + "/install.sh"
  }

  static func install(_ script: String, _ arguments: [String]) throws -> RunResult {
    try run("/bin/sh", [script] + arguments, environment: ["HOME": "/nonexistent"])
  }

  /// Every file and directory under `root`, relative, sorted.
  static func entries(under root: String) -> [String] {
    ((try? FileManager.default.subpathsOfDirectory(atPath: root)) ?? []).sorted()
  }

  /// The value of `key = ` in the ini-style `text`, from its first line.
  static func value(_ key: String, in text: String) throws -> String {
    let line = try #require(text.split(separator: "\n").first { $0.hasPrefix(key + " = ") })
    return String(line.dropFirst(key.count + 3))
  }

  @Test(arguments: ["a&b", "p|q", "with space", "q'u\"o%te$x\\y"])
  func anOddPrefixGetsPathsEachTargetReadsBack(_ name: String) throws {
    let dir = try TempDir()
    let script = try Self.stage(dir)
    let prefix = dir.file("prefix " + name)
    let result = try Self.install(script, ["--prefix", prefix])
    #expect(result.status == 0, "install: \(result)")
    let share = prefix + "/share/timeline/"
    func text(_ path: String) throws -> String { try String(contentsOfFile: prefix + "/" + path, encoding: .utf8) }
    let sh = try #require(which("sh"))
    let cache = dir.file("cache")
    #expect(try run(Repo.timeline, ["preview", "--keep", cache, "plain"], environment: isolated(dir)).status == 0)
    let env = isolated(dir, ["TIMELINE_CACHE_DIR": cache, "PATH": "/usr/bin:/bin"])

    // polybar and waybar run their commands with sh -c: the emitter must start and print.
    let ini = try text("share/timeline/integrations/polybar/modules.ini")
    let exec = try Self.value("exec", in: ini).replacingOccurrences(of: " --follow", with: "")
    let polybar = try run(sh, ["-c", exec], environment: env)
    #expect(polybar.status == 0 && !polybar.stdout.isEmpty, "\(exec): \(polybar)")
    let click = try Self.value("click-middle", in: ini).replacingOccurrences(of: " reload ", with: " --version ")
    #expect(try run(sh, ["-c", click], environment: env).status == 0, "\(click)")

    let jsonc = try text("share/timeline/integrations/waybar/config.jsonc")
    let modules = try JSONSerialization.jsonObject(with: Data(stripJSONComments(jsonc).utf8)) as? [String: Any]
    let module = try #require(modules?["custom/timeline-avalanche"] as? [String: Any])
    let waybarExec = try #require(module["exec"] as? String).replacingOccurrences(of: " --follow", with: "")
    let waybar = try run(sh, ["-c", waybarExec], environment: env)
    #expect(waybar.status == 0 && waybar.stdout.hasPrefix("{"), "\(waybarExec): \(waybar)")

    // cron turns an unescaped % into a newline, then runs the line with sh.
    let crontab = try text("share/timeline/integrations/cron/crontab")
    let line = try #require(crontab.split(separator: "\n").first { $0.hasPrefix("*/15") })
    var command = String(line.split(separator: " ", maxSplits: 5)[5])
    #expect(!command.replacingOccurrences(of: "\\%", with: "").contains("%"), "an unescaped % in \(command)")
    command = command.replacingOccurrences(of: "\\%", with: "%").replacingOccurrences(
      of: " refresh --quiet", with: " --version")
    let cron = try run(sh, ["-c", command], environment: ["HOME": dir.file("cron-home"), "PATH": "/usr/bin:/bin"])
    #expect(cron.status == 0 && cron.stdout.contains("."), "\(command): \(cron)")

    // systemd reads the unit's ExecStart back as the installed binary (verify checks that
    // the executable exists).
    if let analyze = which("systemd-analyze") {
      let runtime = dir.file("run")
      mkdir(runtime, 0o700)
      let unit = dir.file("timeline-refresh.service")
      try FileManager.default.copyItem(atPath: prefix + "/share/systemd/user/timeline-refresh.service", toPath: unit)
      let verify = try run(analyze, ["verify", "--user", unit], environment: ["XDG_RUNTIME_DIR": runtime])
      #expect(verify.status == 0, "systemd-analyze verify: \(verify)")
    }
    // TOML: the example's command path reads back as the installed script.
    let toml = try text("share/timeline/examples/config.toml")
    let escaped = (share + "examples/countdown.sh").replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "\"", with: "\\\"")
    #expect(toml.contains("[\"\(escaped)\""), "config.toml: the countdown path")

    let uninstall = try Self.install(script, ["--uninstall", "--prefix", prefix])
    #expect(uninstall.status == 0, "uninstall: \(uninstall)")
    #expect(!FileManager.default.fileExists(atPath: prefix), "left behind: \(Self.entries(under: prefix))")
  }

  @Test func aFileTheInstallDidNotWriteIsNeverOverwrittenOrDeleted() throws {
    let dir = try TempDir()
    let script = try Self.stage(dir)
    let prefix = dir.file("prefix")
    mkdir(prefix, 0o755)
    let own = ["bin/timeline", "share/fish/vendor_completions.d/timeline.fish"]
    for path in own {
      try FileManager.default.createDirectory(
        atPath: prefix + "/" + (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try "mine\n".write(toFile: prefix + "/" + path, atomically: false, encoding: .utf8)
    }
    let before = Self.entries(under: prefix)
    let result = try Self.install(script, ["--prefix", prefix])
    #expect(result.status == 1, "\(result)")
    for path in own {
      #expect(result.stderr.contains(prefix + "/" + path), "\(result.stderr)")
      #expect(try String(contentsOfFile: prefix + "/" + path, encoding: .utf8) == "mine\n")
    }
    #expect(Self.entries(under: prefix) == before, "the refused install wrote files")
    // Moved away, the install goes through; uninstalling leaves the user's other files.
    try FileManager.default.removeItem(atPath: prefix + "/bin/timeline")
    try FileManager.default.removeItem(atPath: prefix + "/" + own[1])
    try "notes\n".write(toFile: prefix + "/bin/mine", atomically: false, encoding: .utf8)
    #expect(try Self.install(script, ["--prefix", prefix]).status == 0)
    #expect(try Self.install(script, ["--uninstall", "--prefix", prefix]).status == 0)
    #expect(Self.entries(under: prefix).contains("bin/mine"))
    // Directories that were there before the install stay, even when empty.
    #expect(
      Self.entries(under: prefix) == ["bin", "bin/mine", "share", "share/fish", "share/fish/vendor_completions.d"])
  }

  @Test func aManifestLineOutsideThePrefixIsRefused() throws {
    let dir = try TempDir()
    let script = try Self.stage(dir)
    let prefix = dir.file("prefix")
    #expect(try Self.install(script, ["--prefix", prefix]).status == 0)
    let outside = try dir.write("outside", "keep\n")
    let manifest = prefix + "/share/timeline/installed-files"
    let handle = try #require(FileHandle(forWritingAtPath: manifest))
    handle.seekToEndOfFile()
    handle.write(Data("\(prefix)/../outside\n\(outside)\n\(prefix)/bin/../../outside\n".utf8))
    try handle.close()
    let uninstall = try Self.install(script, ["--uninstall", "--prefix", prefix])
    #expect(try String(contentsOfFile: outside, encoding: .utf8) == "keep\n", "--uninstall deleted a file outside")
    #expect(uninstall.stderr.contains("ignoring '\(prefix)/../outside'"), "\(uninstall.stderr)")
    // The manifest is never dropped while it lists files that exist: it keeps those lines
    // (everything of timeline's is gone) and the uninstall says so and fails.
    #expect(uninstall.status == 1, "\(uninstall)")
    #expect(
      uninstall.stderr.contains("\(manifest) lists 3 entries that exist outside \(prefix)"), "\(uninstall.stderr)")
    #expect(Self.entries(under: prefix) == ["share", "share/timeline", "share/timeline/installed-files"])
    #expect(
      try String(contentsOfFile: manifest, encoding: .utf8)
        == "\(prefix)/../outside\n\(outside)\n\(prefix)/bin/../../outside\n")
  }

  /// The same prefix spelled through a symlink (as where /home is one): install one way,
  /// uninstall the other, and an older manifest written in the other spelling.
  @Test func aPrefixSpelledThroughASymlinkIsTheSamePrefix() throws {
    let dir = try TempDir()
    let script = try Self.stage(dir)
    let real = dir.file("real")
    let link = dir.file("lnk")
    mkdir(real, 0o755)
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real")
    for (install, uninstall) in [(link, real), (real, link)] {
      let installed = try Self.install(script, ["--prefix", install])
      #expect(installed.status == 0, "\(installed)")
      #expect(Self.entries(under: real).contains("bin/timeline-emit"))
      let removed = try Self.install(script, ["--uninstall", "--prefix", uninstall])
      #expect(removed.status == 0 && !removed.stderr.contains("ignoring"), "\(removed)")
      #expect(Self.entries(under: real) == [], "left behind: \(Self.entries(under: real))")
    }
    // A manifest that names every file through the link, as one written before the
    // installer resolved prefixes: a reinstall takes its files for its own, and an
    // uninstall through the real path removes them all.
    let manifest = real + "/share/timeline/installed-files"
    func spellThroughLink() throws {
      let text = try String(contentsOfFile: manifest, encoding: .utf8)
      try text.replacingOccurrences(of: real + "/", with: link + "/").write(
        toFile: manifest, atomically: true, encoding: .utf8)
    }
    #expect(try Self.install(script, ["--prefix", real]).status == 0)
    try spellThroughLink()
    let again = try Self.install(script, ["--prefix", real])
    #expect(again.status == 0, "\(again)")
    try spellThroughLink()
    let removed = try Self.install(script, ["--uninstall", "--prefix", real])
    #expect(removed.status == 0 && !removed.stderr.contains("ignoring"), "\(removed)")
    #expect(Self.entries(under: real) == [], "left behind: \(Self.entries(under: real))")
  }

  @Test func anInstallThatStopsHalfWayCanBeUndone() throws {
    let dir = try TempDir()
    let script = try Self.stage(dir)
    let prefix = dir.file("prefix")
    // A file where the install needs a directory stops it after the binaries.
    mkdir(prefix, 0o755)
    mkdir(prefix + "/share", 0o755)
    try "x\n".write(toFile: prefix + "/share/man", atomically: false, encoding: .utf8)
    let result = try Self.install(script, ["--prefix", prefix])
    #expect(result.status != 0)
    #expect(result.stderr.contains("--uninstall"), "\(result.stderr)")
    #expect(FileManager.default.fileExists(atPath: prefix + "/bin/timeline"))
    let uninstall = try Self.install(script, ["--uninstall", "--prefix", prefix])
    #expect(uninstall.status == 0, "\(uninstall)")
    #expect(Self.entries(under: prefix) == ["share", "share/man"])
  }

  /// A staged tree installed into `dir/home/.local`, as `make install PREFIX=$HOME/.local`
  /// does, and the preview's sample caches in `dir/cache`.
  static func homeInstall(_ dir: TempDir) throws -> (home: String, prefix: String, cache: String) {
    let script = try stage(dir)
    let home = dir.file("home")
    #expect(try install(script, ["--prefix", home + "/.local"]).status == 0)
    let cache = dir.file("cache")
    #expect(try run(Repo.timeline, ["preview", "--keep", cache, "plain"], environment: isolated(dir)).status == 0)
    return (home, home + "/.local", cache)
  }

  /// The blank-bar case: a home install, and a tmux server started with PATH=/usr/bin:/bin
  /// (no ~/.local/bin), as a display manager or a systemd session starts one.
  @Test func aHomeInstallShowsInATmuxStartedWithoutItsBinOnPath() throws {
    let dir = try TempDir()
    let (home, prefix, cache) = try Self.homeInstall(dir)
    let expected = try run(Repo.emit, ["plain", "avalanche"], environment: ["TIMELINE_CACHE_DIR": cache])
      .stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(!expected.isEmpty && expected != "…")

    let pair = try TmuxPair(
      tmux: try #require(TmuxPair.path), dir: dir, prefix: "home",
      environment: ["TIMELINE_CACHE_DIR": cache, "PATH": "/usr/bin:/bin", "HOME": home])
    defer { pair.stop() }
    try pair.startInner([
      ["status-interval", "1"], ["status-right", "<#{timeline_avalanche}>"], ["@timeline-browse", "avalanche"],
    ])
    let plugin = prefix + "/share/timeline/integrations/tmux/timeline.tmux"
    #expect(try pair.run(pair.inner, ["run-shell", plugin]).status == 0)
    #expect(
      try pair.run(pair.inner, ["show-options", "-gv", "status-right"]).stdout
        == "<#(\(prefix)/bin/timeline-emit tmux avalanche)>\n")
    let keys = try pair.run(pair.inner, ["list-keys", "-T", "root"]).stdout
    #expect(keys.contains("\(prefix)/bin/timeline browse avalanche next --quiet"), "\(keys)")
    try pair.attach()
    let line = try pair.waitForStatus { $0.contains(expected) }
    #expect(line.hasSuffix("<\(expected)>"), "status line: \(line)")
  }

  /// The same with polybar: the user's config includes the installed modules.ini, and
  /// polybar starts with PATH=/usr/bin:/bin. The avalanche module must draw the widget's
  /// line: its pixels are compared with a polybar whose module prints that line itself.
  @Test func aHomeInstallShowsInAPolybarStartedWithoutItsBinOnPath() throws {
    let dir = try TempDir()
    let (home, prefix, cache) = try Self.homeInstall(dir)
    let line = try run(Repo.emit, ["polybar", "avalanche"], environment: ["TIMELINE_CACHE_DIR": cache]).stdout
    #expect(line.count > 3 && !line.hasPrefix("…"), "the widget's line: \(line)")
    let expected = try dir.write("expected.txt", line)

    func bar(_ name: String, _ modules: String) throws -> HeadlessBar.Outcome {
      let outcome = try HeadlessBar.polybar(
        modulesLeft: "timeline-avalanche", modules: modules, name: name, in: dir, shot: "1400x36+0+0",
        environment: ["PATH": "/usr/bin:/bin", "HOME": home, "TIMELINE_CACHE_DIR": cache])
      #expect(outcome.result.status == 0, "polybar should run until stopped: \(outcome.result)")
      return outcome
    }
    let installed = try bar("installed", "include-file = \(prefix)/share/timeline/integrations/polybar/modules.ini")
    #expect(installed.log.contains("Invoking shell command: \"exec \(prefix)/bin/timeline-emit"), "\(installed.log)")
    let reference = try bar(
      "reference",
      """
      [module/timeline-avalanche]
      type = custom/script
      exec = cat \(expected)
      interval = 60
      label = %output%
      label-padding = 1
      """)
    // Width 0 is a module that stayed empty (a bare `timeline-emit`: status 127).
    let width = HeadlessBar.polybarWidth(installed.log)
    #expect(width > 20 && width == HeadlessBar.polybarWidth(reference.log), "\(installed.log)")
    let compare = try run(
      "/usr/bin/compare", ["-metric", "AE", installed.screenshot, reference.screenshot, dir.file("diff.png")])
    #expect(compare.status == 0, "pixels that differ: \(compare.stderr)")
  }
}
