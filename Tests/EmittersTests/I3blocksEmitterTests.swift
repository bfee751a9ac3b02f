import EmitTestSupport
import Testing
import TimelineCore

@testable import Emitters

@Suite struct I3blocksEmitterTests {
  /// Reads the line as Pango would: only the emitter's own tags may appear, the entities
  /// decode; returns the text, or nil at anything else that is markup.
  static func decode(_ line: String) -> String? {
    var out = ""
    var rest = Substring(line)
    let entities = ["&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": "\"", "&#39;": "'"]
    while let first = rest.first {
      if first == "<" {
        guard let close = rest.firstIndex(of: ">") else { return nil }
        let tag = rest[...close]
        let own =
          tag == "</span>" || tag == "<b>" || tag == "</b>"
          || tag.wholeMatch(of: /<span foreground="#[0-9a-f]{6}"( background="#[0-9a-f]{6}")?>/) != nil
        guard own else { return nil }
        rest = rest[rest.index(after: close)...]
      } else if first == "&" {
        guard let entity = entities.first(where: { rest.hasPrefix($0.key) }) else { return nil }
        out += entity.value
        rest = rest.dropFirst(entity.key.count)
      } else if first == ">" || first == "\"" {
        return nil
      } else {
        out.append(first)
        rest = rest.dropFirst()
      }
    }
    return out
  }

  @Test(arguments: GoldenCase.shown)
  func golden(_ golden: GoldenCase) {
    let line = I3blocksEmitter.render(golden.input, options: golden.options)
    Golden.check(line, bar: "i3blocks", name: golden.name)
    #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    #expect(Self.decode(line) == expectedText(golden, order: .logical), "\(line)")
  }

  @Test func coloursRunsAndDimsStaleText() {
    let entry = Entry(
      date: 0,
      runs: [TextRun("Tromsø "), TextRun("5", color: "#000000"), TextRun(" ok", color: "#ff9900", bold: true)],
      alt: "level-5", level: 5)
    #expect(
      I3blocksEmitter.render(RenderInput(widget: "w", entry: entry), options: RenderOptions())
        == "Tromsø <span foreground=\"#ffffff\" background=\"#000000\">5</span>"
        + "<span foreground=\"#ff9900\"><b> ok</b></span>")
    #expect(
      I3blocksEmitter.render(RenderInput(widget: "w", entry: entry, isStale: true), options: RenderOptions())
        == "<span foreground=\"#9aa5b1\">Tromsø 5<b> ok</b></span>")
  }
}
