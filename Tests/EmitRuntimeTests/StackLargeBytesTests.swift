import EmitTestSupport
import Foundation
import Testing
import TimelineCache
import TimelineCore
import TimelineTestSupport

@testable import EmitRuntime
@testable import Emitters

/// A stack's large form as the emitter writes it (the member from its file's bytes, the
/// ranking row by row, members' runs straight from their files) against the String form
/// (`StackLarge.lines`, then the format's renderer), kept as the oracle: the same bytes for
/// members whose lines carry hostile text, hand-written escapes and colours, and text the
/// byte path does not take (invalid UTF-8), which must still give the oracle's output.
@Suite struct StackLargeBytesTests {
  /// Text every bar must show literally, and the controls the text policy acts on.
  static let hostile: [String] = [
    "${exec touch /tmp/x} $$ $ # \\# %{A:touch /tmp/x:}x%{A} #[fg=red]x <b>x</b> &amp; <action=`x`>",
    "\u{1B}[31mred\u{1B}[0m \u{1B}]0;t\u{07} nul\u{0} del\u{7F} c1\u{85}\u{9B}31m tab\tcr\rlf\n",
    "bidi \u{202A}\u{202B}\u{202C}\u{202D}\u{202E}txt.exe \u{2066}\u{2069} ls\u{2028}ps\u{2029}\u{200F}",
    "ਸਤਿ ਨਾਮੁ ॥੧॥ e\u{301} 🙏🏽 \u{FEFF}bom \"quoted\" back\\slash",
    String(repeating: "a long line of words, ", count: 200) + "end",
  ]
  /// Room in every entry line that an edit of another field gives or takes, so the lines
  /// keep their lengths (the meta line's `entryBytes`) and the member is still read in part.
  static let filler = String(repeating: "Z", count: 64)
  static let start: Int64 = 1_000

  static func runs(_ index: Int) -> [TextRun] {
    let colors: [String?] = ["#a6e3a1", nil, "#FF6F4D", "#000000", "#f9c71c"]
    return hostile.enumerated().map { number, text in
      TextRun(text, color: colors[(index + number) % colors.count], bold: number % 2 == 0)
    } + [TextRun("PLACE", color: "#a6e3a1"), TextRun(filler)]
  }

  /// Members of every line form: runs alone, Gurmukhi with a transliteration, a translation
  /// form, and a stale member (dimmed rows); each entry line has `PLACE` to edit.
  static func members() -> [Timeline] {
    func entries(_ index: Int, _ forms: (Entry) -> Entry = { $0 }) -> [Entry] {
      (0..<3).map { day in
        forms(
          Entry(
            date: start + Int64(day) * 100, relevance: Relevance(10 * (index + 1) + day), runs: runs(index + day),
            tooltip: [hostile[day]], alt: "a"))
      }
    }
    var command = Caches.timeline("cmd", kind: "command", entries: entries(0))
    command.policy = .never
    let shabad = Caches.timeline(
      "shabad", kind: "hukamnama",
      entries: entries(1) { entry in
        var entry = entry
        entry.transliteration = LineText("latin " + hostile[0])
        return entry
      })
    var translated = Caches.timeline(
      "trans", kind: "random-shabad",
      entries: entries(2) { entry in
        var entry = entry
        entry.translation = LineText(hostile[2])
        return entry
      })
    translated.line = .translation
    var stale = Caches.timeline("late", kind: "avalanche", entries: entries(3), grace: 0)
    stale.policy = .after(start)
    return [command, shabad, translated, stale]
  }

  /// Edits of `PLACE`, its colour and the filler after them in every entry line, made to
  /// the same length with the filler: escapes the writer decodes, colours in other
  /// spellings, values that are not strings, and bytes that are not UTF-8.
  static let edits: [(name: String, to: [UInt8])] = [
    ("none", []),
    ("escapes", Array(##""t":"\u0041\ud800\u202e\u001b\/\"\\x","c":"#a6e3a1"},{"t":""##.utf8)),
    ("upper colour", Array(##""t":"PLACE","c":"#A6E3A1"},{"t":""##.utf8)),
    ("escaped colour", Array(##""t":"PLACE","c":"\u0023a6e3a1"},{"t":""##.utf8)),
    ("bad colour", Array(##""t":"PLACE","c":"${exec x}"},{"t":""##.utf8)),
    ("number text", Array(##""t":1234567,"c":"#a6e3a1"},{"t":""##.utf8)),
    ("number colour", Array(##""t":"PLACE","c":123456},{"t":""##.utf8)),
    ("invalid UTF-8", Array(##""t":"A"##.utf8) + [0xFF, 0xC3, 0x28] + Array(##"B","c":"#a6e3a1"},{"t":""##.utf8)),
  ]
  static let edited = Array(##""t":"PLACE","c":"#a6e3a1"},{"t":""##.utf8) + Array(filler.utf8)

  static func edit(_ data: [UInt8], _ from: [UInt8], _ to: [UInt8]) -> [UInt8] {
    guard !from.isEmpty else { return data }
    var out: [UInt8] = []
    var at = 0
    while at < data.count {
      if at + from.count <= data.count && Array(data[at..<at + from.count]) == from {
        out += to
        at += from.count
      } else {
        out.append(data[at])
        at += 1
      }
    }
    return out
  }

  /// A member's file with an edit made: its widget, its path, its bytes before and after.
  struct EditedFile {
    var widget: String
    var path: String
    var original: [UInt8]
    var edited: [UInt8]
  }

  /// The members written to a new store, each file with edit `index` made (to the same
  /// length, with the filler): the edit's name, the directory, the store and the files.
  static func editedStore(_ index: Int) throws -> (name: String, dir: TempDir, store: CacheStore, files: [EditedFile]) {
    let from = edits[index].to.isEmpty ? [] : edited
    let to = edits[index].to + [UInt8](repeating: UInt8(ascii: "Z"), count: from.count - edits[index].to.count)
    let dir = try TempDir()
    let store = CacheStore(directory: dir.path)
    var files: [EditedFile] = []
    for member in members() {
      try store.write(member)
      let path = store.path(for: member.widget)
      let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
      let changed = edit(original, from, to)
      try Data(changed).write(to: URL(fileURLWithPath: path))
      files.append(EditedFile(widget: member.widget.text, path: path, original: original, edited: changed))
    }
    return (edits[index].name, dir, store, files)
  }

  @Test(arguments: edits.indices)
  func theEmittersBytesAreTheStringForms(_ index: Int) throws {
    let (name, dir, store, files) = try Self.editedStore(index)
    var names: [String] = []
    for file in files {
      #expect(Self.edits[index].to.isEmpty || file.edited != file.original, "\(name)")
      // Same lengths: the member is still read in part, where the runs go out as bytes.
      let read = CacheReader.member(path: file.path, at: Self.start + 150, keepParsed: false, tooltip: false)
      #expect(read.readInPart, "\(name) \(file.widget)")
      names.append(file.widget)
    }
    var stack = Caches.timeline("s", kind: StackRule.kind, entries: [])
    stack.members = names + ["absent"]
    try store.write(stack)
    for now in [Self.start - 1, Self.start, Self.start + 150, Self.start + 250, Self.start + 5000] {
      for format in [OutputFormat.plain, .conky] {
        let large = EmitPipeline.large(widget: "s", directory: dir.path, now: now, format: format, options: .init())
        let lines = StackLarge.lines(
          stack: "s", directory: dir.path, now: now, browse: nil, shapes: format.traits.shapesComplexScripts)
        let oracle = try #require(lines.flatMap { format.largeBytes($0, options: RenderOptions()) })
        #expect(large?.bytes == oracle, "\(name) \(format) at \(now)")
      }
    }
  }

  /// Styles that show colours: conky's, which leaves out lines of Gurmukhi script, and one
  /// that keeps every line.
  static let colouring = [
    ConkyEmitter.largeStyle,
    LargeWriter.Style(escaped: (0x24, 0), replacements: ("$$", ""), colorStart: { "<\($0)>" }, colorEnd: "</>"),
  ]

  /// A member's runs written from its file's bytes (`MemberView.writeRuns`) are the runs
  /// it decodes written as Strings, in their own colours or in the one given, for a style
  /// that shows colours; only text that is not UTF-8 is refused.
  @Test(arguments: edits.indices)
  func aMembersRunsFromItsBytesAreItsDecodedRuns(_ index: Int) throws {
    let (name, dir, _, files) = try Self.editedStore(index)
    // The directory lives to the end of the test.
    defer { withExtendedLifetime(dir) {} }
    for file in files {
      for now in [Self.start, Self.start + 150, Self.start + 250] {
        let read = CacheReader.member(path: file.path, at: now, keepParsed: false, tooltip: false)
        let runs = try #require(read.lineEntry(forms: true) { _ in true }?.runs)
        for color in [nil, Palette.dim] {
          for style in Self.colouring {
            var bytes = LargeWriter(style: style)
            bytes.beginLine()
            let written = read.writeRuns(into: &bytes, color: color)
            bytes.endLine()
            var strings = LargeWriter(style: style)
            strings.beginLine()
            for run in runs { strings.run(run.text, color: color ?? run.color) }
            strings.endLine()
            #expect(written == (name != "invalid UTF-8"), "\(name) \(file.widget)")
            if written { #expect(bytes.bytes == strings.bytes, "\(name) \(file.widget) at \(now)") }
          }
        }
      }
    }
  }

  /// One entry written with each member's line in turn (`lineEntry(into:forms:drawsRuns:)`,
  /// as the ranking's rows reuse it) holds each time what a new entry for that member alone
  /// holds: nothing of the member before stays, whichever order and reading the rows take.
  @Test(arguments: edits.indices)
  func aRowsEntryKeepsNothingOfTheRowBefore(_ index: Int) throws {
    let (name, dir, _, files) = try Self.editedStore(index)
    defer { withExtendedLifetime(dir) {} }
    for now in [Self.start, Self.start + 150, Self.start + 250] {
      let reads = files.map { CacheReader.member(path: $0.path, at: now, keepParsed: false, tooltip: false) }
      for order in [Array(reads.indices), reads.indices.reversed(), [1, 0, 2, 1, 3, 2, 0, 3]] {
        var shared = Entry(date: 0, runs: [], alt: "")
        for (step, member) in order.enumerated() {
          let forms = step % 3 != 1
          let runs = step % 2 == 0
          let alone = try #require(reads[member].lineEntry(forms: forms) { _ in runs })
          #expect(reads[member].lineEntry(into: &shared, forms: forms) { _ in runs }, "\(name)")
          #expect(shared == alone, "\(name) \(files[member].widget) after \(order.prefix(step)) at \(now)")
        }
      }
    }
  }

  /// The large form of every stack file that is not plain: cut short, its meta line or an
  /// entry line damaged, entries of its own. The stack's file is read once (its view from
  /// the read that found it is a stack); each gives what the pipeline gave before: the
  /// String form, the entries' large form, or the one-line placeholder.
  @Test func damagedStackFilesGiveThePipelinesOutput() throws {
    let dir = try TempDir()
    let store = CacheStore(directory: dir.path)
    for member in Self.members() { try store.write(member) }
    var stack = Caches.timeline("s", kind: StackRule.kind, entries: [])
    stack.members = Self.members().map(\.widget.text)
    var owning = Caches.timeline(
      "s", kind: StackRule.kind, entries: [Caches.entry("a stack's own entry " + Self.hostile[0], at: Self.start)])
    owning.members = stack.members
    let path = store.path(for: "s")
    let cuts: [(String, Timeline, ([UInt8]) -> [UInt8])] = [
      ("whole", stack, { $0 }),
      ("cut short", stack, { Array($0.dropLast(3)) }),
      ("meta damaged", stack, { Self.edit($0, Array(#""members":["#.utf8), Array(#""members":{"#.utf8)) }),
      ("entries damaged", stack, { Self.edit($0, Array(#""entries":["#.utf8), Array(#""entries":{"#.utf8)) }),
      ("own entries", owning, { $0 }),
      ("own entry damaged", owning, { Self.edit($0, Array(#"{"date":"#.utf8), Array(#"{"dat":"#.utf8)) }),
    ]
    for (name, timeline, cut) in cuts {
      try store.write(timeline)
      let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
      try Data(cut(original)).write(to: URL(fileURLWithPath: path))
      for now in [Self.start - 1, Self.start + 150] {
        var writer: LargeWriter?
        var read: CacheView?
        _ = CacheReader.largeBytes(
          path: path, at: now, following: { _ in false }, style: PlainEmitter.largeStyle, into: &writer, stack: &read)
        let view = CacheReader.view(path: path, at: now, tooltip: false, stackPlaceholder: false)
        if let read {
          #expect(read.meta?.members == view.meta?.members && read.meta?.kind == view.meta?.kind, "\(name)")
          #expect(read.error?.description == view.error?.description, "\(name)")
          #expect(read.current?.date == view.current?.date && read.nextDate == view.nextDate, "\(name)")
        }
        for format in [OutputFormat.plain, .conky] {
          let large = EmitPipeline.large(widget: "s", directory: dir.path, now: now, format: format, options: .init())
          #expect(large?.bytes == Self.oracle(dir.path, at: now, format: format), "\(name) \(format) at \(now)")
        }
      }
    }
  }

  /// What the pipeline gave before the stack's byte path: a file's entries in their large
  /// form, else a stack's String form, else the one-line placeholder.
  static func oracle(_ directory: String, at now: Int64, format: OutputFormat) -> [UInt8]? {
    var stack = false
    if let read = EmitPipeline.largeLines(widget: "s", directory: directory, now: now, stack: &stack) {
      return format.largeBytes(read.lines, options: RenderOptions())
    }
    if stack,
      let lines = StackLarge.lines(
        stack: "s", directory: directory, now: now, browse: nil, shapes: format.traits.shapesComplexScripts),
      let bytes = format.largeBytes(lines, options: RenderOptions())
    {
      return bytes
    }
    let resolved = EmitPipeline.resolve(widget: "s", directory: directory, now: now, tooltip: false)
    return format.bytes(resolved.state, options: RenderOptions())
  }
}
