import EmitTestSupport
import Foundation
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

/// Gurmukhi that is not a Gurbani line, in the real polybar, lemonbar and conky on a private
/// Xvfb (HeadlessBar, Tests/Support/xbar_run.sh), with the project's fonts: a contact named
/// ਹਰਪ੍ਰੀਤ ਕੌਰ after the birthday sign, and a command's text ਸ੍ਰੀ with ੴ. None of these bars
/// shapes Gurmukhi; each must draw the text (in the GurbaniAkhar font, else transliterated),
/// drop nothing and show no box. The screenshots are the gallery's
/// (examples/gallery/make-xbars.sh draws the same entries).
@Suite(.serialized) struct GurmukhiRealTests {
  let dir: TempDir
  let cache: String
  static let contact = "🎂 ਹਰਪ੍ਰੀਤ ਕੌਰ · tomorrow"
  static let command = "ੴ ਸ੍ਰੀ ਵਾਹਿਗੁਰੂ ਜੀ ਕੀ ਫ਼ਤਹਿ · 5 min"

  init() throws {
    dir = try TempDir()
    cache = dir.file("cache")
    let store = CacheStore(directory: cache)
    let widgets: [(WidgetName, String, String)] = [
      ("birthdays", "birthdays", Self.contact), ("cmd", "command", Self.command),
    ]
    for (widget, kind, text) in widgets {
      try store.write(
        Timeline(
          widget: widget, kind: kind, entries: [Entry(date: 0, runs: [TextRun(text)], alt: "a")], policy: .never,
          placeholder: Entry(date: 0, runs: [TextRun("ੴ")], alt: "placeholder"), generated: 0))
    }
  }

  func emit(_ arguments: String) -> String {
    "env TIMELINE_CACHE_DIR=\(cache) \(Paths.binary("timeline-emit")) \(arguments)"
  }

  /// polybar with the GurbaniAkhar font as font-1 (`--gurmukhi-font 2`), and without it:
  /// nothing dropped, both modules drawn.
  @Test(arguments: ["--gurmukhi-font 2", ""])
  func polybarDrawsTheNameAndTheCommand(_ font: String) throws {
    let modules = ["birthdays", "cmd"].map { widget in
      "[module/\(widget)]\ntype = custom/script\nexec = \(emit("polybar \(widget) \(font)"))\ninterval = 1\n"
    }
    let bar = try HeadlessBar.polybar(
      modulesLeft: "birthdays cmd", modules: modules.joined(separator: "\n"),
      name: font.isEmpty ? "polybar-latin" : "polybar-font", in: dir, shot: "1400x36+0+0")
    #expect(bar.result.status == 0, "\(bar.result)")
    #expect(!bar.log.contains("Dropping unmatched character"), "log:\n\(bar.log)")
    // The two modules are flushed as one block: both texts, some 40 characters.
    let width = HeadlessBar.polybarWidth(bar.log)
    #expect(width >= 400, "drawn: \(width) px")
    let line = try run("/bin/sh", ["-c", emit("polybar birthdays \(font)")]).stdout
    #expect(!line.unicodeScalars.contains { (0x0A00...0x0A7F).contains($0.value) }, "\(line)")
    #expect(line.contains(font.isEmpty ? "harapreet kaur" : "%{T2}hrpRIq kOr%{T-}"), "\(line)")
  }

  /// lemonbar, from its snippet: the transliteration in its X core font, every character drawn.
  @Test func lemonbarDrawsTheTransliteration() throws {
    let script = try dir.write(
      "timeline-lemonbar",
      try String(contentsOfFile: Paths.repo + "/integrations/lemonbar/timeline-lemonbar", encoding: .utf8)
        .replacing("/usr/local/bin/timeline", with: Paths.products + "/timeline"))
    let environment = [
      "TIMELINE_CACHE_DIR": cache, "HOME": dir.path, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
      "FONTCONFIG_FILE": try HeadlessBar.fontConfig(in: dir),
      "PATH": Paths.products + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
    ]
    for widget in ["birthdays", "cmd"] {
      let shown = try run("/bin/sh", ["-c", emit("lemonbar \(widget)")]).stdout
      #expect(!shown.unicodeScalars.contains { $0.value > 0x7E && $0 != "·" }, "\(shown)")
      let bar = try HeadlessBar.run(
        "exec sh \(script) \(widget) -g 1400x24", name: "lemonbar-\(widget)", in: dir, settle: 3,
        shot: "1400x24+0+0", environment: environment)
      #expect(bar.result.status == 0, "\(bar.result)")
      let trim = try run("/usr/bin/convert", [bar.screenshot, "-trim", "-format", "%w", "info:"])
      let width = Int(trim.stdout) ?? 0
      let characters = shown.trimmingCharacters(in: .newlines).count
      // `fixed` is 6 or 7 px a character: all of the text was drawn.
      #expect((6 * characters - 8...7 * characters + 8).contains(width), "\(width) px for \(shown)")
    }
  }

  /// conky: the ASCII form in ${font OpenGurbaniAkhar}, read by the real parser.
  @Test func conkyDrawsTheNameInTheGurmukhiFont() throws {
    let config = try dir.write(
      "conky.conf",
      """
      conky.config = { out_to_x = false, out_to_console = true, total_run_times = 2, update_interval = 1 }
      conky.text = [[
      ${execpi 60 \(emit("conky birthdays"))}
      ${execpi 60 \(emit("conky cmd"))}
      ]]
      """)
    let result = try run(
      "conky", ["-c", config], environment: ["HOME": dir.path, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"], timeout: 30)
    #expect(result.stdout.contains("Birthday: hrpRIq kOr · tomorrow"), "\(result.stdout)\n\(result.stderr)")
    #expect(result.stdout.contains("<> sRI vwihgurU jI kI &qih · 5 min"), "\(result.stdout)")
    let line = try run("/bin/sh", ["-c", emit("conky birthdays")]).stdout
    #expect(line == "Birthday: ${font OpenGurbaniAkhar}hrpRIq kOr${font} · tomorrow\n")
  }

  /// `--family large` lists every contact whatever its script: six friends, one named in
  /// Gurmukhi, give six lines in conky (the name in the GurbaniAkhar font) and in plain.
  @Test func theLargeFormListsEveryContact() throws {
    let names = ["Alice", "Bob", "ਹਰਪ੍ਰੀਤ ਕੌਰ", "Carol", "Dev", "Eve"]
    let entry = Entry(
      date: 0, runs: [TextRun("☎ Alice · 3 days overdue")], tooltip: names.map { "☎ \($0) · due today" }, alt: "due")
    try CacheStore(directory: cache).write(
      Timeline(
        widget: "friends", kind: "friends", entries: [entry], policy: .never,
        placeholder: Entry(date: 0, runs: [TextRun("☎ …")], alt: "placeholder"), generated: 0))
    let conky = try run("/bin/sh", ["-c", emit("--family large conky friends")]).stdout
    let listed = conky.split(separator: "\n").filter { $0.contains("due today") }
    #expect(listed.count == 6, "\(conky)")
    #expect(listed.contains("Call: ${font OpenGurbaniAkhar}hrpRIq kOr${font} · due today"), "\(conky)")
    let plain = try run("/bin/sh", ["-c", emit("--family large plain friends")]).stdout
    #expect(plain.split(separator: "\n").filter { $0.contains("due today") }.count == 6, "\(plain)")
  }
}
