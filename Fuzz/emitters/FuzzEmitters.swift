// libFuzzer target: every emitter's escaping and truncation (Emitters).
// The input is split on 0xFF (never part of UTF-8) into a header and text fields, which
// become a RenderInput; each format's output is then checked against its bar's rules:
// one line; waybar and i3bar valid JSON; Pango text with only our own tags and entities;
// polybar with no `%{` outside our own tags; tmux with every content `#` doubled; and the
// text no wider than --max-width.
import Foundation
import MarkupOracle
import TimelineCore

@testable import Emitters

private let palette: [String?] = [nil, "#ff9900", "#FFFFFF", "red", "#12345", "#zzzzzz", "#a1b2c3\"", "#00ff00"]

private func fields(_ bytes: UnsafeBufferPointer<UInt8>) -> [String] {
  bytes.split(separator: 0xFF, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
}

private func input(_ data: UnsafeBufferPointer<UInt8>) -> (RenderInput, RenderOptions) {
  let header0 = data.count > 0 ? data[0] : 0
  let header1 = data.count > 1 ? data[1] : 0
  let rest = UnsafeBufferPointer(rebasing: data[min(2, data.count)...])
  var parts = fields(rest)
  func next() -> String? { parts.isEmpty ? nil : parts.removeFirst() }
  // Invalid UTF-8 decodes to U+FFFD, which splits the first field into runs (and the
  // tooltip field into lines); a run's first scalar chooses its style.
  let runsField = next() ?? ""
  var runs: [TextRun] = []
  for (index, piece) in runsField.split(separator: "\u{FFFD}", omittingEmptySubsequences: false).enumerated() {
    let style = Int(piece.unicodeScalars.first?.value ?? 0)
    runs.append(TextRun(String(piece), color: palette[(style + index) % palette.count], bold: style & 1 == 1))
  }
  let tooltip = (next() ?? "").split(separator: "\u{FFFD}", omittingEmptySubsequences: false).map(String.init)
  let alt = next() ?? ""
  let classes = (next() ?? "").split(separator: " ").map(String.init)
  let short = next()
  _ = next()  // was the stale tooltip's last error; kept so the corpus keeps its meaning
  // A name from argv reaches an emitter checked (`EmitRequest.names`): nil when it breaks the rule.
  let widget = WidgetName(next() ?? "w")
  // The line forms: the ASCII (GurbaniAkhar) runs, split like the main runs, then the
  // transliteration and translation; a last field's first scalar picks `--line`, the
  // widget's `line` and the polybar font index (from the option or the cache).
  let ascii = (next() ?? "").split(separator: "\u{FFFD}", omittingEmptySubsequences: false).enumerated().map {
    TextRun(String($1), color: palette[($0 * 3) % palette.count])
  }
  let translit = next()
  let transl = next()
  let pick = Int(next()?.unicodeScalars.first?.value ?? 0)
  let forms: [LineForm?] = [nil, .gurmukhi, .transliteration, .translation]
  let entry = Entry(
    date: 0, relevance: Relevance(Int(header1 & 0x0F) * 10), runs: runs, short: short, tooltip: tooltip, alt: alt,
    classes: classes, level: header0 & 0x80 != 0 ? Int(header1 >> 4) - 4 : nil,
    ascii: ascii.count == 1 && ascii[0].text.isEmpty ? [] : ascii,
    transliteration: translit.map { LineText($0, short: pick & 0x40 != 0 ? String($0.prefix(5)) : nil) },
    translation: transl.map { LineText($0) })
  let font = pick & 0x30 == 0 ? nil : 1 + (pick >> 7) % 99
  let state = RenderInput(
    widget: widget, kind: header0 & 0x40 != 0 ? alt : nil, entry: entry, isPlaceholder: header0 & 1 == 1,
    isStale: header0 & 2 == 2, line: forms[(pick >> 2) & 3], polybarFont: pick & 0x20 != 0 ? font : nil)
  let width = Int(header1)
  let options = RenderOptions(
    maxWidth: header0 & 4 == 4 ? max(1, width) : nil, click: header0 & 8 == 8,
    gurmukhi: header0 & 0x30 == 0 ? nil : (header0 & 0x10 != 0 ? .visual : .logical), line: forms[pick & 3],
    gurmukhiFont: pick & 0x10 != 0 ? font : nil)
  return (state, options)
}

private func check(_ ok: Bool, _ what: String, _ output: String) {
  if !ok { fatalError("\(what): \(output.debugDescription)") }
}

private func oneLine(_ output: String, _ format: String) {
  check(
    !output.unicodeScalars.contains { $0 == "\n" || $0 == "\r" || $0.value == 0x2028 || $0.value == 0x2029 },
    "\(format): not one line", output)
}

/// Pango markup holds no tag or entity but ours (`BarMarkup`, the tests' oracle too).
private func checkPango(_ markup: String, allowTags: Bool) {
  check(BarMarkup.pangoText(markup, allowTags: allowTags) != nil, "pango: markup that is not ours", markup)
}

private func json(_ line: String, _ format: String) -> [String: Any] {
  guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
    fatalError("\(format): not a JSON object: \(line.debugDescription)")
  }
  return object
}

/// One fuzz input: `size` bytes at `data` (nil when empty); returns 0, as libFuzzer expects.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let (state, options) = input(UnsafeBufferPointer(start: data, count: size))

  let waybar = String(decoding: WaybarEmitter.bytes(state, options: options), as: UTF8.self)
  oneLine(waybar, "waybar")
  let object = json(waybar, "waybar")
  check(Set(object.keys) == ["text", "alt", "tooltip", "class", "percentage"], "waybar: keys", waybar)
  checkPango(object["text"] as? String ?? "<missing>", allowTags: true)
  checkPango(object["tooltip"] as? String ?? "<missing>", allowTags: false)
  checkPango(object["alt"] as? String ?? "<missing>", allowTags: false)
  for name in object["class"] as? [String] ?? [] {
    check(
      !name.isEmpty && name.utf8.allSatisfy { (97...122).contains($0) || (48...57).contains($0) || $0 == 45 },
      "waybar: class", waybar)
  }

  let i3bar = I3barEmitter.render(state, options: options)
  oneLine(i3bar, "i3bar")
  let block = json(i3bar, "i3bar")
  check(block["markup"] as? String == "pango", "i3bar: markup", i3bar)
  checkPango(block["full_text"] as? String ?? "<missing>", allowTags: true)
  checkPango(block["short_text"] as? String ?? "<missing>", allowTags: false)
  oneLine(I3barEmitter.renderLine([state, state], options: options), "i3bar line")

  let polybar = String(decoding: PolybarEmitter.bytes(state, options: options), as: UTF8.self)
  oneLine(polybar, "polybar")
  check(BarMarkup.polybarIsOurs(polybar, click: options.click), "polybar: a %{ that is not our tag", polybar)
  // The ASCII form in the GurbaniAkhar font loses no letter: without our own tags the
  // line is exactly the (sanitised) ASCII text.
  let choice = LineChoice(state, options: options, traits: OutputFormat.polybar.traits)
  if choice.asciiFont != nil && options.maxWidth == nil && !options.click {
    let content = BarMarkup.polybarWithoutOwnTags(polybar)
    check(
      content == CleanText.barLine(choice.runs.plainText), "polybar: the ASCII form lost or gained a letter", polybar)
  }

  let tmux = String(decoding: TmuxEmitter.bytes(state, options: options), as: UTF8.self)
  oneLine(tmux, "tmux")
  check(BarMarkup.tmuxIsOurs(tmux), "tmux: a # that is neither ## nor our style", tmux)

  // Every format of the registry, a new one included: one line of valid UTF-8.
  for format in OutputFormat.allCases {
    let bytes = format.bytes(state, options: options)
    check(String(validating: bytes, as: UTF8.self) != nil, "\(format.name): not UTF-8", format.name)
    oneLine(String(decoding: bytes, as: UTF8.self), format.name)
  }

  let plain = String(decoding: PlainEmitter.bytes(state, options: options), as: UTF8.self)
  oneLine(plain, "plain")
  if let width = options.maxWidth {
    check(Truncation.displayWidth(plain) <= width, "plain: wider than --max-width \(width)", plain)
  }
  return 0
}
