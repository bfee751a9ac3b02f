import Emitters
import Glibc
import Platform
import Providers
import TimelineCache
import TimelineCore

/// `timeline doctor`: checks what a working setup needs, one line each, with the fix for
/// whatever fails. Every check only reads, except the cache check: it creates the cache
/// directory if missing (as `timeline refresh` would) and writes and removes a probe file.
public struct Doctor: Sendable {
  /// One check's result.
  public struct Check: Sendable, Equatable {
    var name: String
    /// Whether the check passed.
    public var ok: Bool
    var detail: String
    /// How to fix it (failed checks only).
    var fix: String?

    /// `✓ name: detail` or `✗ name: detail`, each later line of the detail and then
    /// `fix: …` on a line of its own, indented. What a check found may quote a cache, a
    /// state file or a command's output, so every line is cleaned for the terminal.
    public var line: String {
      let lines = detail.split(separator: "\n", omittingEmptySubsequences: true).map {
        CleanText.terminalLine(String($0.drop { $0 == " " }))
      }
      let rest = lines.dropFirst().map { "\n    " + $0 }.joined()
      return (ok ? "✓ " : "✗ ") + name + ": " + (lines.first ?? "") + rest
        + (fix.map { "\n    fix: " + CleanText.terminalLine($0) } ?? "")
    }
  }

  /// The `--config` file, if one was named.
  var configPath: String?
  var cacheDirectory: String
  /// Injected so tests can set PATH and XDG variables.
  var environment: @Sendable (String) -> String?
  var now: Int64

  /// A doctor for these settings.
  public init(
    configPath: String?, cacheDirectory: String, now: Int64,
    environment: @escaping @Sendable (String) -> String? = Environment.get
  ) {
    self.configPath = configPath
    self.cacheDirectory = Self.absolute(cacheDirectory)
    self.now = now
    self.environment = environment
  }

  var path: String { environment("PATH") ?? "/usr/local/bin:/usr/bin:/bin" }

  /// `path` made absolute against the working directory.
  static func absolute(_ path: String) -> String {
    guard !path.hasPrefix("/"), let buffer = getcwd(nil, 0) else { return path }
    defer { free(buffer) }
    let cwd = String(cString: buffer)
    return (cwd == "/" ? "" : cwd) + "/" + path
  }

  /// Every check, in the order printed.
  public func run() -> [Check] {
    let (configCheck, config) = self.config()
    return [configCheck, cacheWritable(), emitter(), jsonC(), fonts(), gurbaniAkharFont(), polybarFont(config)]
      + [bars(), barCommands(), schedule(), lastRefresh(config)] + contacts(config) + [notifications(config)]
  }

  /// The config parses and every widget's provider accepts its options.
  func config() -> (Check, AppConfig?) {
    let config: AppConfig
    do {
      config = try ConfigLoader.load(explicit: configPath, environment: environment)
    } catch {
      let fix = "correct the key named above; `timeline config --default` prints a working config"
      return (Check(name: "config", ok: false, detail: error.description, fix: fix), nil)
    }
    do {
      _ = try Refresher(config: config, store: CacheStore(directory: cacheDirectory), clock: FixedClock(now))
        .providers(for: [])
    } catch {
      let fix = "see examples/config.toml for every option"
      return (Check(name: "config", ok: false, detail: error.description, fix: fix), config)
    }
    let names = config.widgets.map(\.name.text).joined(separator: ", ")
    let warnings =
      config.warnings.isEmpty ? "" : "; \(config.warnings.count) warning(s): \(config.warnings.joined(separator: "; "))"
    let widgets =
      "\(config.widgets.count) widget\(config.widgets.count == 1 ? "" : "s")" + (names.isEmpty ? "" : " (\(names))")
    return (Check(name: "config", ok: true, detail: "\(config.file) parses; " + widgets + warnings), config)
  }

  /// The cache directory exists (or can be made) and a file can be written in it.
  func cacheWritable() -> Check {
    let fix = "mkdir -p '\(cacheDirectory)' && chmod u+rwx '\(cacheDirectory)', or set TIMELINE_CACHE_DIR"
    do {
      try CacheStore(directory: cacheDirectory).ensureDirectory()
    } catch {
      return Check(name: "cache", ok: false, detail: "\(cacheDirectory): \(error)", fix: fix)
    }
    let probe = cacheDirectory + "/.doctor-\(getpid())"
    let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard fd >= 0 else {
      return Check(
        name: "cache", ok: false, detail: "\(cacheDirectory) is not writable: \(String(cString: strerror(errno)))",
        fix: fix)
    }
    close(fd)
    unlink(probe)
    return Check(name: "cache", ok: true, detail: "\(cacheDirectory) is writable")
  }

  /// The bars run `timeline-emit` by name.
  func emitter() -> Check {
    if let found = ExternalProgram.find("timeline-emit", path: path) {
      return Check(name: "timeline-emit", ok: true, detail: found)
    }
    return Check(
      name: "timeline-emit", ok: false, detail: "not on PATH",
      fix:
        "`make install` (PREFIX=/usr/local), or put timeline-emit's directory on PATH; in the snippets, give its full path"
    )
  }

  func jsonC() -> Check {
    if let pkg = ExternalProgram.find("pkg-config", path: path),
      ExternalProgram.run([pkg, "--exists", "json-c"]).status == 0
    {
      let version = ExternalProgram.run([pkg, "--modversion", "json-c"]).stdout.trimmed
      return Check(name: "json-c", ok: true, detail: "pkg-config json-c \(version)")
    }
    if let ldconfig = ExternalProgram.find("ldconfig", path: path + ":/sbin:/usr/sbin") {
      let lines = ExternalProgram.run([ldconfig, "-p"]).stdout.split(separator: "\n")
      if let line = lines.first(where: { $0.contains("libjson-c.so") }) {
        let name = line.split(separator: " ").first.map(String.init) ?? "libjson-c"
        return Check(name: "json-c", ok: true, detail: "\(name.trimmed) (ldconfig)")
      }
    }
    return Check(
      name: "json-c", ok: false, detail: "not found (neither pkg-config nor ldconfig knows it)",
      fix: "sudo apt install libjson-c5 (to build: libjson-c-dev; Fedora: json-c, Arch: json-c)")
  }

  /// A font that covers Gurmukhi, for the shabad widgets.
  func fonts() -> Check {
    let fix = "sudo apt install fonts-noto-core (Noto Sans Gurmukhi) or fonts-lohit-guru; Arch: noto-fonts"
    guard let fcList = ExternalProgram.find("fc-list", path: path) else {
      return Check(
        name: "Gurmukhi font", ok: false, detail: "fc-list not found (fontconfig)",
        fix: "sudo apt install fontconfig; then: " + fix)
    }
    // `:lang=pa` alone also matches Arabic-script fonts (Shahmukhi Punjabi); the charset
    // (ਕ, sihari) keeps the fonts that draw Gurmukhi.
    let lines = ExternalProgram.run([fcList, ":lang=pa:charset=0a15 0a3f", "family"]).stdout.split(separator: "\n")
    // "Noto Sans Gurmukhi,Noto Sans Gurmukhi UI": the first name of each family.
    let families = Set(lines.map { String($0.split(separator: ",").first ?? $0).trimmed }).subtracting([""])
    guard !families.isEmpty else {
      return Check(
        name: "Gurmukhi font", ok: false, detail: "no font covers Gurmukhi (fc-list :lang=pa finds none)", fix: fix)
    }
    let shown = families.sorted().prefix(4).joined(separator: ", ") + (families.count > 4 ? ", …" : "")
    return Check(name: "Gurmukhi font", ok: true, detail: shown)
  }

  /// At least one of the registry's bar programs is installed.
  func bars() -> Check {
    let programs = OutputFormat.allCases.flatMap(\.programs)
    let found = programs.filter { ExternalProgram.find($0, path: path) != nil }
    let missing = programs.filter { !found.contains($0) }
    guard !found.isEmpty else {
      return Check(
        name: "bars", ok: false, detail: "none of \(programs.joined(separator: ", ")) is on PATH",
        fix: "install your bar; snippets are in share/timeline/integrations/")
    }
    return Check(
      name: "bars", ok: true,
      detail: "found " + found.joined(separator: ", ")
        + (missing.isEmpty ? "" : "; not found: " + missing.joined(separator: ", ")))
  }

  /// Something runs `timeline refresh` regularly: the systemd user timer, enabled and with
  /// a user manager to run it (else it never fires, and the check says so), or a crontab line.
  func schedule() -> Check {
    var unreachable: String?
    if let systemctl = ExternalProgram.find("systemctl", path: path) {
      let result = ExternalProgram.run([systemctl, "--user", "is-enabled", "timeline-refresh.timer"], timeout: 5)
      let state = result.stdout.trimmed
      if result.status == 0 && (state == "enabled" || state == "static" || state == "enabled-runtime") {
        // is-enabled reads the unit files and answers with no manager running; only a
        // user manager runs the timer.
        let manager = ExternalProgram.run([systemctl, "--user", "show-environment"], timeout: 5)
        if manager.status == 0 {
          return Check(name: "schedule", ok: true, detail: "systemd user timer timeline-refresh.timer is \(state)")
        }
        unreachable =
          "timeline-refresh.timer is \(state), but `systemctl --user` cannot reach a user manager ("
          + manager.firstLine(or: "exit \(manager.status)") + "), so the timer does not run"
      }
    }
    if let crontab = ExternalProgram.find("crontab", path: path) {
      let result = ExternalProgram.run([crontab, "-l"], timeout: 5)
      let lines = result.stdout.split(separator: "\n").filter {
        !$0.trimmed.hasPrefix("#") && $0.contains("timeline") && $0.contains("refresh")
      }
      if result.status == 0, !lines.isEmpty {
        return Check(
          name: "schedule", ok: true,
          detail: "crontab runs timeline refresh (\(lines.count) line\(lines.count == 1 ? "" : "s"))")
      }
    }
    if let unreachable {
      return Check(
        name: "schedule", ok: false, detail: unreachable,
        fix:
          "log in through a session that starts `systemd --user` (`loginctl enable-linger $USER` keeps one running), or add integrations/cron/crontab with `crontab -e`"
      )
    }
    return Check(
      name: "schedule", ok: false, detail: "no systemd timer or crontab line runs `timeline refresh`",
      fix:
        "systemctl --user enable --now timeline-refresh.timer (after `make install`; see integrations/systemd), or add integrations/cron/crontab with `crontab -e`"
    )
  }

  /// The newest successful refresh, and the widgets with no data, stale or failed.
  func lastRefresh(_ config: AppConfig?) -> Check {
    guard let config else {
      return Check(
        name: "last refresh", ok: false, detail: "unknown (the config does not load)", fix: "fix the config first")
    }
    guard !config.widgets.isEmpty else {
      return Check(
        name: "last refresh", ok: false, detail: "no widgets configured",
        fix: "add [widgets.NAME] tables; see examples/config.toml")
    }
    let store = CacheStore(directory: cacheDirectory)
    var newest: Int64?
    var never: [String] = []
    var stale: [String] = []
    var errors: [String] = []
    var unordered: [String] = []
    var ahead: [String] = []
    for widget in config.widgets {
      let record = WidgetRecord.load(widget.name, store: store)
      if record.writtenInTheFuture(at: now) { ahead.append(widget.name.text) }
      guard let timeline = record.timeline, let success = timeline.lastSuccess else {
        never.append(widget.name.text)
        if let error = record.lastError ?? record.readError { errors.append("\(widget.name): \(error)") }
        continue
      }
      newest = max(newest ?? success, success)
      if timeline.isStale(at: now) { stale.append(widget.name.text) }
      if record.readWarning != nil { unordered.append(widget.name.text) }
      // A failed last refresh counts even while the previous timeline still covers now:
      // the bars look fine today, but the next one may not.
      if let error = record.lastError { errors.append("\(widget.name): \(error)") }
    }
    let age =
      newest.map {
        $0 > now ? "last refresh \(Self.age($0 - now)) in the future" : "last refresh \(Self.age(now - $0)) ago"
      }
      ?? "never refreshed"
    let groups = [
      (
        "the clock moved back since the last refresh of ", ahead,
        " (written in the future; the next refresh fetches them again)"
      ),
      ("no data yet for ", never, ""), ("stale: ", stale, ""),
      ("entry lines out of date order (shown as the bars show them until a refresh rewrites them) in ", unordered, ""),
    ]
    var problems = groups.filter { !$0.1.isEmpty }.map { $0.0 + $0.1.joined(separator: ", ") + $0.2 }
    if let error = errors.first {
      problems.append("last refresh failed for " + CleanText.oneLine(error, limit: 160))
    }
    if problems.isEmpty {
      return Check(name: "last refresh", ok: true, detail: "\(age); all \(config.widgets.count) widgets current")
    }
    return Check(
      name: "last refresh", ok: false, detail: age + "; " + problems.joined(separator: "; "),
      fix: "run `timeline refresh` (network needed) and check the schedule above; `timeline status` shows each widget")
  }

  /// "42 s", "5 min", "3 h", "2 d".
  static func age(_ seconds: Int64) -> String {
    let s = max(0, seconds)
    if s < 60 { return "\(s) s" }
    if s < 3600 { return "\(s / 60) min" }
    if s < 2 * 86_400 { return "\(s / 3600) h" }
    return "\(s / 86_400) d"
  }
}
