import Testing
import TimelineCore

@testable import Emitters

/// The stack ranking written row by row into a `LargeWriter` (`StackRanking.Writer`, the
/// emitter's path) against the ranking's String lines rendered by each format's large
/// renderer (`StackRanking.lines`, then `largeBytes`), kept as the oracle: the same bytes
/// for hostile names, runs, forms and browsing text in every line form, shaped or not.
@Suite struct StackRankingWriterTests {
  /// Text every bar must show literally: each bar's markup, controls the text policy acts
  /// on, bidi overrides, Gurmukhi, and a long line.
  static let hostile: [String] = [
    "${exec touch /tmp/x} $$ $ # \\# ${color red}x${color}",
    "%{A:touch /tmp/x:}x%{A} %{F#ff0000}red%{F-} #[fg=red]x#[default] #{pane_id} #(touch /tmp/x)",
    "<action=`touch /tmp/x`>x</action> <raw=3:abc/> <b>bold</b> &amp; &lt; <span foreground='red'>x</span>",
    "{\"full_text\":\"x\"} \"quoted\" back\\slash \\u0041",
    "\u{1B}[31mred\u{1B}[0m \u{1B}]0;title\u{07} nul\u{0} del\u{7F} c1\u{85}\u{9B}31m tab\tcr\rlf\n",
    "bidi \u{202A}\u{202B}\u{202C}\u{202D}\u{202E}txt.exe \u{2066}\u{2067}\u{2068}\u{2069} ls\u{2028}ps\u{2029}\u{200F}",
    "ਸਤਿ ਨਾਮੁ ਕਰਤਾ ਪੁਰਖੁ ॥੧॥ combining e\u{301} 🙏🏽 \u{FEFF}bom",
    String(repeating: "a long line of words, ", count: 300) + "end",
    "",
  ]

  static let colors: [String?] = [nil, "#a6e3a1", "#FF6F4D", "#000000", "#12345g", "red", "${exec x}"]

  /// Entries whose lines take every branch of `LineChoice`: runs alone, a Latin or a
  /// Gurmukhi transliteration, a translation, an ASCII form, no runs at all.
  static func entries(_ text: String, _ index: Int) -> [Entry] {
    let runs = [
      TextRun(text, color: colors[index % colors.count]), TextRun(" · "),
      TextRun("ਠਾਕੁਰ " + text, color: colors[(index + 1) % colors.count], bold: true),
    ]
    return [
      Entry(date: 1, runs: runs, alt: "a"),
      Entry(date: 1, runs: runs, alt: "a", transliteration: LineText("latin " + text, short: "s")),
      Entry(date: 1, runs: runs, alt: "a", transliteration: LineText("ਸਤਿ " + text)),
      Entry(date: 1, runs: runs, alt: "a", translation: LineText(text)),
      Entry(
        date: 1, runs: runs, alt: "a", ascii: [TextRun("sRI")], transliteration: LineText("ਸਤਿ"),
        translation: LineText("translation " + text)),
      Entry(date: 1, runs: [TextRun("ਸਤਿ ਨਾਮੁ")], alt: "a", ascii: [TextRun("siq nwmu")]),
      Entry(date: 1, runs: [], alt: "a"),
    ]
  }

  static var rows: [StackRanking.Row] {
    var rows: [StackRanking.Row] = []
    let forms: [LineForm?] = [nil] + LineForm.allCases
    let scores = [50, 0, -3, Int.max, Int.min, 7]
    for (index, text) in hostile.enumerated() {
      for (number, entry) in entries(text, index).enumerated() {
        var row = StackRanking.Row(name: number == 0 ? text : "m\(index)-\(number)", entry: entry)
        row.score = scores[(index + number) % scores.count]
        row.line = forms[(index + number) % forms.count]
        row.stale = (index + number) % 3 == 0
        row.shown = (index + number) % 4 == 1
        row.held = row.shown && index % 2 == 0
        rows.append(row)
      }
      var missing = StackRanking.Row(name: text, entry: nil)
      missing.missing = index % 2 == 0 ? text : nil
      rows.append(missing)
    }
    return rows
  }

  /// `rows` through the writer, as the emitter gives them: an entry's forms only when the
  /// writer reads them, its runs only when the writer says its line draws them, or (`raw`) written by the caller as the emitter
  /// writes them from the file's bytes (here from the runs themselves: the file's bytes
  /// are `StackLargeBytesTests`').
  static func written(
    _ rows: [StackRanking.Row], stack: String, browsing: String?, shapes: Bool, style: LargeWriter.Style, raw: Bool
  ) -> [UInt8] {
    var writer = LargeWriter(style: style)
    var ranking = StackRanking.Writer(stack: stack, browsing: browsing, shapes: shapes, into: &writer)
    for row in rows {
      guard let entry = row.entry else {
        ranking.missing(name: row.name, why: row.missing, into: &writer)
        continue
      }
      var forms = Entry(date: entry.date, runs: [], alt: "")
      if ranking.readsForms(row.line) {
        forms.transliteration = entry.transliteration
        forms.translation = entry.translation
      }
      if !raw && ranking.drawsRuns(forms, form: row.line) { forms.runs = entry.runs }
      let written = ranking.row(
        name: row.name, entry: forms, score: row.score, form: row.line, stale: row.stale, shown: row.shown,
        held: row.held, into: &writer,
        writeRuns: raw
          ? { writer, color in
            for run in entry.runs { writer.run(run.text, color: color ?? run.color) }
            return true
          } : nil)
      #expect(written)
    }
    return writer.bytes
  }

  @Test(arguments: [OutputFormat.plain, .conky])
  func theWriterGivesTheStringRenderersBytes(_ format: OutputFormat) throws {
    let style = try #require(format.largeStyle)
    let rows = Self.rows
    for shapes in [true, false] {
      for browsing in [nil, "m1, 2 of 3"] + Self.hostile.prefix(6).map(Optional.some) {
        for stack in ["stack", Self.hostile[0], Self.hostile[7]] {
          let oracle = format.largeBytes(
            StackRanking.lines(stack: stack, rows: rows, browsing: browsing, shapes: shapes), options: RenderOptions())
          for raw in [false, true] {
            let bytes = Self.written(rows, stack: stack, browsing: browsing, shapes: shapes, style: style, raw: raw)
            #expect(bytes == oracle, "\(format) shapes \(shapes) raw \(raw) browsing \(browsing ?? "nil")")
          }
        }
      }
    }
  }

  /// Each row on its own (the first line that differs is easier to read than a whole
  /// ranking), and no control byte but the newline left in the output.
  @Test(arguments: [OutputFormat.plain, .conky])
  func eachRowAloneGivesTheOraclesBytes(_ format: OutputFormat) throws {
    let style = try #require(format.largeStyle)
    for row in Self.rows {
      for shapes in [true, false] {
        let oracle = format.largeBytes(
          StackRanking.lines(stack: "s", rows: [row], browsing: nil, shapes: shapes), options: RenderOptions())
        for raw in [false, true] {
          let bytes = Self.written([row], stack: "s", browsing: nil, shapes: shapes, style: style, raw: raw)
          #expect(bytes == oracle, "\(format) \(row.name.prefix(40)) \(String(describing: row.line)) \(shapes) \(raw)")
          #expect(!bytes.contains { ($0 < 0x20 && $0 != 0x0A) || $0 == 0x7F })
        }
      }
    }
  }
}
