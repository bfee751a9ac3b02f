import EmitRuntime
import Foundation
import Testing
import TimelineCore
import TimelineTestSupport

@testable import Emitters

/// Issue 13, findings 6 and 10: content a command may print (up to 5 MB) is capped before
/// any bar sees it, the sihari reordering is one pass, and bidirectional controls never
/// reach a bar. Speed itself is measured by bench/hostile.py, not here.
@Suite struct HostileContentTests {
  static let bidi: [Unicode.Scalar] = [
    "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
  ]

  @Test func bidiControlsAreRemovedInEveryFormat() throws {
    for control in Self.bidi {
      let text = "safe\(control)txt.exe"
      #expect(CleanText.barLine(text) == "safetxt.exe", "U+\(String(control.value, radix: 16))")
      let input = RenderInput(
        widget: "w", entry: Entry(date: 0, runs: [TextRun(text)], short: text, tooltip: [text], alt: text))
      for format in OutputFormat.allCases {
        let line = EmitPipeline.line([input], format: format, options: RenderOptions())
        #expect(
          !line.unicodeScalars.contains(control), "\(format) keeps U+\(String(control.value, radix: 16)): \(line)")
      }
    }
    // Marks that are not controls stay: right-to-left text itself is fine.
    #expect(CleanText.barLine("\u{200F}שלום") == "\u{200F}שלום")
  }

  @Test func tensOfThousandsOfClassesAreCapped() throws {
    let entry = Entry(date: 0, runs: [TextRun("x")], alt: "a", classes: (0..<40_000).map { "c\($0)" }, level: 5)
    let input = RenderInput(widget: "w", kind: "command", entry: entry, isStale: true)
    let classes = input.classes
    #expect(classes.count == RenderInput.maxEntryClasses + 4)
    #expect(Array(classes.prefix(3)) == ["command", "c0", "c1"])
    // The state classes come after the cap, so a style sheet still sees them.
    #expect(classes.suffix(3) == ["level-5", "stale", "urgent"])
  }

  @Test func manyRunsAndLongTextAreCappedForEveryBar() throws {
    let runs = (0..<100_000).map {
      TextRun("r\($0) ", color: "#ff" + String(String(0x1_0000 + $0 % 65_536, radix: 16).dropFirst()))
    }
    let long = String(repeating: "ਕਿ", count: 400_000)
    for entry in [
      Entry(date: 0, runs: runs, alt: "a"), Entry(date: 0, runs: [TextRun(long)], tooltip: [long, long], alt: long),
    ] {
      let input = RenderInput(widget: "w", entry: entry)
      let prepared = PreparedText(input, options: RenderOptions(), format: .polybar)
      #expect(prepared.runs.count <= Caps.runs)
      #expect(prepared.runs.plainText.utf8.count <= Caps.textBytes)
      #expect(input.alt.utf8.count <= Caps.altBytes)
      #expect(input.tooltipLines(truncated: false).allSatisfy { $0.utf8.count <= Caps.tooltipLineBytes })
      for format in OutputFormat.allCases {
        let line = EmitPipeline.line([input], format: format, options: RenderOptions())
        #expect(line.utf8.count < 100_000, "\(format): \(line.utf8.count) bytes")
      }
    }
    // The cut is at a scalar: a Gurmukhi text cut anywhere is still valid text of pairs.
    let cut = Caps.prefix(long, bytes: 4096)
    #expect(cut.utf8.count == 4095 && long.utf8.starts(with: cut.utf8))
  }

  /// The one-pass reordering agrees with the rule as first written (remove each sihari and
  /// reinsert it before its cluster, in place), on random Gurmukhi-heavy text.
  @Test func onePassSihariAgreesWithTheInPlaceRule() {
    let alphabet: [Unicode.Scalar] = ["ਕ", "ਸ", "ਰ", "\u{0A3F}", "\u{0A3F}", "\u{0A4D}", "\u{0A3C}", "ਾ", " ", "x"]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2000 {
      var view = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0...24, using: &generator) { view.append(alphabet.randomElement(using: &generator)!) }
      let text = String(view)
      #expect(
        Gurmukhi.visualOrder(text) == Self.inPlace(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }
  }

  /// The reference: the in-place rule, quadratic but obviously right.
  static func inPlace(_ text: String) -> String {
    var scalars = Array(text.unicodeScalars)
    for index in scalars.indices where scalars[index] == Gurmukhi.sihari {
      guard let start = Gurmukhi.clusterStart(scalars, before: index) else { continue }
      scalars.remove(at: index)
      scalars.insert(Gurmukhi.sihari, at: start)
    }
    var view = String.UnicodeScalarView()
    view.append(contentsOf: scalars)
    return String(view)
  }
}
