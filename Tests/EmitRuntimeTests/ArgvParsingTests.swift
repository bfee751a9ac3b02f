import EmitRuntime
import EmitTestSupport
import Foundation
import Testing
import TimelineTestSupport

/// timeline-emit reads argv's bytes (`EmitCommand.parse(argv:count:)`); `timeline emit` and
/// the tests pass Strings (`EmitCommand.parse(_:)`). Both must read every command line alike.
@Suite struct ArgvParsingTests {
  /// Command lines covering every option (spaced and `=` forms), unknown options, `--`,
  /// `-`, empty arguments and missing or bad values.
  static let lines: [[String]] = [
    [], [""], ["", ""], ["waybar"], ["waybar", ""], ["-"], ["waybar", "-"], ["--"], ["--", "--"],
    ["waybar", "w"], ["waybar", "w", "--"], ["--", "tmux", "-w"], ["tmux", "--", "--help"],
    ["--", "waybar", "w", "--at", "2026-01-01"], ["nope", "w"], ["Waybar", "w"], ["waybar", "a", "b"],
    ["i3bar", "a", "b", "c", "--follow"], ["i3bar", "a", "", "--follow"], ["i3bar", "a", "b"],
    ["-h"], ["--help"], ["waybar", "w", "-h"], ["waybar", "w", "--help=x"], ["--version"], ["--version", "--help"],
    ["--list-formats"], ["--list-traits"], ["waybar", "--list-traits", "w"],
    ["waybar", "w", "--follow"], ["waybar", "w", "--follow=yes"], ["waybar", "w", "--verbose"],
    ["waybar", "w", "--verbose="], ["polybar", "w", "--click"], ["polybar", "w", "--click=yes"],
    ["waybar", "w", "--at", "2026-03-01T19:00:00Z"], ["waybar", "w", "--at=2026-03-01T19:00+05:30"],
    ["waybar", "w", "--at"], ["waybar", "w", "--at="], ["waybar", "w", "--at", "soon"],
    ["waybar", "w", "--at", "--help"],
    ["waybar", "w", "--follow", "--at", "2026-01-01"], ["waybar", "w", "--max-width", "8"],
    ["waybar", "w", "--max-width=100000"], ["waybar", "w", "--max-width", "0"], ["waybar", "w", "--max-width", "x"],
    ["waybar", "w", "--max-width"], ["waybar", "w", "--max-width=1=2"], ["waybar", "w", "--line", "translation"],
    ["waybar", "w", "--line=gurmukhi"], ["waybar", "w", "--line", "latin"], ["waybar", "w", "--line"],
    ["polybar", "w", "--gurmukhi-font", "2"], ["polybar", "w", "--gurmukhi-font=99"],
    ["polybar", "w", "--gurmukhi-font", "100"], ["polybar", "w", "--gurmukhi-font"],
    ["plain", "w", "--family", "large"], ["conky", "w", "--family=large"], ["plain", "w", "--family", "small"],
    ["waybar", "w", "--family", "large"], ["plain", "w", "--family", "medium"], ["plain", "w", "--family"],
    ["conky", "w", "--family", "large", "--follow"], ["plain", "a", "b", "--family", "large"],
    ["polybar", "w", "--gurmukhi", "logical"], ["polybar", "w", "--gurmukhi=visual"],
    ["polybar", "w", "--gurmukhi", "up"],
    ["polybar", "w", "--gurmukhi"], ["waybar", "w", "--bogus"], ["waybar", "w", "--bogus=1"], ["waybar", "w", "-x"],
    ["waybar", "w", "-h=x"], ["waybar", "w", "---"], ["waybar", "w", "--=x"], ["waybar", "w", "--lin"],
    ["waybar", "w", "--lines"], ["waybar", "w", "--gurmukhi-fonts", "2"], ["waybar", "w", "--HELP"],
    ["waybar", "w", "-help"], ["--at", "2026-01-01", "waybar", "w"], ["--verbose", "--click", "polybar", "w"],
    ["waybar", "w\tx"], ["waybar", "w", "--at", " 2026-01-01"],
    // Not ASCII: read as Strings, as before.
    ["waybar", "ਸਤਿ"], ["waybar", "w", "--line", "ਸਤਿ"], ["waybar", "w", "-\u{301}"], ["waybar", "w", "--\u{301}x"],
    ["waybar", "w", "--line=\u{301}x"], ["-\u{301}", "waybar", "w"], ["waybar", "w", "--lïne"],
  ]

  /// `arguments` as a C argv of `count` strings (no program name), kept until `body` returns.
  func withArgv<T>(_ arguments: [[UInt8]], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>, Int) -> T) -> T {
    let pointers: [UnsafeMutablePointer<CChar>?] = arguments.map { bytes in
      let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
      for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
      copy[bytes.count] = 0
      return copy
    }
    defer {
      for pointer in pointers { pointer?.deallocate() }
    }
    // A one-element room stands in for an empty argv, which has no base address.
    let room = pointers.isEmpty ? [nil] : pointers
    return room.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { fatalError("a non-empty array has a base address") }
      return body(base, arguments.count)
    }
  }

  @Test(arguments: lines)
  func bytesAndStringsParseAlike(_ arguments: [String]) {
    let fromBytes = withArgv(arguments.map { Array($0.utf8) }) { EmitCommand.parse(argv: $0, count: $1) }
    #expect(fromBytes == EmitCommand.parse(arguments), "\(arguments)")
  }

  @Test func aSpacedAndAnInlineValueAreTheSame() {
    let spaced = withArgv([Array("polybar".utf8), Array("w".utf8), Array("--max-width".utf8), Array("30".utf8)]) {
      EmitCommand.parse(argv: $0, count: $1)
    }
    let inline = withArgv([Array("polybar".utf8), Array("w".utf8), Array("--max-width=30".utf8)]) {
      EmitCommand.parse(argv: $0, count: $1)
    }
    #expect(spaced == inline)
    guard case .run(let request) = spaced else {
      Issue.record("not a run: \(spaced)")
      return
    }
    #expect(request.format == .polybar && request.widgets == ["w"] && request.options.maxWidth == 30)
  }

  /// Bytes that are not UTF-8 reach `parse(_:)` as `String(cString:)` repairs them, as the
  /// emitter's main read them before.
  @Test(
    arguments: [
      [[0x77, 0x61, 0x79, 0x62, 0x61, 0x72], [0xFF, 0x77]],
      [[0x77, 0x61, 0x79, 0x62, 0x61, 0x72], [0x77], [0x2D, 0x2D, 0xC3]],
      [[0x77, 0x61, 0x79, 0x62, 0x61, 0x72], [0x77], [0x2D, 0x2D, 0x61, 0x74, 0x3D, 0xE0, 0xA8]],
      [[0x2D, 0xFE], [0x77, 0x61, 0x79, 0x62, 0x61, 0x72], [0x77]],
      [[0xC0, 0xAF], [0x77]],
    ] as [[[UInt8]]])
  func invalidUTF8IsRepairedAsBefore(_ arguments: [[UInt8]]) {
    let fromBytes = withArgv(arguments) { EmitCommand.parse(argv: $0, count: $1) }
    let strings = withArgv(arguments) { argv, count in (0..<count).map { String(cString: argv[$0]!) } }
    #expect(fromBytes == EmitCommand.parse(strings), "\(arguments)")
    #expect(strings.joined().contains("\u{FFFD}"))
  }

  @Test func noArgumentsIsTheMissingFormatError() {
    let parsed = withArgv([]) { EmitCommand.parse(argv: $0, count: $1) }
    #expect(parsed == .usageError("missing FORMAT and WIDGET"))
  }

  /// The built timeline-emit (argv's bytes) against the library run on the same line as
  /// Strings: the same status, output and messages, byte for byte.
  @Test func theEmitterPrintsWhatTheStringParserDecides() throws {
    let dir = try TempDir()
    Caches.write(Caches.timeline(entries: [Caches.entry("ਸਤਿ & <b>", at: 0, color: "#ff9900")]), in: dir.path)
    let cache = dir.path
    let environment: (String) -> String? = {
      $0 == "TIMELINE_CACHE_DIR" ? cache : ProcessInfo.processInfo.environment[$0]
    }
    for arguments in Self.lines where !arguments.contains("--follow") || arguments.contains("--at") {
      let process = try run(Paths.binary("timeline-emit"), arguments, environment: ["TIMELINE_CACHE_DIR": cache])
      let out = Pipe()
      let err = Pipe()
      let status = EmitCommand.run(
        arguments: arguments, stdout: out.fileHandleForWriting.fileDescriptor,
        stderr: err.fileHandleForWriting.fileDescriptor, environment: environment)
      try out.fileHandleForWriting.close()
      try err.fileHandleForWriting.close()
      #expect(process.status == status, "\(arguments)")
      #expect(process.stdoutBytes == Array(out.fileHandleForReading.readDataToEndOfFile()), "\(arguments)")
      #expect(process.stderr == String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }
  }
}
