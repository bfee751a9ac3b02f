import Foundation
import Testing
import TimelineTestSupport

@testable import TimelineCache
@testable import TimelineCore

/// The cache's two readers, json-c (the CLI: `timeline show`, `status`, `refresh`) and the
/// flat line reader (the bars), fed the same hostile files as real files: they must agree
/// on whether the file is valid and, where it is, on the meta and the entry shown at every
/// instant (docs/cache-format.md, "One answer").
@Suite struct ReaderAgreementTests {
  static let base = Timeline(
    widget: "w", kind: "command",
    entries: [
      Entry(date: 1000, runs: [TextRun("one")], alt: "a", url: "https://example.org/1"),
      Entry(
        date: 2000, runs: [TextRun("two", color: "#ff0000"), TextRun("!", bold: true)], short: "2", tooltip: ["t"],
        alt: "b", classes: ["c"], level: 3, url: "https://example.org/2"),
      Entry(date: 3000, runs: [TextRun("three")], alt: "c"),
    ], end: 9000, policy: .after(5000), placeholder: Entry(date: 0, runs: [TextRun("ph")], alt: "placeholder"),
    generated: 900, lastSuccess: 900, grace: 1800, configHash: "abc")

  /// The writer's file, as lines (the last one empty: the file ends with a newline).
  static let lines: [[UInt8]] = CacheEncoder.encode(base).split(separator: 0x0A, omittingEmptySubsequences: false)
    .map(Array.init)

  /// Every instant that can show something different: before, at and between the dates, at
  /// and after the end.
  static let instants: [Int64] = [500, 1000, 1500, 2000, 2500, 3000, 3500, 9000, 9500]

  /// The file with `meta` as its meta object and `entries` as its entry lines (each with
  /// the `,` the writer puts between lines), `entryBytes` made to fit them.
  static func file(meta: [UInt8]? = nil, entries: [[UInt8]]? = nil, extra: [[UInt8]]? = nil) -> [UInt8] {
    let prefix = Array(#"{"version":2,"meta":"#.utf8)
    let suffix = Array(#","entries":["#.utf8)
    var metaBytes = meta ?? metaObject
    let entryLines = entries ?? Array(lines[1...3])
    let entryBytes = entryLines.reduce(0) { $0 + $1.count + 1 }
    // The meta's own `entryBytes`, set to the lines' length, wherever it is.
    let text = String(decoding: metaBytes, as: UTF8.self)
    if let range = text.range(of: #""entryBytes":\d+"#, options: .regularExpression) {
      metaBytes = Array(text.replacingCharacters(in: range, with: "\"entryBytes\":\(entryBytes)").utf8)
    }
    var out = prefix + metaBytes + suffix + [0x0A]
    for line in entryLines { out += line + [0x0A] }
    out += Array(#"],"extra":["#.utf8) + [0x0A]
    for line in extra ?? Array(lines[5..<(lines.count - 2)]) { out += line + [0x0A] }
    out += Array("]}\n".utf8)
    return out
  }

  static func replacing(_ bytes: [UInt8], _ old: String, _ new: [UInt8]) -> [UInt8] {
    let old = Array(old.utf8)
    guard let at = (0...(bytes.count - old.count)).first(where: { Array(bytes[$0..<($0 + old.count)]) == old }) else {
      Issue.record("no \(String(decoding: old, as: UTF8.self)) in \(String(decoding: bytes, as: UTF8.self))")
      return bytes
    }
    return Array(bytes[..<at]) + new + Array(bytes[(at + old.count)...])
  }

  static func meta(_ old: String, _ new: String) -> [UInt8] { meta(old, Array(new.utf8)) }
  static func meta(_ old: String, _ new: [UInt8]) -> [UInt8] { file(meta: replacing(metaObject, old, new)) }

  /// The meta object as written.
  static var metaObject: [UInt8] {
    Array(lines[0][#"{"version":2,"meta":"#.utf8.count..<(lines[0].count - #","entries":["#.utf8.count)])
  }

  /// The shown entry (line 2, date 2000) with `old` replaced.
  static func entry(_ old: String, _ new: String) -> [UInt8] { entry(old, Array(new.utf8)) }
  static func entry(_ old: String, _ new: [UInt8]) -> [UInt8] {
    file(entries: [lines[1], replacing(lines[2], old, new), lines[3]])
  }

  /// The hostile files, by name.
  static let cases: [(String, [UInt8])] = [
    ("as written", file()),
    ("meta: repeated key", meta(#""kind":"command""#, #""kind":"command","kind":"other""#)),
    ("meta: repeated key, then null", meta(#""grace":1800"#, #""grace":1800,"grace":null"#)),
    ("meta: end, then null", meta(#""end":9000"#, #""end":9000,"end":null"#)),
    ("meta: escaped key name", meta(#""widget":"w""#, #""\u0077idget":"w""#)),
    ("meta: escaped key repeated", meta(#""kind":"command""#, #""kind":"command","\u006bind":"other""#)),
    ("meta: NUL in a key", meta(#""kind":"command""#, #""kind":"command","kind\u0000x":"other""#)),
    ("meta: NUL key before", meta(#""kind":"command""#, #""kind\u0000":"other","kind":"command""#)),
    ("meta: grace 1e3", meta(#""grace":1800"#, #""grace":1e3"#)),
    ("meta: grace -0", meta(#""grace":1800"#, #""grace":-0"#)),
    ("meta: grace 1.0", meta(#""grace":1800"#, #""grace":1.0"#)),
    ("meta: grace 2^63", meta(#""grace":1800"#, #""grace":9223372036854775808"#)),
    ("meta: grace -2^63-1", meta(#""grace":1800"#, #""grace":-9223372036854775809"#)),
    ("meta: grace 2^64", meta(#""grace":1800"#, #""grace":18446744073709551616"#)),
    ("meta: end 2^63", meta(#""end":9000"#, #""end":9223372036854775808"#)),
    ("meta: end -2^63", meta(#""end":9000"#, #""end":-9223372036854775808"#)),
    ("meta: end 1e999", meta(#""end":9000"#, #""end":1e999"#)),
    ("meta: end huge exponent", meta(#""end":9000"#, #""end":1E400000000000000000000"#)),
    ("meta: end 01", meta(#""end":9000"#, #""end":09000"#)),
    ("meta: entryBytes 2^64", meta(#""count":3"#, #""count":18446744073709551616"#)),
    ("meta: kind an object", meta(#""kind":"command""#, #""kind":{"t":"command"}"#)),
    ("meta: kind an array", meta(#""kind":"command""#, #""kind":["command"]"#)),
    ("meta: widget an array", meta(#""widget":"w""#, #""widget":["w"]"#)),
    ("meta: NUL escape in a string", meta(#""configHash":"abc""#, #""configHash":"a\u0000bc""#)),
    (
      "meta: raw NUL in a string",
      meta(#""configHash":"abc""#, Array(#""configHash":"a"#.utf8) + [0] + Array(#"bc""#.utf8))
    ),
    (
      "meta: invalid UTF-8 in a string",
      meta(#""configHash":"abc""#, Array(#""configHash":"a"#.utf8) + [0xFF, 0xC0] + Array(#"bc""#.utf8))
    ),
    ("meta: lone surrogate", meta(#""configHash":"abc""#, #""configHash":"a\ud800bc""#)),
    ("meta: surrogate pair", meta(#""configHash":"abc""#, #""configHash":"a\ud83d\ude00bc""#)),
    ("meta: widget NUL", meta(#""widget":"w""#, #""widget":"w\u0000x""#)),
    ("meta: trailing garbage", file(meta: metaObject + Array("x".utf8))),
    ("meta: spaces", meta(#""configHash":"abc""#, #" "configHash" : "abc" "#)),
    ("meta: single quotes", meta(#""configHash":"abc""#, #""configHash":'abc'"#)),
    ("meta: trailing comma", meta(#""configHash":"abc""#, #""configHash":"abc","#)),
    ("meta: comment", meta(#""configHash":"abc""#, #""configHash":/*c*/"abc""#)),
    ("meta: NaN", meta(#""grace":1800"#, #""grace":NaN"#)),
    ("meta: placeholder repeated with null", meta(#""placeholder":{"#, #""placeholder":null,"placeholder":{"#)),
    (
      "meta: placeholder NUL key",
      meta(#""placeholder":{"#, #""placeholder\u0000":{"date":0,"runs":[{"t":"evil"}],"alt":"x"},"placeholder":{"#)
    ),
    ("entry: repeated key", entry(#""alt":"b""#, #""alt":"b","alt":"z""#)),
    ("entry: repeated key, then null", entry(#""alt":"b""#, #""alt":"b","alt":null"#)),
    ("entry: level, then null", entry(#""level":3"#, #""level":3,"level":null"#)),
    ("entry: escaped key name", entry(#""alt":"b""#, #""\u0061lt":"b""#)),
    ("entry: NUL in a key", entry(#""alt":"b""#, #""alt":"b","alt\u0000":"z""#)),
    ("entry: NUL in a run key", entry(#""t":"two""#, #""t":"two","t\u0000":"evil""#)),
    ("entry: level 1e3", entry(#""level":3"#, #""level":1e3"#)),
    ("entry: level -0", entry(#""level":3"#, #""level":-0"#)),
    ("entry: level 2^63", entry(#""level":3"#, #""level":9223372036854775808"#)),
    ("entry: level 2^64", entry(#""level":3"#, #""level":18446744073709551616"#)),
    ("entry: level huge exponent", entry(#""level":3"#, #""level":1e99999"#)),
    ("entry: text an object", entry(#""t":"two""#, #""t":{"t":"two"}"#)),
    ("entry: short an array", entry(#""short":"2""#, #""short":["2"]"#)),
    ("entry: NUL escape in text", entry(#""t":"two""#, #""t":"t\u0000wo""#)),
    ("entry: raw NUL in text", entry(#""t":"two""#, Array(#""t":"t"#.utf8) + [0] + Array(#"wo""#.utf8))),
    (
      "entry: invalid UTF-8 in text",
      entry(#""t":"two""#, Array(#""t":"t"#.utf8) + [0xED, 0xA0, 0x80, 0xFF] + Array(#"wo""#.utf8))
    ),
    ("entry: lone surrogate", entry(#""t":"two""#, #""t":"t\udc00wo""#)),
    ("entry: high surrogate, then text", entry(#""t":"two""#, #""t":"t\ud800wo""#)),
    ("entry: trailing garbage", entry(#""x":1},"#, #""x":1}x,"#)),
    ("entry: trailing space", entry(#""x":1},"#, #""x":1} ,"#)),
    ("entry: date repeated", entry(#""x":1}"#, #""x":1,"date":2001}"#)),
    (
      "entry: date -0",
      file(entries: [replacing(lines[1], #"{"date":1000"#, Array(#"{"date":-0"#.utf8))] + lines[2...3])
    ),
    ("entry: date 2000.0", entry(#""x":1}"#, #""x":1,"date":2000.0}"#)),
    ("entry: date 2e3", entry(#""x":1}"#, #""x":1,"date":2e3}"#)),
    ("entry: x 2^64", entry(#""x":1}"#, #""x":18446744073709551616}"#)),
    ("entry: x repeated", entry(#""x":1}"#, #""x":1,"x":7}"#)),
    ("entry: CR before the newline", entry(#""x":1},"#, #""x":1},\#r"#)),
    ("entry: empty line", file(entries: [lines[1], [], lines[2], lines[3]])),
    ("BOM", [0xEF, 0xBB, 0xBF] + file()),
    ("CRLF", Array(String(decoding: file(), as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n").utf8)),
    ("no final newline", Array(file().dropLast())),
    ("an empty line at the end", file() + [0x0A]),
    ("trailing garbage after the object", file() + Array("x\n".utf8)),
    ("a second object after it", file() + Array("{}\n".utf8)),
    (
      "extra: a record that closes the document",
      file(extra: [Array(#"{}],"entries":[{"date":1,"runs":[{"t":"evil"}]}],"extra":[{}"#.utf8)])
    ),
    (
      "extra: a record repeating meta",
      file(extra: [Array(#"{}],"meta":{"widget":"w","kind":"evil","entryBytes":1},"extra":[{}"#.utf8)])
    ),
    ("extra: damaged record", file(extra: [Array(#"{"url":"#.utf8)])),
  ]

  /// What the CLI shows: whether the file is valid, its meta, and at each instant whether
  /// the timeline is stale (`timeline status`, `doctor`) and the entry.
  /// `dated: false` leaves out the entry's date.
  static func cli(_ path: String, at instants: [Int64] = instants, dated: Bool = true) -> String {
    do {
      let timeline = try CacheReader.timeline(path: path)
      var out =
        "valid "
        + describe(
          timeline.widget.text, timeline.kind, timeline.end, timeline.due, timeline.grace, timeline.configHash,
          timeline.generated, timeline.lastSuccess) + "\n"
      for now in instants {
        var shown = timeline.display(at: now)
        shown.url = nil
        shown.key = nil
        shown.detail = []
        if !dated { shown.date = 0 }
        out += "\(now): \(timeline.isStale(at: now) ? "stale " : "")\(shown)\n"
      }
      return out
    } catch {
      return "damaged\n"
    }
  }

  /// What a bar shows, at each instant (the `stale` class, the entry); damaged when any
  /// instant's read is.
  static func bar(_ path: String, at instants: [Int64] = instants, dated: Bool = true) -> String {
    var out = ""
    var meta: CacheMeta?
    for now in instants {
      let view = CacheReader.view(path: path, at: now)
      guard view.error == nil, let read = view.meta else { return "damaged\n" }
      meta = read
      var shown = view.current ?? read.placeholder ?? Entry(date: 0, runs: [], alt: "placeholder")
      shown.url = nil
      shown.key = nil
      shown.detail = []
      if !dated { shown.date = 0 }
      out += "\(now): \(read.isStale(at: now) ? "stale " : "")\(shown)\n"
    }
    guard let meta else { return "damaged\n" }
    return "valid "
      + describe(
        meta.widget.text, meta.kind, meta.end, meta.due, meta.grace, meta.configHash, meta.generated,
        meta.lastSuccess) + "\n" + out
  }

  static func describe(
    _ widget: String, _ kind: String, _ end: Int64?, _ due: Int64?, _ grace: Int64, _ hash: String,
    _ generated: Int64, _ last: Int64?
  ) -> String {
    "\(widget) \(kind) end \(String(describing: end)) due \(String(describing: due)) grace \(grace) \(hash.debugDescription) \(generated) \(String(describing: last))"
  }

  /// `bytes` as the file `name` in `dir`; its path.
  static func write(_ dir: TempDir, _ name: String, _ bytes: [UInt8]) throws -> String {
    let path = dir.file(name)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Each hostile file, read by the CLI and by a bar at every instant: one answer.
  @Test func bothReadersGiveOneAnswer() throws {
    let dir = try TempDir()
    for (index, (name, bytes)) in Self.cases.enumerated() {
      let path = try Self.write(dir, "case\(index).json", bytes)
      #expect(Self.cli(path) == Self.bar(path), "\(name):\n--- cli\n\(Self.cli(path))--- bar\n\(Self.bar(path))")
    }
  }

  /// The same content in another layout (one space after the version: both readers then
  /// parse the whole document with json-c) reads as the writer's layout reads, wherever
  /// the writer's layout is valid (its `extra` lines aside): the decoders treat repeated keys, `null`, keys with
  /// U+0000 and out-of-range integers alike.
  @Test func anotherLayoutReadsTheSame() throws {
    let dir = try TempDir()
    var compared = 0
    for (index, (name, bytes)) in Self.cases.enumerated() {
      let lines = try Self.write(dir, "lines\(index).json", bytes)
      let answer = Self.cli(lines)
      // The `extra` cases are about lines, which another layout does not have.
      guard answer.hasPrefix("valid"), !name.hasPrefix("extra:"), bytes.starts(with: Array(#"{"version":2,"#.utf8))
      else { continue }
      let other = try Self.write(dir, "other\(index).json", Array(#"{"version":2, "#.utf8) + bytes.dropFirst(13))
      #expect(Self.cli(other) == answer && Self.bar(other) == answer, "\(name):\n\(Self.cli(other))\(answer)")
      compared += 1
    }
    #expect(compared >= 45, "\(compared) files compared")
  }

  /// Entries with details, as the large bars and `timeline show` read them: the first
  /// shows one, the second repeats it by its key (its record has no detail), the third has
  /// its own.
  static let detailed = CacheEncoder.encode(
    Timeline(
      widget: "w", kind: "random-shabad",
      entries: [
        Entry(
          date: 1000, runs: [TextRun("first")], alt: "a", url: "https://example.org/1", key: "k",
          detail: [[TextRun("line A")], [TextRun("line B", color: "#ff0000")]]),
        Entry(date: 2000, runs: [TextRun("second")], alt: "b", url: "https://example.org/2", key: "k"),
        Entry(date: 3000, runs: [TextRun("third")], alt: "c", key: "m", detail: [[TextRun("line C")]]),
      ], end: 9000, policy: .after(5000), placeholder: Entry(date: 0, runs: [TextRun("ph")], alt: "placeholder"),
      generated: 900, lastSuccess: 900, grace: 1800, configHash: "abc"))

  /// `detailed` with `change` made to its record line `index` (without its `,`).
  static func record(_ index: Int, _ change: ([UInt8]) -> [UInt8]) -> [UInt8] {
    var lines = detailed.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
    let at = (lines.firstIndex(of: Array(#"],"extra":["#.utf8)) ?? lines.count) + 1 + index
    let comma = lines[at].last == UInt8(ascii: ",")
    lines[at] = change(comma ? Array(lines[at].dropLast()) : lines[at]) + (comma ? [UInt8(ascii: ",")] : [])
    return Array(lines.joined(separator: [0x0A]))
  }

  /// A record line with something after its object (or the closing `]}` on the last
  /// record's line) is damaged for both readers: the entries that point at it show without
  /// its link and detail in `timeline show` and in the large bars alike (the byte writer,
  /// and the String path it falls back to), and never lose their entry.
  @Test func aRecordWithTrailingBytesIsDamagedForTheCLIAndTheLargeBars() throws {
    let dir = try TempDir()
    let records = Self.detailed.split(separator: 0x0A).count - 2 - 3 - 1
    #expect(records == 3)
    var files: [(String, [UInt8])] = [("as written", Self.detailed)]
    for index in 0..<records {
      for garbage in ["x", " ", ",", "]", "}", "{}", "]}", #"\u0000"#, #"\"#] {
        files.append(("record \(index) + \(garbage)", Self.record(index) { $0 + Array(garbage.utf8) }))
      }
    }
    let written = String(decoding: Self.detailed, as: UTF8.self)
    files.append(("the last record carries ]}", Array(written.replacingOccurrences(of: "}\n]}", with: "}]}").utf8)))
    files.append(("the last record carries ]}x", Self.record(records - 1) { $0 + Array("]}x".utf8) }))
    var dropped = 0
    for (number, (name, bytes)) in files.enumerated() {
      let path = try Self.write(dir, "detail\(number).json", bytes)
      let timeline = try CacheReader.timeline(path: path)
      for now in Self.instants {
        let current = timeline.current(at: now)
        let cli = current.map { ($0.url, timeline.detail(of: $0)) }
        let large: (String?, [[TextRun]])?
        switch CacheReader.large(path: path, at: now, following: { _ in false }) {
        case .entries(_, let shown): large = shown.first.map { ($0.url, $0.detail) }
        case .noEntry: large = nil
        case .whole: large = cli
        }
        #expect(
          large?.0 == cli?.0 && large?.1 == cli?.1,
          "\(name) at \(now): \(String(describing: large)) \(String(describing: cli))")
        if let current, timeline.detail(of: current).isEmpty { dropped += 1 }
      }
    }
    #expect(dropped > 50, "\(dropped) entries shown without a detail")
  }

  /// Records in another order than the entries that use them, two with the same key and
  /// a detail each: an entry with only that key shows the first record's detail, in
  /// `timeline show` as in the large bars.
  @Test func aRepeatTakesTheFirstRecordWithItsKeyForBothReaders() throws {
    let dir = try TempDir()
    let path = try Self.write(
      dir, "repeat.json",
      Self.file(
        entries: [
          Array(#"{"date":1000,"alt":"a","runs":[{"t":"first"}],"x":1},"#.utf8),
          Array(#"{"date":2000,"alt":"b","runs":[{"t":"second"}],"x":0},"#.utf8),
          Array(#"{"date":3000,"alt":"c","runs":[{"t":"third"}],"x":2}"#.utf8),
        ],
        extra: [
          Array(#"{"key":"k","detail":[[{"t":"line X"}]]},"#.utf8),
          Array(#"{"key":"k","detail":[[{"t":"line Y"}]]},"#.utf8), Array(#"{"key":"k"}"#.utf8),
        ]))
    let timeline = try CacheReader.timeline(path: path)
    let expected: [Int64: String] = [1000: "line Y", 2000: "line X", 3000: "line X", 3500: "line X"]
    for (now, line) in expected {
      let current = try #require(timeline.current(at: now))
      #expect(timeline.detail(of: current) == [[TextRun(line)]], "\(now)")
      guard case .entries(_, let shown) = CacheReader.large(path: path, at: now, following: { _ in false }) else {
        Issue.record("the large read of \(now) is not answered from the lines")
        continue
      }
      #expect(shown.first?.detail == [[TextRun(line)]], "\(now)")
    }
  }

  /// Hand-edited `due`, `grace` and `policy` (the file as written: due 5000, grace 1800,
  /// policy after 5000, end 9000, last entry 3000).
  static let staleCases: [(String, [UInt8])] = [
    ("as written", file()),
    ("due null", meta(#""due":5000"#, #""due":null"#)),
    ("due absent", meta(#""due":5000,"#, "")),
    ("due 0", meta(#""due":5000"#, #""due":0"#)),
    ("due negative", meta(#""due":5000"#, #""due":-7200"#)),
    ("due -2^63", meta(#""due":5000"#, #""due":-9223372036854775808"#)),
    ("due 2^63-1", meta(#""due":5000"#, #""due":9223372036854775807"#)),
    ("due 2^63", meta(#""due":5000"#, #""due":9223372036854775808"#)),
    ("due 2^64", meta(#""due":5000"#, #""due":18446744073709551616"#)),
    ("due far future", meta(#""due":5000"#, #""due":32503680000"#)),
    ("due 5000.0", meta(#""due":5000"#, #""due":5000.0"#)),
    ("due 1e3", meta(#""due":5000"#, #""due":1e3"#)),
    ("due a string", meta(#""due":5000"#, #""due":"1000""#)),
    ("due repeated", meta(#""due":5000"#, #""due":5000,"due":1000"#)),
    ("due, then null", meta(#""due":5000"#, #""due":5000,"due":null"#)),
    ("due before the last entry", meta(#""due":5000"#, #""due":2500"#)),
    ("grace 0", meta(#""grace":1800"#, #""grace":0"#)),
    ("grace negative", meta(#""grace":1800"#, #""grace":-100"#)),
    ("grace -2^63", meta(#""grace":1800"#, #""grace":-9223372036854775808"#)),
    ("grace 2^63-1", meta(#""grace":1800"#, #""grace":9223372036854775807"#)),
    ("grace null", meta(#""grace":1800"#, #""grace":null"#)),
    ("grace absent", meta(#""grace":1800,"#, "")),
    ("grace 1.5", meta(#""grace":1800"#, #""grace":1.5"#)),
    ("grace a string", meta(#""grace":1800"#, #""grace":"0""#)),
    ("policy never, due kept", meta(#""policy":"after","after":5000"#, #""policy":"never""#)),
    ("policy atEnd, due kept", meta(#""policy":"after","after":5000"#, #""policy":"atEnd""#)),
    ("policy after 1, due kept", meta(#""after":5000"#, #""after":1"#)),
    ("policy after, no instant", meta(#""policy":"after","after":5000"#, #""policy":"after""#)),
    ("policy unknown", meta(#""policy":"after""#, #""policy":"sometimes""#)),
    ("policy never, due null", meta(#""due":5000"#, #""due":null"#)),
    (
      "due 2^63-1, grace 2^63-1",
      meta(#""due":5000,"grace":1800"#, #""due":9223372036854775807,"grace":9223372036854775807"#)
    ),
    (
      "due -2^63, grace -2^63",
      meta(#""due":5000,"grace":1800"#, #""due":-9223372036854775808,"grace":-9223372036854775808"#)
    ),
  ]

  /// Instants at and around every `due` and `due + grace` above, and the ends of time.
  static let staleInstants: [Int64] = [
    .min, .min + 1, -7201, -7200, -7199, -1, 0, 1, 1000, 1800, 1801, 2500, 4300, 4301, 4999, 5000, 5001, 6799, 6800,
    6801, 6802, 32_503_680_000, 32_503_681_800, 32_503_681_801, .max - 1, .max,
  ]

  /// The bars (the `stale` class) and the CLI (`timeline status`, `doctor`: the timeline
  /// read whole) judge staleness by one rule, the meta's `due` and `grace` as written
  /// (`Selection.isStale`), however they were edited: now at `due`, at `due + grace`, one
  /// after, far in the future, negative, beyond 64 bits, null, absent, and a policy that
  /// says another due.
  @Test func staleAlikeWhateverTheDueGraceAndPolicy() throws {
    let dir = try TempDir()
    var stale = 0
    for (index, (name, bytes)) in Self.staleCases.enumerated() {
      let path = try Self.write(dir, "stale\(index).json", bytes)
      let cli = Self.cli(path, at: Self.staleInstants)
      #expect(cli.hasPrefix("valid"), "\(name): \(cli)")
      #expect(
        cli == Self.bar(path, at: Self.staleInstants),
        "\(name):\n--- cli\n\(cli)--- bar\n\(Self.bar(path, at: Self.staleInstants))")
      stale += cli.components(separatedBy: ": stale ").count - 1
      // The CLI's timeline is due when the meta says: `refresh` and `status` read the same.
      let timeline = try CacheReader.timeline(path: path)
      #expect(timeline.due == CacheReader.view(path: path, at: 0).meta?.due, "\(name)")
    }
    #expect(stale > 100, "\(stale) stale instants")
    // The edges, spelled out: stale strictly after due + grace, never with a null due or
    // past the end of time.
    let edges = try Self.write(dir, "edges.json", Self.file())
    let edge = Self.cli(edges, at: [6800, 6801])
    #expect(edge.contains("\n6800: ") && !edge.contains("6800: stale") && edge.contains("\n6801: stale "), "\(edge)")
  }

  /// A file whose entry lines are the writer's `timeline` with the lines in `order`.
  static func permuted(_ timeline: Timeline, _ order: [Int]) -> [UInt8] {
    let lines = CacheEncoder.encode(timeline).split(separator: 0x0A, omittingEmptySubsequences: false)
    let entries = Array(lines[1...timeline.entries.count])
    return Array(
      ([lines[0]] + order.map { entries[$0] } + lines[(timeline.entries.count + 1)...]).joined(separator: [0x0A]))
  }

  /// Seven entries, some sharing a key (a repeat's detail is on the first).
  static let seven = Timeline(
    widget: "w", kind: "random-shabad",
    entries: (0..<7).map { index in
      Entry(
        date: 1000 + Int64(index) * 1000, runs: [TextRun("entry \(index)")], alt: "a", key: "k\(index % 3)",
        detail: index < 3 ? [[TextRun("detail \(index)")]] : [])
    }, end: 9500, policy: .after(8000), placeholder: Entry(date: 0, runs: [TextRun("ph")], alt: "placeholder"),
    generated: 900, lastSuccess: 900, grace: 600, configHash: "abc")

  /// Entry lines out of date order: the bars' binary search shows some entry rather than
  /// blank, and the CLI shows what the bars show at every instant (with a warning, and the
  /// widget due so a refresh rewrites the file), the large family too, for every order of
  /// four lines and many of seven.
  @Test func entryLinesOutOfOrderReadAsTheBarsShowThem() throws {
    let dir = try TempDir()
    var orders: [[Int]] = []
    func permutations(_ rest: [Int], _ prefix: [Int]) {
      if rest.isEmpty { return orders.append(prefix + [4, 5, 6]) }
      for (index, item) in rest.enumerated() {
        var left = rest
        left.remove(at: index)
        permutations(left, prefix + [item])
      }
    }
    permutations([0, 1, 2, 3], [])
    var seed: UInt64 = 7
    for _ in 0..<60 {
      var order = Array(0..<7)
      for index in stride(from: 6, to: 0, by: -1) {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        order.swapAt(index, Int(seed >> 33) % (index + 1))
      }
      orders.append(order)
    }
    orders.append(Array((0..<7).reversed()))
    let instants: [Int64] =
      Self.seven.entries.flatMap { [$0.date - 1, $0.date, $0.date + 1] } + [0, 9499, 9500, 20_000]
    var differentFromSorted = 0
    for (number, order) in orders.enumerated() {
      let path = try Self.write(dir, "order\(number).json", Self.permuted(Self.seven, order))
      let read = try CacheReader.read(path: path)
      #expect((read.warning != nil) == (order != order.sorted()), "\(order)")
      // Each entry is dated from when the bars start showing it.
      #expect(Self.cli(path, at: instants, dated: false) == Self.bar(path, at: instants, dated: false), "\(order)")
      for now in instants {
        let current = read.timeline.current(at: now)
        if current?.text != Self.seven.current(at: now)?.text { differentFromSorted += 1 }
        let large: Entry?
        switch CacheReader.large(path: path, at: now, following: { _ in false }) {
        case .entries(_, let shown): large = shown.first
        case .noEntry: large = nil
        case .whole: large = current
        }
        #expect(large?.text == current?.text, "\(order) at \(now)")
        #expect(
          large.map { read.timeline.detail(of: $0) } == current.map { read.timeline.detail(of: $0) },
          "\(order) at \(now)")
        if let large { #expect(large.detail == read.timeline.detail(of: large), "\(order) at \(now)") }
      }
    }
    #expect(differentFromSorted > 100, "\(differentFromSorted)")
    // Equal dates are in order: the later line wins, as in the bars.
    let equal = try Self.write(
      dir, "equal.json",
      Self.file(entries: [Self.lines[1], Self.replacing(Self.lines[2], "2000", Array("1000".utf8)), Self.lines[3]]))
    #expect(Self.cli(equal).hasPrefix("valid") && Self.cli(equal) == Self.bar(equal), "\(Self.cli(equal))")
    #expect(try CacheReader.read(path: equal).warning == nil)
  }
}
