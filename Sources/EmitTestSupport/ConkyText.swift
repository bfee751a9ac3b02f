/// conky's reading of a line of `${execpi}` output, for the tests of what the emitter writes.
public enum ConkyText {
  /// Reads the line as conky does: `$$` is `$`, `\#` is `#`, a `${…}` must be one of the
  /// emitter's own objects; returns the text, or nil at any other object or a comment.
  public static func decode(_ line: String) -> String? {
    var out = ""
    var rest = Substring(line)
    while let first = rest.first {
      if rest.hasPrefix("$$") {
        out += "$"
        rest = rest.dropFirst(2)
      } else if rest.hasPrefix("\\#") {
        out += "#"
        rest = rest.dropFirst(2)
      } else if first == "$" {
        guard let match = rest.prefixMatch(of: /\$\{(color #[0-9a-f]{6}|color|font OpenGurbaniAkhar|font)\}/) else {
          return nil
        }
        rest = rest[match.range.upperBound...]
      } else if first == "#" {
        return nil
      } else {
        out.append(first)
        rest = rest.dropFirst()
      }
    }
    return out
  }
}
