import EmitTestSupport
import Foundation
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

@testable import Emitters

/// The rendering cases every emitter's golden test runs; hostile content on purpose.
struct GoldenCase: Sendable, CustomTestStringConvertible {
  var name: String
  var input: RenderInput
  var options = RenderOptions()
  /// What polybar shows when it differs from the plain text (the line polybar picks for
  /// a Gurmukhi line: the ASCII form with a font index, else the transliteration).
  var polybarText: String?
  var testDescription: String { name }

  static func text(_ name: String, _ text: String, options: RenderOptions = RenderOptions()) -> GoldenCase {
    GoldenCase(name: name, input: RenderInput(widget: "w", kind: "test", entry: Caches.entry(text)), options: options)
  }

  static let all: [GoldenCase] =
    [
      text("plain-ascii", "Hello, world"),
      text("hostile-pango", "a & b <b>bold</b> </span> &amp; <span foreground=\"red\">x"),
      text("hostile-polybar", "%{A1:touch /tmp/x:}x%{A} %{F#f00}red%{F-} 100% lone % and } %{"),
      text("hostile-tmux", "#(touch /tmp/x) #[fg=red]red ## #{pane_id} #{?1,a,b} # end#"),
      text("quotes-backslashes", "\"double\" 'single' back\\slash \\\" \\n \\u0041"),
      text("controls", "a\u{01}b\u{7F}c\u{1B}[31md\te\nf\r\ng\u{2028}h\u{85}i\u{0}j"),
      text("raw-newline", "first line\nsecond line"),
      text("gurmukhi-sihari", "ਸਤਿ ਨਾਮੁ ਵਾਹਿਗੁਰੂ"),
      text("gurmukhi-pairin", "ਪ੍ਰਭ ਕ੍ਰਿਪਾ ਪ੍ਰਿਅ"),
      text("gurmukhi-tippi", "ਮੰਨਿਐ ਤੁੰ ਅੰਮ੍ਰਿਤ ਸੰਗਤਿ"),
      text("emoji-zwj", "family 👨‍👩‍👧 pray 🙏🏽 flag 🇳🇴 heart ❤️"),
      text("truncated-latin", "The quick brown fox jumps over the lazy dog", options: RenderOptions(maxWidth: 20)),
      text("truncated-gurmukhi", "ਅੰਮ੍ਰਿਤ ਵੇਲਾ ਸਚੁ ਨਾਉ ਵਡਿਆਈ ਵੀਚਾਰੁ", options: RenderOptions(maxWidth: 12)),
      text("truncated-emoji", "👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧", options: RenderOptions(maxWidth: 5)),
      text("gurmukhi-logical", "ਸਤਿ ਪ੍ਰਿਅ", options: RenderOptions(gurmukhi: .logical)),
      text("gurmukhi-visual", "ਸਤਿ ਪ੍ਰਿਅ", options: RenderOptions(gurmukhi: .visual)),
      text("click", "click me: %{A}", options: RenderOptions(click: true)),
      // Gurmukhi outside a Gurbani line (a contact's name), with Latin, a digit and the sign.
      text("contact-gurmukhi", "🎂 ਹਰਪ੍ਰੀਤ ਕੌਰ turns 40 · ਸ੍ਰੀ ☎"),
      text("contact-gurmukhi-font", "🎂 ਹਰਪ੍ਰੀਤ ਕੌਰ turns 40 · ਸ੍ਰੀ ☎", options: RenderOptions(gurmukhiFont: 2)),
      text("empty", ""),
      GoldenCase(
        name: "visraam-colours",
        input: RenderInput(
          widget: "hukamnama", kind: "hukamnama",
          entry: Entry(
            date: 0,
            runs: [
              TextRun("ਸੋ ਦਰੁ ਕੇਹਾ "), TextRun("ਸੋ ਘਰੁ ਕੇਹਾ", color: "#FF9900", bold: true),
              TextRun(" ਜਿਤੁ ਬਹਿ "), TextRun("ਸਰਬ ਸਮਾਲੇ", color: "#33aa33"),
            ],
            short: "ਸੋ ਦਰੁ", tooltip: ["Ang 6 <Japji>", "So dar & so ghar"], alt: "hukamnama", classes: ["gurbani"]))),
      GoldenCase(
        name: "split-percent",
        input: RenderInput(
          widget: "w", kind: "test",
          entry: Entry(
            date: 0, runs: [TextRun("100%"), TextRun("{F#f00}x"), TextRun("%", color: "#112233"), TextRun("{A}")],
            alt: "a"))),
      GoldenCase(
        name: "stale",
        input: RenderInput(
          widget: "avalanche", kind: "avalanche",
          entry: Entry(
            date: 0, runs: [TextRun("Lyngen 3", color: "#ff9900")], tooltip: ["Considerable"], alt: "level-3", level: 3),
          isStale: true)),
      GoldenCase(
        name: "urgent-classes",
        input: RenderInput(
          widget: "avalanche", kind: "Avalanche",
          entry: Entry(
            date: 0, relevance: Relevance(90), runs: [TextRun("Tromsø 4 ☠", bold: true)], alt: "level-4",
            classes: ["Danger Level!", "a_b", "\"><script>", "level-4", "ÆØÅ"], level: 4))),
      // A level with no colour of its own, too dark for text on a dark bar (EAWS level 5).
      GoldenCase(
        name: "level-5",
        input: RenderInput(
          widget: "w", kind: "command",
          entry: Entry(date: 0, relevance: Relevance(90), runs: [TextRun("Lyngen 5")], alt: "level-5", level: 5))),
      GoldenCase(
        name: "browsing",
        input: RenderInput(
          widget: "avalanche", kind: "avalanche",
          entry: Entry(
            date: 0, runs: [TextRun("Lyngen 3", color: "#ff9900")], tooltip: ["Wednesday 25 November"], alt: "level-3",
            level: 3),
          browsing: "tomorrow")),
      // `next` found nothing ahead: the current entry, with the note for a moment.
      GoldenCase(
        name: "browsing-nothing-later",
        input: RenderInput(
          widget: "hukamnama", kind: "hukamnama",
          entry: Entry(date: 0, runs: [TextRun("ਸੋ ਦਰੁ ਕੇਹਾ")], tooltip: ["Ang 6"], alt: "hukamnama"),
          browsing: "nothing later yet")),
      GoldenCase(
        name: "browsing-stale-hostile",
        input: RenderInput(
          widget: "w", kind: "test", entry: Entry(date: 0, runs: [TextRun("x # y")], tooltip: ["t"], alt: "a"),
          isStale: true, browsing: "<b>&amp; %{A1:x:} #(x) #[fg=red]\n")),
      GoldenCase(
        name: "placeholder-kind",
        input: RenderInput(
          widget: "shabad", kind: "random-shabad",
          entry: Entry(date: 0, runs: [TextRun("ਵਾਹਿਗੁਰੂ")], alt: "x", classes: ["gurbani"]),
          isPlaceholder: true)),
      GoldenCase(name: "invalid-utf8", input: RenderInput(widget: "w", kind: "test", entry: InvalidUTF8.entry)),
      // `hide_when_empty`: what each bar hides, whatever the entry, the state and the options.
      GoldenCase(name: "hidden-placeholder", input: hidden(placeholder: true), options: RenderOptions(click: true)),
      GoldenCase(
        name: "hidden-quiet", input: hidden(placeholder: false),
        options: RenderOptions(maxWidth: 8, click: true, gurmukhiFont: 2)),
    ] + LineForms.cases + LevelColours.cases

  /// The cases an emitter's renderer draws: a hidden widget is the registry's
  /// (`OutputFormat.hiddenLine`), never a renderer's, and `GoldenTests` checks its lines.
  static var shown: [GoldenCase] { all.filter { !$0.input.isHidden } }

  /// A friends widget with nothing to say (a placeholder, or a quiet entry), stale and
  /// browsed, that hides.
  static func hidden(placeholder: Bool) -> RenderInput {
    var input = RenderInput(
      widget: "friends", kind: "friends",
      entry: Entry(
        date: 0, runs: [TextRun("☎ all caught up <b>%{F#f00} #[x]")], tooltip: ["nobody due"], alt: "caught-up",
        classes: ["friends", "caught-up"], quiet: !placeholder),
      isPlaceholder: placeholder, isStale: true, browsing: "tomorrow")
    input.isHidden = true
    return input
  }
}

/// The line forms' golden cases (`LineForms` holds their text).
extension LineForms {
  static let cases: [GoldenCase] = [
    GoldenCase(name: "line-gurmukhi", input: input(), polybarText: CleanText.barLine(translit)),
    GoldenCase(
      name: "line-transliteration", input: input(), options: RenderOptions(line: .transliteration),
      polybarText: CleanText.barLine(translit)),
    GoldenCase(
      name: "line-translation", input: input(), options: RenderOptions(line: .translation),
      polybarText: CleanText.barLine(transl)),
    GoldenCase(name: "line-widget-default", input: input(line: .translation), polybarText: CleanText.barLine(transl)),
    GoldenCase(
      name: "line-option-overrides-widget", input: input(line: .translation), options: RenderOptions(line: .gurmukhi),
      polybarText: CleanText.barLine(translit)),
    GoldenCase(
      name: "line-ascii-font", input: input(), options: RenderOptions(gurmukhiFont: 2), polybarText: asciiText),
    GoldenCase(name: "line-ascii-font-from-config", input: input(font: 3), polybarText: asciiText),
    GoldenCase(
      name: "line-ascii-stale", input: input(stale: true), options: RenderOptions(gurmukhiFont: 2),
      polybarText: asciiText),
    GoldenCase(
      name: "line-ascii-font-transliteration", input: input(font: 3), options: RenderOptions(line: .transliteration),
      polybarText: CleanText.barLine(translit)),
    GoldenCase(
      name: "line-form-missing",
      input: input(entry: Entry(date: 0, runs: [TextRun("Lyngen 3", color: "#ff9900")], alt: "level-3", level: 3)),
      options: RenderOptions(line: .translation, gurmukhiFont: 2)),
  ]
}

/// An entry read back through CacheReader from a file holding invalid UTF-8 bytes.
enum InvalidUTF8 {
  /// What a failed read gives: no golden matches it, so the tests that use it fail.
  static let unreadable = Entry(date: 0, runs: [TextRun("UNREADABLE")], alt: "x")

  static let entry: Entry = {
    guard let dir = try? TempDir() else { return unreadable }
    var bytes = Array(
      #"{"version":1,"meta":{"widget":"w","kind":"k","generated":0,"grace":3600,"count":1,"placeholder":{"date":0,"alt":"p","runs":[]}},"entries":["#
        .utf8)
    bytes += Array("\n{\"date\":0,\"alt\":\"a\",\"runs\":[{\"t\":\"ok ".utf8) + [0xFF, 0xFE] + Array(" bad ".utf8)
    bytes += [0xE0, 0xA8] + Array(" \u{0A38}".utf8) + [0xC0, 0xAF] + Array(" end\"}]}\n]}\n".utf8)
    let path = dir.path + "/w.json"
    #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    return CacheReader.view(path: path, at: 10).current ?? unreadable
  }()
}

/// The text a bar should display for a case: the plain emitter's output with the given order;
/// for polybar, unless the case asks for an order, its Gurmukhi spans in the ASCII form (with
/// a font index) or transliterated, and the contact signs as words.
func expectedText(_ golden: GoldenCase, order: GurmukhiOrder, polybar: Bool = false) -> String {
  if polybar, let text = golden.polybarText { return Gurmukhi.visualOrder(text) }
  var options = golden.options
  let unshaped = polybar && options.gurmukhi == nil
  options.gurmukhi = golden.options.gurmukhi ?? (unshaped ? .logical : order)
  let plain = PlainEmitter.render(golden.input, options: options)
  guard unshaped else { return plain }
  if golden.options.gurmukhiFont ?? golden.input.polybarFont != nil {
    return GurmukhiSpans.split(plain).map { $0.gurmukhi ? GurbaniAkhar.ascii($0.text) : Pictographs.words(in: $0.text) }
      .joined()
  }
  return Pictographs.words(in: GurmukhiLatin.latin(plain))
}
