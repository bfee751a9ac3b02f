import EmitTestSupport
import Testing

@testable import Emitters
@testable import TimelineCore

@Suite struct TmuxEmitterTests {
  /// What tmux 3.3a shows for a `#()` job's output: a format expansion, then the status
  /// line's drawing (see TmuxEmitter). Only our own styles are allowed; nil if content
  /// could have reached a format, a style or a command.
  static func displayed(_ line: String) -> String? {
    guard let expanded = expand(Array(line)) else { return nil }
    return draw(expanded + Array("#[pop-default]"))
  }

  private static func expand(_ chars: [Character]) -> [Character]? {
    var out: [Character] = []
    var at = 0
    while at < chars.count {
      guard chars[at] == "#" else {
        out.append(chars[at])
        at += 1
        continue
      }
      var end = at
      while end < chars.count && chars[end] == "#" { end += 1 }
      if end < chars.count && chars[end] == "[" {
        out += chars[at...end]
        at = end + 1
        continue
      }
      let count = end - at
      out += Array(repeating: "#", count: count / 2)
      at = end
      if count % 2 == 1 {
        guard at < chars.count else { return out + ["#"] }
        switch chars[at] {
        case "{", "(": return nil
        case ",", "}": out.append(chars[at])
        default: out += ["#", chars[at]]
        }
        at += 1
      }
    }
    return out
  }

  private static func draw(_ chars: [Character]) -> String? {
    var out = ""
    var at = 0
    while at < chars.count {
      guard chars[at] == "#" else {
        out.append(chars[at])
        at += 1
        continue
      }
      var end = at
      while end < chars.count && chars[end] == "#" { end += 1 }
      let count = end - at
      guard end < chars.count && chars[end] == "[" else {
        out += String(repeating: "#", count: (count + 1) / 2)
        at = end
        continue
      }
      out += String(repeating: "#", count: count / 2)
      if count % 2 == 0 {
        out.append("[")
        at = end + 1
        continue
      }
      guard let close = chars[end...].firstIndex(of: "]") else { return nil }
      for item in String(chars[(end + 1)..<close]).split(separator: ",") {
        let ok =
          ["default", "push-default", "pop-default", "bold", "dim"].contains(item)
          || ((item.hasPrefix("fg=") || item.hasPrefix("bg=")) && TextRun.validColor(String(item.dropFirst(3))) != nil)
        if !ok { return nil }
      }
      at = close + 1
    }
    return out
  }

  @Test(arguments: GoldenCase.shown)
  func goldenCaseSyntax(_ golden: GoldenCase) {
    let line = TmuxEmitter.render(golden.input, options: golden.options)
    #expect(Self.displayed(line) == expectedText(golden, order: .logical), "line: \(line)")
    #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
  }

  @Test func escapesHashesForBothExpansions() {
    let input = RenderInput(widget: "w", entry: Caches.entry("#(cmd) #[fg=red] ## #{pane_id} #"))
    #expect(TmuxEmitter.render(input, options: RenderOptions()) == "####(cmd) ##[fg=red] ######## ####{pane_id} ####")
    let styled = RenderInput(
      widget: "w", entry: Entry(date: 0, runs: [TextRun("x#", color: "#ff0000"), TextRun("#[y")], alt: "a"))
    #expect(
      TmuxEmitter.render(styled, options: RenderOptions())
        == "#[push-default]#[fg=#ff0000]x###[default]##[y#[pop-default]")
  }

  @Test(arguments: ["#", "##", "###[", "a#b", "#[fg=red]x#[default]", "#{?1,a,b}", "#,#}#]", "x##", "[#]"])
  func everyHashPatternShowsLiterally(_ text: String) {
    for color in [nil, "#ff6f4d", "#123456"] {
      let input = RenderInput(
        widget: "w", entry: Entry(date: 0, runs: [TextRun(text, color: color), TextRun(text)], alt: "a"))
      #expect(Self.displayed(TmuxEmitter.render(input, options: RenderOptions())) == text + text)
    }
  }

  @Test func stylesAndStale() {
    var input = RenderInput(
      widget: "w", entry: Entry(date: 0, runs: [TextRun("a", color: "#FF0000", bold: true), TextRun("b")], alt: "x"))
    // The surrounding style becomes the default each run returns to, and is the default
    // again after the widget (checked in the real tmux by TmuxStyleTests).
    #expect(
      TmuxEmitter.render(input, options: RenderOptions())
        == "#[push-default]#[fg=#ff0000,bold]a#[default]b#[pop-default]")
    input.isStale = true
    #expect(
      TmuxEmitter.render(input, options: RenderOptions())
        == "#[push-default]#[dim,bold]a#[default]#[dim]b#[default]#[pop-default]")
    input.isStale = false
    input.isPlaceholder = true
    #expect(
      TmuxEmitter.render(input, options: RenderOptions())
        == "#[push-default]#[dim]a#[default]#[dim]b#[default]#[pop-default]")
    // Unstyled text carries no markup at all.
    #expect(
      TmuxEmitter.render(RenderInput(widget: "w", entry: Caches.entry("plain")), options: RenderOptions()) == "plain")
  }

  @Test func levelFiveIsABadge() {
    let input = RenderInput(
      widget: "w",
      entry: Entry(date: 0, runs: [TextRun("Lyngen 5", color: "#000000", bold: true)], alt: "level-5", level: 5))
    #expect(
      TmuxEmitter.render(input, options: RenderOptions())
        == "#[push-default]#[fg=#ffffff,bg=#000000,bold]Lyngen 5#[default]#[pop-default]")
  }
}
