import EmitTestSupport
import Testing
import TimelineCore

@testable import Emitters

@Suite struct PlainEmitterTests {
  @Test(arguments: GoldenCase.shown)
  func goldenCaseSyntax(_ golden: GoldenCase) {
    let line = PlainEmitter.render(golden.input, options: golden.options)
    #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || (0x80..<0xA0).contains($0.value) })
  }

  @Test func hostileContentIsKeptVerbatim() {
    for text in ["%{A1:touch /tmp/x:}x%{A}", "#(cmd) #[fg=red] ## #{pane_id}", "a & <b> </span>", "\"q\" \\"] {
      #expect(
        PlainEmitter.render(RenderInput(widget: "w", entry: Caches.entry(text)), options: RenderOptions()) == text)
    }
  }

  @Test func controlsBecomeSpacesOrVanish() {
    let input = RenderInput(widget: "w", entry: Caches.entry("a\nb\tc\u{1}d\u{7F}e\u{2028}f"))
    #expect(PlainEmitter.render(input, options: RenderOptions()) == "a b cde f")
  }

  @Test func invalidUTF8IsRepairedByTheReader() {
    let text = PlainEmitter.render(RenderInput(widget: "w", entry: InvalidUTF8.entry), options: RenderOptions())
    #expect(text.hasPrefix("ok \u{FFFD}"))
    #expect(text.hasSuffix(" end"))
    #expect(text.contains("\u{0A38}"))
  }
}
