import TimelineCore

/// Plain text, for scripts and anything else.
///
/// Contract: the entry's text on one line, sanitised (no control characters or newlines)
/// and truncated if asked; no markup and no escaping. Gurmukhi defaults to logical order.
/// State (stale, placeholder) is not visible here; use another format to style it.
/// `--family large`: the `LargeText` lines, each sanitised as the one line is, joined by
/// newlines (an empty line between parts); the last line has no newline.
public enum PlainEmitter {
  /// The text, without a newline.
  public static func render(_ state: RenderInput, options: RenderOptions) -> String {
    String(decoding: bytes(state, options: options), as: UTF8.self)
  }

  /// The text as UTF-8 bytes, which `render` is: the runs' bytes one after another.
  public static func bytes(_ state: RenderInput, options: RenderOptions) -> [UInt8] {
    var out: [UInt8] = []
    for run in PreparedText(state, options: options, format: .plain).runs { out += run.text }
    return out
  }

  /// The large family as UTF-8 bytes.
  public static func largeBytes(_ lines: [[TextRun]], options: RenderOptions) -> [UInt8] {
    var out: [UInt8] = []
    // Run by run: the policy acts on each character alone, so cleaning the runs one by one
    // gives the cleaned line without joining it into a String first.
    for index in lines.indices {
      if index > 0 { out.append(0x0A) }
      for run in lines[index] { out += CleanText.barLine(run.text) }
    }
    return out
  }
}
