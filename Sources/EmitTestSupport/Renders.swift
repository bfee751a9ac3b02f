import Emitters

// Each one-line emitter's output as a String, for the tests and the fuzzers that compare
// text: the product writes the bytes (`OutputFormat.bytes`) and never needs the String.

/// A one-line emitter, as the tests read it.
public protocol LineRendering {
  /// The line as UTF-8, without a newline (the emitter's own `bytes`).
  static func bytes(_ state: RenderInput, options: RenderOptions) -> [UInt8]
}

extension LineRendering {
  /// The line as a String, without a newline.
  public static func render(_ state: RenderInput, options: RenderOptions) -> String {
    String(decoding: bytes(state, options: options), as: UTF8.self)
  }
}

extension WaybarEmitter: LineRendering {}
extension PolybarEmitter: LineRendering {}
extension TmuxEmitter: LineRendering {}
extension PlainEmitter: LineRendering {}
extension I3blocksEmitter: LineRendering {}
extension XmobarEmitter: LineRendering {}
extension LemonbarEmitter: LineRendering {}
extension ConkyEmitter: LineRendering {}
