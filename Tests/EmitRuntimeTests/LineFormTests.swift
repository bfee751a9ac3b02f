import EmitRuntime
import EmitTestSupport
import Foundation
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

@testable import Emitters

/// `--line` and `--gurmukhi-font` end to end: one cache file, every form, every bar.
@Suite struct LineFormTests {
  func run(_ arguments: [String], dir: String) -> (status: Int32, out: String, err: String) {
    let out = Pipe()
    let err = Pipe()
    let status = EmitCommand.run(
      arguments: arguments, stdout: out.fileHandleForWriting.fileDescriptor,
      stderr: err.fileHandleForWriting.fileDescriptor, clock: FixedClock(10),
      environment: { $0 == "TIMELINE_CACHE_DIR" ? dir : nil })
    try? out.fileHandleForWriting.close()
    try? err.fileHandleForWriting.close()
    return (
      status, String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
      String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    )
  }

  func cache(line: LineForm? = nil, font: Int? = nil) throws -> TempDir {
    let dir = try TempDir()
    let timeline = Timeline(
      widget: "shabad", kind: "random-shabad", entries: [LineForms.entry], end: 1000, policy: .never,
      placeholder: Entry(date: 0, runs: [TextRun("ੴ")], alt: "placeholder"), generated: 0, line: line,
      polybarFont: font)
    Caches.write(timeline, in: dir.path)
    return dir
  }

  @Test func everyFormComesFromTheSameCache() throws {
    let dir = try cache()
    let plain = { (form: String) in self.run(["plain", "shabad", "--line", form], dir: dir.path).out }
    #expect(plain("gurmukhi") == "ਸ੍ਰੀ ਗੁਰੂ ਗ੍ਰੰਥ%{A1:x:} ਪ੍ਰਭ ਕ੍ਰਿਪਾ ]\n")
    #expect(plain("transliteration") == CleanText.barLine(LineForms.translit) + "\n")
    #expect(plain("translation") == CleanText.barLine(LineForms.transl) + "\n")
    // `--line=` works too, and `timeline emit` passes the same arguments through.
    #expect(run(["plain", "shabad", "--line=translation"], dir: dir.path).out == plain("translation"))
  }

  @Test func theWidgetsLineIsTheDefaultAndTheOptionWins() throws {
    let dir = try cache(line: .translation)
    #expect(run(["plain", "shabad"], dir: dir.path).out == CleanText.barLine(LineForms.transl) + "\n")
    #expect(run(["plain", "shabad", "--line", "gurmukhi"], dir: dir.path).out.hasPrefix("ਸ੍ਰੀ"))
  }

  @Test(arguments: [["--line", "ascii"], ["--line"], ["--line", ""], ["--line", "Gurmukhi"]])
  func aBadLineIsAUsageErrorListingTheValues(_ extra: [String]) throws {
    let dir = try cache()
    let result = run(["waybar", "shabad"] + extra, dir: dir.path)
    #expect(result.status == 2)
    #expect(result.out.isEmpty)
    #expect(result.err.contains("gurmukhi, transliteration, translation"))
  }

  @Test(arguments: [
    ["--gurmukhi-font", "0"], ["--gurmukhi-font", "x"], ["--gurmukhi-font", "100"], ["--gurmukhi-font"],
  ])
  func aBadFontIndexIsAUsageError(_ extra: [String]) throws {
    let dir = try cache()
    let result = run(["polybar", "shabad"] + extra, dir: dir.path)
    #expect(result.status == 2)
    #expect(result.err.contains("--gurmukhi-font"))
  }

  @Test func polybarDrawsTheASCIIFormInTheFontWithoutLosingALetter() throws {
    let dir = try cache()
    let line = run(["polybar", "shabad", "--gurmukhi-font", "2"], dir: dir.path).out
    #expect(line.hasPrefix("%{T2}sRI gurU %{F#ff6f4d}gRMQ%%{F-}"))
    #expect(line.hasSuffix("%{T-}\n"))
    // Every `%{` of the content is `%`, the same font tag, `{`: no letter dropped, no
    // character outside the font added.
    #expect(
      line.contains("%{F-}{A1:x:} pRB ikRpw ] [ <b>&amp; @ | ~ %%{T2}{F#f00} %%%{T2}{T1} #[fg=red]## \"\\ end%%{T-}"))
    #expect(!line.unicodeScalars.contains("\u{200B}"))
    #expect(!line.unicodeScalars.contains { $0.value >= 0x80 }, "only the ASCII form: \(line)")
  }

  @Test func theFontIndexFromTheConfigIsUsedAndTheOptionWins() throws {
    let dir = try cache(font: 4)
    #expect(run(["polybar", "shabad"], dir: dir.path).out.hasPrefix("%{T4}sRI"))
    #expect(run(["polybar", "shabad", "--gurmukhi-font", "2"], dir: dir.path).out.hasPrefix("%{T2}sRI"))
  }

  @Test func polybarWithoutAFontNeverShowsAnUnshapedConjunct() throws {
    let dir = try cache()
    let line = run(["polybar", "shabad"], dir: dir.path).out
    #expect(!line.unicodeScalars.contains { (0x0A00...0x0A7F).contains($0.value) }, "no Gurmukhi scalars: \(line)")
    #expect(line.hasPrefix("srī gurū granth"))
    // Without a transliteration the translation is next.
    var entry = LineForms.entry
    entry.transliteration = nil
    let input = RenderInput(widget: "w", entry: entry)
    #expect(PolybarEmitter.render(input, options: RenderOptions()).hasPrefix("The Guru's"))
    // A Gurbani entry without the ASCII form (a cache from an older refresh) gets the same
    // safe choice even with a font index: the font cannot draw Unicode Gurmukhi.
    var noASCII = LineForms.entry
    noASCII.ascii = []
    #expect(
      PolybarEmitter.render(RenderInput(widget: "w", entry: noASCII), options: RenderOptions(gurmukhiFont: 2))
        .hasPrefix("srī gurū"))
    entry.translation = LineText("ਗੁਰੂ ਦੀ ਕਿਰਪਾ")
    // With neither in a Latin script, the Unicode line transliterated (`UnshapedText`).
    #expect(
      PolybarEmitter.render(RenderInput(widget: "w", entry: entry), options: RenderOptions()).hasPrefix("sree guroo"))
  }

  @Test func shortFollowsTheLine() throws {
    let dir = try cache()
    let block = { (form: String) throws -> String? in
      try #require(jsonObject(self.run(["i3bar", "shabad", "--line", form], dir: dir.path).out))["short_text"]
        as? String
    }
    #expect(try block("gurmukhi") == "ਸ੍ਰੀ ਗੁਰੂ …")
    // i3bar's text is Pango markup: the short form is escaped as the full text is.
    #expect(try block("transliteration") == "srī gurū &lt;…&gt;")
    #expect(try block("translation") == "The Guru's &amp; …")
  }

  @Test func entriesWithoutFormsShowTheirText() throws {
    let dir = try TempDir()
    Caches.write(Caches.timeline(entries: [Caches.entry("Lyngen 3", color: "#ff9900", level: 3)]), in: dir.path)
    for form in LineForm.allCases {
      #expect(run(["plain", "w", "--line", form.rawValue], dir: dir.path).out == "Lyngen 3\n")
      #expect(
        run(["polybar", "w", "--line", form.rawValue, "--gurmukhi-font", "2"], dir: dir.path).out
          == "%{F#ff9900}Lyngen 3%{F-}\n")
    }
  }

  @Test func theTooltipKeepsEverything() throws {
    let dir = try cache()
    let object = try #require(jsonObject(run(["waybar", "shabad", "--line", "translation"], dir: dir.path).out))
    let tooltip = try #require(object["tooltip"] as? String)
    #expect(tooltip.hasPrefix("ਸ੍ਰੀ ਗੁਰੂ ਗ੍ਰੰਥ\nsrī gurū granth &lt;b&gt;"))
  }
}
