import TimelineCore

/// Plain text, for scripts and anything else: the entry's text sanitised and truncated, no
/// markup, no state; `--family large` joins the `LargeText` lines by newlines.
public enum PlainEmitter {
  /// The text as UTF-8 bytes, without a newline.
  public static func bytes(_ state: RenderInput, options: RenderOptions) -> [UInt8] {
    var out: [UInt8] = []
    for run in PreparedText(state, options: options, format: .plain).runs { out += run.text }
    return out
  }

  static func largeBytes(_ lines: [[TextRun]], options: RenderOptions) -> [UInt8] {
    var out: [UInt8] = []
    // Run by run: cleaning acts on each character alone, so no joined String is needed.
    for index in lines.indices {
      if index > 0 { out.append(0x0A) }
      for run in lines[index] { out += CleanText.barLine(run.text) }
    }
    return out
  }
}
