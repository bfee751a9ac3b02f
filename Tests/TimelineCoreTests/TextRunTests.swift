import Testing

@testable import TimelineCore

/// A run's colour is `#rrggbb` or nothing: the one check every bar's markup relies on.
@Suite struct TextRunTests {
  @Test func colorsAreExactlySixHexDigits() {
    #expect(TextRun.rgb("#f9c71c") == 0xF9C71C)
    #expect(TextRun.rgb("#F9C71C") == 0xF9C71C)
    #expect(TextRun.rgb("#000000") == 0)
    for bad in ["", "#", "#abc", "f9c71c", "#f9c71c0", "#f9c71g", "#f9c71\u{0}", "##f9c71", "#f9c7 1c", "#ｆ9c71c"] {
      #expect(TextRun.rgb(bad) == nil, "\(bad)")
      #expect(TextRun.validColor(bad) == nil, "\(bad)")
    }
  }

  @Test func validColorsAreLowerCase() {
    #expect(TextRun.validColor("#F9C71C") == "#f9c71c")
    #expect(TextRun.validColor("#aBcDeF") == "#abcdef")
    #expect(TextRun.validColor("#f9c71c") == "#f9c71c")
    #expect(TextRun("x", color: "#ABCDEF").color == "#abcdef")
    #expect(TextRun("x", color: "red").color == nil)
    #expect(TextRun("a", color: "#ff00aa}%{A1:x:}").color == nil)
    #expect(TextRun("a", color: "#fff").color == nil)
  }
}
