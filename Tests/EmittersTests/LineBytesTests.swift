import Testing
import TimelineCore

@testable import Emitters

/// The emitter writes `EmitPipeline.lineBytes`; the goldens test each emitter's `render`.
/// Both are the same bytes, valid UTF-8, for every golden case and format.
@Suite struct LineBytesTests {
  @Test(arguments: GoldenCase.all)
  func bytesAreTheLine(_ golden: GoldenCase) {
    for format in OutputFormat.allCases {
      for options in [golden.options, RenderOptions(maxWidth: 12, click: true, gurmukhiFont: 2)] {
        let line =
          switch format {
          case .waybar: WaybarEmitter.render(golden.input, options: options)
          case .polybar: PolybarEmitter.render(golden.input, options: options)
          case .tmux: TmuxEmitter.render(golden.input, options: options)
          case .i3bar: I3barEmitter.render(golden.input, options: options)
          case .plain: PlainEmitter.render(golden.input, options: options)
          }
        let bytes = EmitPipeline.lineBytes(golden.input, format: format, options: options)
        #expect(bytes == Array(line.utf8), "\(format)")
        #expect(String(validating: bytes, as: UTF8.self) != nil, "\(format): not UTF-8")
      }
    }
  }
}
