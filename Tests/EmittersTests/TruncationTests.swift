import Testing
import TimelineCore

@testable import Emitters

@Suite struct TruncationTests {
  func cut(_ text: String, _ width: Int) -> String {
    Truncation.truncate([TextRun(text)], maxWidth: width).runs.plainText
  }

  @Test func fitsUnchanged() {
    #expect(cut("hello", 5) == "hello")
    #expect(Truncation.truncate([TextRun("hello")], maxWidth: 5).truncated == false)
  }

  @Test func prefersWordBoundary() {
    #expect(cut("hello brave new world", 12) == "hello brave…")
    #expect(cut("hello brave new world", 14) == "hello brave…")
    // No space in the first half: cut inside the word rather than lose most of the room.
    #expect(cut("supercalifragilistic word", 10) == "supercali…")
  }

  @Test func widthOneIsJustTheEllipsis() {
    #expect(cut("hello", 1) == "…")
  }

  @Test func widths() {
    #expect(Truncation.displayWidth("abc") == 3)
    #expect(Truncation.displayWidth("日本") == 4)
    #expect(Truncation.displayWidth("👨‍👩‍👧") == 2)
    #expect(Truncation.displayWidth("❤️") == 2)
    #expect(Truncation.displayWidth("🇳🇴") == 2)
    #expect(Truncation.displayWidth("e\u{301}") == 1)
    #expect(Truncation.displayWidth("ਮੁ") == 1)  // U+0A41 is a non-spacing mark
  }

  @Test func neverSplitsEmojiOrWide() {
    #expect(cut("👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧", 4) == "👨‍👩‍👧…")
    #expect(cut("日本語テキスト", 6) == "日本…")
  }

  @Test func keepsGurmukhiViramaConjunctsWhole() {
    // ਪ੍ਰ is one unit although Swift splits it into two Characters.
    #expect(Array("ਪ੍ਰ").count == 2)
    #expect(Truncation.clusters("ਪ੍ਰਿ").count == 1)
    for width in 1...12 {
      let result = cut("ਅੰਮ੍ਰਿਤ ਪ੍ਰਭ ਕ੍ਰਿਪਾ", width)
      #expect(!result.unicodeScalars.contains { $0 == "\u{0A4D}" } || !result.hasSuffix("\u{0A4D}…"))
      let body = result.dropLast()
      #expect(body.unicodeScalars.last != "\u{0A4D}", "cut after a virama at width \(width): \(result)")
      #expect(Truncation.displayWidth(result) <= width)
    }
  }

  @Test func vowelSignsStayWithConsonant() {
    // ਸਤਿ: ਿ must never be separated from ਤ.
    #expect(cut("ਸਤਿ ਨਾਮੁ", 3) == "ਸ…")
    #expect(cut("ਸਤਿ ਨਾਮੁ", 4) == "ਸਤਿ…")
  }

  @Test func truncatesAcrossRunsKeepingStyles() {
    let runs = [TextRun("red ", color: "#ff0000"), TextRun("bold text here", bold: true)]
    let result = Truncation.truncate(runs, maxWidth: 10).runs
    #expect(result == [TextRun("red ", color: "#ff0000"), TextRun("bold…", bold: true)])
  }

  @Test func cutBeforeTheFirstRunKeepsItsStyle() {
    let result = Truncation.truncate([TextRun("日本語", color: "#00ff00")], maxWidth: 2).runs
    #expect(result == [TextRun("…", color: "#00ff00")])
  }
}
