import Foundation
import Testing
import TimelineTestSupport

/// What `--help` and the manual say about two options: `--lock-wait` names its default
/// once, and `--gurmukhi-font` does not claim conky falls back to the transliteration
/// (conky always draws Gurmukhi in its own OpenGurbaniAkhar font).
@Suite struct HelpSlipsTests {
  /// `text` with its line breaks and runs of spaces as single spaces (help wraps lines).
  static func flat(_ text: String) -> String {
    text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
  }

  @Test(arguments: ["refresh", "reload"])
  func lockWaitNamesItsDefaultOnce(_ command: String) throws {
    let help = Self.flat(try run(Paths.binary("timeline"), [command, "--help"]).stdout)
    let option = try #require(help.components(separatedBy: "--lock-wait <seconds> ").last)
    #expect(option.components(separatedBy: "default").count == 2, "\(option.prefix(160))")
    #expect(option.contains("(default: 15)"))
  }

  @Test func gurmukhiFontHelpSaysConkyNeedsNoIndex() throws {
    let emit = Self.flat(try run(Paths.binary("timeline-emit"), ["--help"]).stdout)
    let timelineEmit = Self.flat(try run(Paths.binary("timeline"), ["emit", "--help"]).stdout)
    let manual = Self.flat(try String(contentsOfFile: Paths.repo + "/man/timeline-emit.1", encoding: .utf8))
    // Each names the option once more where it describes it, last: the usage lines come first.
    let sources = [
      ("timeline-emit --help", emit, "--gurmukhi-font N "),
      ("timeline emit --help", timelineEmit, "--gurmukhi-font <gurmukhi-font> "),
      ("timeline-emit.1", manual, #"gurmukhi-font " N""#),
    ]
    for (name, text, marker) in sources {
      let option = try #require(text.components(separatedBy: marker).dropFirst().last, "\(name)")
      let part = String(option.prefix(400))
      #expect(!part.contains("such a bar shows the transliteration"), "\(name): \(part)")
      #expect(part.contains("conky") && part.contains("OpenGurbaniAkhar"), "\(name): \(part)")
    }
  }
}
