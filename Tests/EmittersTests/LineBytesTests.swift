import Testing
import TimelineCore

@testable import Emitters

/// The emitter writes `EmitPipeline.lineBytes`; `timeline emit --follow`, the tests and the
/// goldens read `line`. Both are the same bytes, for every golden case and format.
@Suite struct LineBytesTests {
  @Test(arguments: GoldenCase.all)
  func bytesAreTheLine(_ golden: GoldenCase) {
    for format in OutputFormat.allCases {
      for options in [golden.options, RenderOptions(maxWidth: 12, click: true, gurmukhiFont: 2)] {
        let line = EmitPipeline.line(golden.input, format: format, options: options)
        let bytes = EmitPipeline.lineBytes(golden.input, format: format, options: options)
        #expect(bytes == Array(line.utf8), "\(format)")
        #expect(String(validating: bytes, as: UTF8.self) != nil, "\(format): not UTF-8")
      }
    }
  }
}
