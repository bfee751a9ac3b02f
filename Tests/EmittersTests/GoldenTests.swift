import EmitTestSupport
import Testing
import TimelineCore

@testable import Emitters

/// Every format of the registry against its goldens (`Goldens/<name>/<case>.txt`), through
/// the bytes the emitter writes: a new format is covered as soon as it is registered (and
/// fails here until its goldens are recorded). Each emitter's own tests check its syntax.
@Suite struct GoldenTests {
  @Test(arguments: GoldenCase.all)
  func everyFormatMatchesItsGolden(_ golden: GoldenCase) {
    for format in OutputFormat.allCases {
      let bytes = format.bytes(golden.input, options: golden.options)
      let line = String(validating: bytes, as: UTF8.self)
      #expect(line != nil, "\(format.name): not UTF-8")
      Golden.check(line ?? "", bar: format.name, name: golden.name)
      #expect(!bytes.contains(UInt8(ascii: "\n")), "\(format.name): more than one line")
    }
  }

  /// With other options the bytes are still one line of UTF-8 for every format.
  @Test(arguments: GoldenCase.all)
  func bytesAreOneLineOfUTF8(_ golden: GoldenCase) {
    for format in OutputFormat.allCases {
      let bytes = format.bytes(golden.input, options: RenderOptions(maxWidth: 12, click: true, gurmukhiFont: 2))
      #expect(String(validating: bytes, as: UTF8.self) != nil, "\(format.name): not UTF-8")
      #expect(!bytes.contains(UInt8(ascii: "\n")), "\(format.name): more than one line")
    }
  }

  @Test func namesAreUniqueAndFoundAgain() {
    let names = OutputFormat.names
    #expect(Set(names).count == names.count)
    for format in OutputFormat.allCases {
      #expect(OutputFormat.named(format.name) == format)
      #expect(!format.summary.isEmpty)
    }
    #expect(OutputFormat.named("Waybar") == nil && OutputFormat.named("") == nil)
  }

  @Test func phrasesFollowTheRegistry() {
    #expect(OutputFormat.spoken([.waybar]) == "waybar")
    #expect(OutputFormat.spoken([.waybar, .tmux, .plain]) == "waybar, tmux or plain")
    #expect(OutputFormat.nameList.split(separator: ",").count == OutputFormat.allCases.count)
    #expect(OutputFormat.spoken { $0.traits.clickActions } == "polybar, xmobar or lemonbar")
    #expect(OutputFormat.spoken { $0.stream != nil } == "i3bar")
  }
}
