import Foundation
import Testing
import TimelineCore
import TimelineTestSupport

@testable import TimelineCache

/// Text from the network that tries to style the bar or run something in it, names and
/// config values that try to leave the cache directory, and cache files that are links,
/// huge or one endless line.
@Suite struct HostileInputTests {
  /// Markup and actions for every bar at once, plus controls and line breaks. `PWN` is
  /// replaced by a path in the test's directory, which nothing may ever create.
  static let hostile =
    "#[fg=red]#(touch PWN)%{A1:touch PWN:}x%{A}<span>&amp;#{session_name}${HOME}$(touch PWN)`touch PWN`"
  static let hostileTooltip =
    "</span><b>bold</b>%{F#ff0000}red%{F-}##[bg=red] \u{1B}]0;title\u{07}\u{1B}[31mred\nsecond line\u{2028}third & \"q\" \\ 'a'"

  /// Serves the Trollheimen reply with the hostile region name and main text.
  func hostileScene() async throws -> (Scene, String) {
    let scene = try Scene()
    let pwn = scene.dir.file("pwn")
    let name = Self.hostile.replacingOccurrences(of: "PWN", with: pwn)
    let body = try Avalanche.edited {
      $0["RegionName"] = name
      $0["MainText"] = Self.hostileTooltip + " " + name
    }
    let file = try scene.dir.write("hostile.json", body)
    try await scene.server.setRoutes([Avalanche.route: ["file": file]])
    try scene.config()
    let ran = try scene.refresh()
    try #require(ran.status == 0, "refresh: \(ran.stderr)")
    return (scene, pwn)
  }

  @Test func networkTextCannotStyleOrRunAnythingInAnyFormat() async throws {
    let (scene, pwn) = try await hostileScene()
    let name = Self.hostile.replacingOccurrences(of: "PWN", with: pwn)
    var verdicts: [String: String] = [:]

    let waybar = try scene.emit("waybar")
    #expect(waybar.hasSuffix("\n") && !waybar.dropLast().contains("\n"))
    let object = try #require(try JSONSerialization.jsonObject(with: Data(waybar.utf8)) as? [String: Any])
    let text = object["text"] as? String ?? ""
    let tooltip = object["tooltip"] as? String ?? ""
    #expect(BarMarkup.pangoText(text, allowTags: true) != nil, "waybar text: \(text)")
    #expect(BarMarkup.pangoText(tooltip, allowTags: false) != nil, "waybar tooltip: \(tooltip)")
    #expect(text.contains("&lt;span&gt;&amp;amp;"), "\(text)")
    #expect(tooltip.contains("&lt;/span&gt;&lt;b&gt;bold&lt;/b&gt;"), "\(tooltip)")
    #expect(!tooltip.contains("\u{1B}") && !tooltip.contains("\u{07}"))
    verdicts["waybar"] = "valid JSON; Pango: only our <span>/<b>, content as &lt; &gt; &amp;"

    for click in [false, true] {
      let polybar = try scene.emit("polybar", extra: click ? ["--click"] : [])
      #expect(!polybar.dropLast().contains("\n"))
      #expect(BarMarkup.polybarIsOurs(String(polybar.dropLast()), click: click), "polybar: \(polybar.debugDescription)")
      #expect(polybar.contains("%\u{200B}{A1:touch"), "\(polybar.debugDescription)")
    }
    verdicts["polybar"] = "every content %{ broken by U+200B; only our %{F…} and --click %{A1:timeline open …}"

    let tmux = try scene.emit("tmux")
    #expect(!tmux.dropLast().contains("\n"))
    #expect(BarMarkup.tmuxIsOurs(String(tmux.dropLast())), "tmux: \(tmux)")
    #expect(tmux.contains("##(touch") && tmux.contains("##[fg=red]") && tmux.contains("##{session_name}"))
    verdicts["tmux"] = "every content # doubled; only our #[fg=…], #[default] and #[push-default]/#[pop-default]"

    let i3bar = try scene.emit("i3bar")
    let block = try #require(try JSONSerialization.jsonObject(with: Data(i3bar.utf8)) as? [String: Any])
    #expect(block["markup"] as? String == "pango")
    let fullText = block["full_text"] as? String ?? ""
    #expect(BarMarkup.pangoText(fullText, allowTags: true) != nil, "i3bar full_text: \(fullText)")
    #expect(BarMarkup.pangoText(block["short_text"] as? String ?? "", allowTags: false) != nil, "\(block)")
    #expect(fullText.contains("&lt;span&gt;&amp;amp;"), "\(fullText)")
    verdicts["i3bar"] = "valid JSON; Pango: only our <span>/<b>, content as &lt; &gt; &amp;"

    let plain = try scene.emit("plain")
    #expect(plain.hasPrefix(name) && !plain.dropLast().contains("\n"))
    verdicts["plain"] = "the text, one line, controls removed"

    // `timeline show` prints the detail (MainText with its ESC sequences) to a terminal.
    let show = try run(scene.timeline, ["show", "avalanche", "--cache-dir", scene.cacheDir])
    #expect(show.status == 0)
    #expect(!show.stdout.contains("\u{1B}") && !show.stdout.contains("\u{07}"), "\(show.stdout.debugDescription)")
    verdicts["timeline show"] = "no ESC or BEL reaches the terminal"

    #expect(!FileManager.default.fileExists(atPath: pwn))
    for (format, verdict) in verdicts.sorted(by: { $0.key < $1.key }) {
      Report.add("hostile", ["format": format, "result": verdict])
    }
  }

  /// The words file beside the caches (`.words`, the emitters' own words in the user's
  /// language) is read by every bar: one that another program wrote, with markup and
  /// actions for every bar, controls and an overlong line for every phrase, styles and runs
  /// nothing. Its words reach the bars only as escaped text.
  @Test func aHostileWordsFileCannotStyleOrRunAnything() async throws {
    let (scene, pwn) = try await hostileScene()
    let evil =
      "WORD<b>" + Self.hostile.replacingOccurrences(of: "PWN", with: pwn) + "\u{1B}[31m\u{07}"
      + String(repeating: "x", count: 300)
    var file = ""
    for phrase in Phrase.allCases { file += phrase.english + "\t" + evil + " %s %d\n" }
    try file.write(toFile: CacheStore(directory: scene.cacheDir).wordsPath, atomically: true, encoding: .utf8)
    // Stale (the out-of-date note), and a widget with no cache (the guidance notes).
    let stale = try scene.staleInstant()
    for widget in ["avalanche", "missing"] {
      let waybar = try scene.emit("waybar", widget, at: stale)
      let object = try #require(try JSONSerialization.jsonObject(with: Data(waybar.utf8)) as? [String: Any])
      let tooltip = object["tooltip"] as? String ?? ""
      #expect(tooltip.contains("WORD&lt;b&gt;"), "\(widget): the hostile words were not used: \(tooltip.prefix(300))")
      #expect(BarMarkup.pangoText(object["text"] as? String ?? "", allowTags: true) != nil, "\(waybar.prefix(300))")
      #expect(BarMarkup.pangoText(tooltip, allowTags: false) != nil, "\(tooltip.prefix(300))")
      #expect(!tooltip.contains("\u{1B}") && !tooltip.contains("\u{07}"))
      let polybar = try scene.emit("polybar", widget, at: stale)
      #expect(BarMarkup.polybarIsOurs(String(polybar.dropLast()), click: false), "\(polybar.prefix(300))")
      let tmux = try scene.emit("tmux", widget, at: stale)
      #expect(BarMarkup.tmuxIsOurs(String(tmux.dropLast())), "\(tmux.prefix(300))")
    }
    // A words file over its limit is not read: the words are English.
    try String(repeating: file, count: 20).write(
      toFile: CacheStore(directory: scene.cacheDir).wordsPath, atomically: true, encoding: .utf8)
    let waybar = try scene.emit("waybar", "missing")
    #expect(waybar.contains("No data yet") && !waybar.contains("WORD"), "\(waybar.prefix(300))")
    #expect(!FileManager.default.fileExists(atPath: pwn))
  }

  /// The same text in a real tmux status line: `#(timeline-emit tmux W)` in status-right,
  /// drawn for a client attached inside an outer tmux whose pane is captured.
  @Test
  func aRealTmuxShowsTheTextLiterallyAndRunsNothing() async throws {
    let (scene, pwn) = try await hostileScene()
    let tmux = try TmuxPair(tmux: try #require(TmuxPair.path), prefix: "rel", width: 400)
    defer { tmux.stop() }
    try tmux.startInner([
      ["status-interval", "1"],
      ["status-right", "#(env TIMELINE_CACHE_DIR=\(scene.cacheDir) \(scene.emitter) tmux avalanche)"],
    ])
    try tmux.enableRGB()
    try tmux.attach()
    let shown = try tmux.waitForStatus(seconds: 20, escapes: true) { $0.contains("session_name") }
    let plain = shown.replacingOccurrences(of: "\u{1B}\\[[0-9;:]*m", with: "", options: .regularExpression)
    let name = Self.hostile.replacingOccurrences(of: "PWN", with: pwn)
    #expect(plain.contains(String(name.prefix(60))), "status line: \(plain)")
    #expect(!shown.contains("[31m") && !shown.contains(";31m") && !shown.contains("[41m"), "\(shown.debugDescription)")
    usleep(1_500_000)  // another status-interval, in case a job were to run late
    #expect(!FileManager.default.fileExists(atPath: pwn))
    Report.add(
      "hostile",
      ["format": "tmux (real tmux \(tmux.version))", "result": "shown literally; no #() job ran, no style applied"])
  }

  /// A huge number where a danger level goes once crashed `timeline refresh` (Int(1e300)).
  @Test func absurdNumbersDoNotCrashTheRefresh() async throws {
    let scene = try Scene()
    let body = try Avalanche.edited {
      $0["DangerLevel"] = 1e300
      $0["ExposedHeight1"] = -1e300
    }
    let file = try scene.dir.write("absurd.json", body)
    try await scene.server.setRoutes([Avalanche.route: ["file": file]])
    try scene.config()
    let ran = try scene.refresh()
    #expect(ran.signal == nil, "killed: \(ran.stderr)")
    #expect(ran.status == 0 || ran.status == 1)
  }

  // MARK: Names and paths

  @Test func widgetNamesThatLeaveTheCacheDirectoryAreRefused() throws {
    let dir = try TempDir()
    let cache = dir.file("cache")
    try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
    // A valid cache file just outside the cache directory, and one at an absolute path.
    let secret = try CacheFiles.text(widget: "x", text: "SECRET")
    try dir.write("x.json", secret)
    let timeline = Paths.binary("timeline")
    let emitter = Paths.binary("timeline-emit")
    var refused: [String] = []

    for name in ["../x", dir.path + "/x", "x/../../x", "./x", "..", "X", "x.json", "x\u{7F}"] {
      let emitted = try run(emitter, ["plain", name, "--verbose"], environment: ["TIMELINE_CACHE_DIR": cache])
      #expect(emitted.status == 0 && !emitted.stdout.contains("SECRET"), "emit \(name): \(emitted.stdout)")
      for command in [["show", name], ["open", name, "--print"]] {
        let ran = try run(timeline, command + ["--cache-dir", cache])
        #expect(
          ran.status == 2 && ran.stderr.contains("invalid widget name"), "\(command): \(ran.status) \(ran.stderr)")
        #expect(!ran.stdout.contains("SECRET"))
      }
    }
    refused.append(
      "argv `../x`, absolute path, `x/../../x`, `..`, `X`, DEL: timeline-emit shows the placeholder; timeline show/open exit 2 \"invalid widget name\""
    )

    for key in ["\"../x\"", "\"/etc/passwd\"", "\"a\\u0000b\"", "\"x/y\"", "\"..\"", "\"\""] {
      let config = try dir.write("bad.toml", "[widgets.\(key)]\nkind = \"command\"\ncommand = [\"/bin/true\"]\n")
      let ran = try run(timeline, ["refresh", "--config", config, "--cache-dir", cache])
      #expect(ran.status == 2, "[widgets.\(key)]: \(ran.status) \(ran.stderr)")
      #expect(ran.stderr.contains("bad.toml"), "\(ran.stderr)")
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    #expect(names == ["bad.toml", "cache", "x.json"], "\(names)")
    #expect(try String(contentsOfFile: dir.file("x.json"), encoding: .utf8) == secret)
    refused.append(
      "config `[widgets.\"../x\"]`, absolute, `\\u0000`, `x/y`, `..`, empty: exit 2 naming the file; nothing written outside the cache directory"
    )

    let ran = try run(timeline, ["refresh", "../x", "--config", dir.write("ok.toml", ""), "--cache-dir", cache])
    #expect(ran.status == 2)
    for line in refused {
      Report.add("paths", ["case": "widget names that try to leave the cache directory", "result": line])
    }
  }

  /// Every cache-side file a refresh touches may be a symlink planted by someone else:
  /// reads refuse them (O_NOFOLLOW) and writes replace the link, never its target.
  @Test func symlinkedCacheFilesAreNeitherReadNorWrittenThrough() throws {
    let dir = try TempDir()
    let cache = dir.file("cache")
    try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
    let secret = try CacheFiles.text(widget: "w", text: "SECRET")
    let victim = try dir.write("victim.json", secret)
    try FileManager.default.createSymbolicLink(atPath: cache + "/w.json", withDestinationPath: victim)
    let emitted = try run(
      Paths.binary("timeline-emit"), ["plain", "w", "--verbose"], environment: ["TIMELINE_CACHE_DIR": cache])
    #expect(emitted.status == 0 && !emitted.stdout.contains("SECRET"), "\(emitted.stdout)")
    #expect(emitted.stderr.contains("w"), "\(emitted.stderr)")
    let show = try run(Paths.binary("timeline"), ["show", "w", "--cache-dir", cache])
    #expect(show.status != 0 && !show.stdout.contains("SECRET"))

    // A refresh replaces the links (cache and state) and leaves their targets alone.
    let script = try dir.write("gen.sh", "#!/bin/sh\necho '{\"entries\":[{\"text\":\"fresh\"}]}'\n")
    chmod(script, 0o755)
    let config = try dir.write("c.toml", "[widgets.w]\nkind = \"command\"\ncommand = [\"/bin/sh\", \"\(script)\"]\n")
    let stateVictim = try dir.write("state-victim.json", "{}")
    try FileManager.default.createSymbolicLink(atPath: cache + "/.w.state.json", withDestinationPath: stateVictim)
    let refreshed = try run(Paths.binary("timeline"), ["refresh", "--config", config, "--cache-dir", cache])
    #expect(refreshed.status == 0, "\(refreshed.stderr)")
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == secret)
    #expect(try String(contentsOfFile: stateVictim, encoding: .utf8) == "{}")
    let after = try FileManager.default.attributesOfItem(atPath: cache + "/w.json")
    #expect(after[.type] as? FileAttributeType == .typeRegular)

    // A lock file that is a link is not opened at all: the refresh fails cleanly.
    try FileManager.default.removeItem(atPath: cache + "/.w.lock")
    let lockVictim = try dir.write("lock-victim", "keep")
    try FileManager.default.createSymbolicLink(atPath: cache + "/.w.lock", withDestinationPath: lockVictim)
    let locked = try run(Paths.binary("timeline"), ["refresh", "--force", "--config", config, "--cache-dir", cache])
    #expect(locked.status == 1, "\(locked.stderr)")
    #expect(try String(contentsOfFile: lockVictim, encoding: .utf8) == "keep")
    Report.add(
      "files",
      [
        "case": "cache, state and lock files that are symlinks",
        "result": "not followed: emit shows the placeholder, refresh replaces the link or fails cleanly", "rss": "",
      ])
  }

  /// Files no writer would produce: a 100 MB sparse file, a 10 MB single line, a 60 MB
  /// whole-document file (just under the 64 MB cap). The emitter shows a placeholder or
  /// the entry and stays within a bounded amount of memory.
  @Test func hugeCacheFilesKeepTheEmitterSmall() throws {
    let dir = try TempDir()
    let cache = dir.file("cache")
    try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
    let small = try CacheFiles.text(widget: "w", text: "small")
    let meta = String(small.split(separator: "\n")[0])
    let entry = #"{"date":0,"alt":"a","runs":[{"t":"ok"}]}"#
    let cases: [(String, String, (String) throws -> Void)] = [
      (
        "100 MB sparse file", "placeholder",
        { path in
          let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
          ftruncate(fd, 100 << 20)
          close(fd)
        }
      ),
      (
        "10 MB single line, no newline", "placeholder",
        { path in
          try Data((meta + String(repeating: "x", count: 10 << 20)).utf8).write(to: URL(fileURLWithPath: path))
        }
      ),
      (
        "10 MB string in one entry line", "entry",
        { path in
          // Written by the real encoder, so the line layout (entryBytes, the extra section)
          // is what a reader trusts.
          let timeline = Timeline(
            widget: "w", kind: "command",
            entries: [
              Entry(date: 0, runs: [TextRun("ok")], tooltip: [String(repeating: "y", count: 10 << 20)], alt: "a")
            ],
            placeholder: Entry(date: 0, runs: [TextRun("…")], alt: "placeholder"), generated: 0)
          try Data(CacheEncoder.encode(timeline)).write(to: URL(fileURLWithPath: path))
        }
      ),
      (
        "20 MB meta line, 10 M array items", "placeholder",
        { path in
          let line = #"{"version":1,"meta":{"junk":["# + String(repeating: "0,", count: 10 << 20) + #"0]},"entries":["#
          try Data((line + "\n" + entry + "\n]}\n").utf8).write(to: URL(fileURLWithPath: path))
        }
      ),
      (
        "60 MB whole-document file, 15 M array items", "placeholder",
        { path in
          var text = #"{"version":1,"junk":["# + String(repeating: "0,", count: 15 << 20) + "0],"
          text += #""entries":[\#(entry)]}"#
          try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }
      ),
    ]
    for (name, expected, make) in cases {
      let path = cache + "/w.json"
      try make(path)
      let (ran, rss) = try peakRSS(
        Paths.binary("timeline-emit"), ["plain", "w"], environment: ["TIMELINE_CACHE_DIR": cache])
      #expect(ran.status == 0 && ran.signal == nil, "\(name): \(ran.status) \(ran.stderr)")
      let shown = ran.stdout.trimmingCharacters(in: .newlines)
      #expect(expected == "entry" ? shown == "ok" : shown == "w…", "\(name): \(shown.prefix(80))")
      if let rss { #expect(rss < 256 * 1024, "\(name): peak RSS \(rss) KiB") }
      Report.add(
        "files",
        [
          "case": name, "result": "exit \(ran.status), shows \(shown == "w…" ? "the placeholder" : "\"\(shown)\"")",
          "rss": rss.map { "\($0 / 1024) MB" } ?? "?",
        ])
      try FileManager.default.removeItem(atPath: path)
    }
  }

  // MARK: Config

  @Test func plainHTTPSourcesAreAllowedOnlyForLoopback() throws {
    let dir = try TempDir()
    let timeline = Paths.binary("timeline")
    let cases: [(String, Bool)] = [
      ("http://127.0.0.1:8080/api", true), ("http://127.1.2.3/api", true), ("http://localhost:9/api", true),
      ("http://[::1]:9/api", true), ("https://example.org/api", true),
      ("http://example.org/api", false), ("http://10.0.0.1/api", false), ("http://127.0.0.1.example.org/api", false),
      ("http://127.evil.example/api", false), ("http://localhost.example.org/api", false),
    ]
    for (url, allowed) in cases {
      let config = try dir.write("c.toml", "[sources]\nvarsom = \"\(url)\"\n")
      let ran = try run(timeline, ["config", "--config", config])
      #expect(ran.status == 0, "\(url): \(ran.stderr)")
      #expect(ran.stderr.contains("plain http to a non-loopback host") == !allowed, "\(url): \(ran.stderr)")
      #expect(ran.stdout.contains(url) == allowed, "\(url): \(ran.stdout)")
      if !allowed { #expect(ran.stdout.contains("https://api01.nve.no/"), "\(ran.stdout)") }
    }
    for url in ["ftp://x/api", "http://user@127.0.0.1/api", "http://127.0.0.1/a b", "javascript:alert(1)"] {
      let config = try dir.write("c.toml", "[sources]\nvarsom = \"\(url)\"\n")
      let ran = try run(timeline, ["config", "--config", config])
      #expect(ran.status == 2, "\(url): \(ran.status) \(ran.stdout)")
    }
    // A NUL (TOML `\u0000`) never reaches a URL: the URL check refuses it, at its place.
    let config = try dir.write("c.toml", "[sources]\nvarsom = \"http://127.0.0.1/\\u0000/../x\"\n")
    let ran = try run(timeline, ["config", "--config", config])
    #expect(ran.status == 2, "\(ran.status) \(ran.stdout)")
    #expect(ran.stderr.contains("c.toml:2:10: [sources] varsom: expected an http:// or https:// URL"), "\(ran.stderr)")
    #expect(!ran.stdout.contains("\0") && !ran.stdout.contains("/../x"), "\(ran.stdout)")
    Report.add(
      "paths",
      [
        "case": "`[sources]` with http://",
        "result":
          "loopback (127.x.y.z, localhost, ::1) allowed; any other host (also `127.0.0.1.example.org`): warning, default https URL used; ftp:, userinfo, spaces, a `\\u0000`: exit 2, at the value's line and column",
      ])
  }
}

/// Cache files written by the real writer.
enum CacheFiles {
  static func text(widget: String, text: String) throws -> String {
    let dir = try TempDir()
    let store = CacheStore(directory: dir.path)
    try store.write(
      Timeline(
        widget: .named(widget), kind: "command", entries: [Entry(date: 0, runs: [TextRun(text)], alt: "a")],
        placeholder: Entry(date: 0, runs: [TextRun("…")], alt: "placeholder"), generated: 0, grace: 3600,
        configHash: "h"))
    return try String(contentsOfFile: store.path(for: .named(widget)), encoding: .utf8)
  }
}
