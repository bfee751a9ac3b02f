import Emitters

// Each one-line emitter's output as a String, for the tests and the fuzzers that compare
// text: the product writes the bytes (`OutputFormat.bytes`) and never needs the String.

extension WaybarEmitter {
  /// The line as a String, without a newline.
  public static func render(_ state: RenderInput, options: RenderOptions) -> String {
    String(decoding: bytes(state, options: options), as: UTF8.self)
  }
}

extension PolybarEmitter {
  /// The line as a String, without a newline.
  public static func render(_ state: RenderInput, options: RenderOptions) -> String {
    String(decoding: bytes(state, options: options), as: UTF8.self)
  }
}

extension TmuxEmitter {
  /// The line as a String, without a newline.
  public static func render(_ state: RenderInput, options: RenderOptions) -> String {
    String(decoding: bytes(state, options: options), as: UTF8.self)
  }
}

extension PlainEmitter {
  /// The text as a String, without a newline.
  public static func render(_ state: RenderInput, options: RenderOptions) -> String {
    String(decoding: bytes(state, options: options), as: UTF8.self)
  }
}

extension I3blocksEmitter {
  /// The line as a String, without a newline.
  public static func render(_ state: RenderInput, options: RenderOptions) -> String {
    String(decoding: bytes(state, options: options), as: UTF8.self)
  }
}

extension XmobarEmitter {
  /// The line as a String, without a newline.
  public static func render(_ state: RenderInput, options: RenderOptions) -> String {
    String(decoding: bytes(state, options: options), as: UTF8.self)
  }
}

extension LemonbarEmitter {
  /// The line as a String, without a newline.
  public static func render(_ state: RenderInput, options: RenderOptions) -> String {
    String(decoding: bytes(state, options: options), as: UTF8.self)
  }
}

extension ConkyEmitter {
  /// The line as a String, without a newline.
  public static func render(_ state: RenderInput, options: RenderOptions) -> String {
    String(decoding: bytes(state, options: options), as: UTF8.self)
  }
}
