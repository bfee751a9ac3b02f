import TimelineCore

/// Plain text, for scripts, conky, i3blocks and anything else.
///
/// Contract: the entry's text on one line, sanitised (no control characters or newlines)
/// and truncated if asked; no markup and no escaping. Gurmukhi defaults to logical order.
/// State (stale, placeholder) is not visible here; use another format to style it.
public enum PlainEmitter {
  /// The text, without a newline.
  public static func render(_ state: RenderInput, options: RenderOptions) -> String {
    PreparedText(state, options: options, format: .plain).plain
  }

  /// The text as UTF-8 bytes, which `render` is.
  public static func bytes(_ state: RenderInput, options: RenderOptions) -> [UInt8] {
    Array(render(state, options: options).utf8)
  }
}
